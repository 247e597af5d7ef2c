/**
 * The description targets of updateDescription that upstream supports beyond the document's (dataset
 * schema fields and containers), accepted in the upstream profile only (upstream-differences:
 * update-description-entity-types). Read in upstream's
 * datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/mutate/UpdateDescriptionResolver.java
 * (commit 89279af4e9785714c10a0aef941eaa66c3427cee: the entity types and their existence check) and
 * DescriptionUtils.java (commit 87caa73602b428e0e87cf537bb67ae9e4594ade9: the aspect and field each
 * writes, the ones that need the aspect to be there already and their messages); at v1.3.0.1 also data
 * products, business attributes and applications (DescriptionUtils.updateDataProductDescription and its
 * twins: each starts from an empty aspect when there is none).
 */
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';

interface DescribedAspect {
  aspect: string;
  /** Glossary entities call their description `definition`. */
  field: 'description' | 'definition';
  /**
   * Upstream's IllegalArgumentException when the aspect is absent (its model needs a name the
   * description cannot supply); without one upstream starts from an empty aspect.
   */
  missing?: string;
}

const editable = (aspect: string): DescribedAspect => ({ aspect, field: 'description' });

const DESCRIBED_ASPECTS: Readonly<Record<string, DescribedAspect>> = {
  domain: { aspect: 'domainProperties', field: 'description', missing: 'Properties for this Domain do not yet exist!' },
  tag: { aspect: 'tagProperties', field: 'description', missing: 'Properties for this Tag do not yet exist!' },
  glossaryTerm: {
    aspect: 'glossaryTermInfo',
    field: 'definition',
    missing: 'Properties for this Glossary Term do not yet exist!',
  },
  glossaryNode: { aspect: 'glossaryNodeInfo', field: 'definition', missing: 'Glossary Node does not exist' },
  corpGroup: editable('corpGroupEditableInfo'),
  // Upstream reads this one without a default and fails with a NullPointerException (a 500) when it is
  // absent; the mock names the missing aspect instead.
  notebook: {
    aspect: 'editableNotebookProperties',
    field: 'description',
    missing: 'Properties for this Notebook do not yet exist (editableNotebookProperties)',
  },
  mlModel: editable('editableMlModelProperties'),
  mlModelGroup: editable('editableMlModelGroupProperties'),
  mlFeatureTable: editable('editableMlFeatureTableProperties'),
  mlFeature: editable('editableMlFeatureProperties'),
  mlPrimaryKey: editable('editableMlPrimaryKeyProperties'),
  dataProduct: editable('dataProductProperties'),
  businessAttribute: editable('businessAttributeInfo'),
  application: editable('applicationProperties'),
};

export function hasUpstreamDescription(entityName: string): boolean {
  return entityName in DESCRIBED_ASPECTS;
}

/** Writes the description into an existing entity's own aspect, keeping the aspect's other fields. */
export function updateUpstreamDescription(
  ctx: GraphqlContext,
  entityName: string,
  urn: string,
  description: string,
  write: WriteContext,
): void {
  const target = DESCRIBED_ASPECTS[entityName];
  if (!target) throw new Error(`no described aspect for ${entityName}`);
  const stored = ctx.store.getAspect(urn, target.aspect, 0)?.value;
  if (!stored && target.missing) throw badRequestError(target.missing);
  ctx.store.upsertAspect(entityName, urn, target.aspect, { ...stored, [target.field]: description }, write);
}
