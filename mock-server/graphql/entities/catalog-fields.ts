/**
 * Catalog fields many entity types share, each read from its aspect as upstream's common mappers read it
 * (datahub-graphql-core/.../types/common/mappers/ and .../types/structuredproperty/, v1.3.0.1):
 * structured property values (StructuredPropertiesMapper), display properties (DisplayPropertiesMapper),
 * the platform instance (DataPlatformInstanceAspectMapper), the application (ApplicationAssociationMapper),
 * the v2 browse path (BrowsePathsV2Mapper), access roles (rolemetadata/mappers/AccessMapper), siblings
 * (SiblingsMapper), documentation (DocumentationMapper), the creation stamp of the key aspect
 * (EntityResponseUtils.extractAspectCreatedAuditStamp), an asset page's settings (AssetSettingsMapper) and the
 * schema of a dataset or a glossary term (the schemaMetadata aspect, latest or of a version: AspectResolver).
 */
import { tryParseUrn } from '../../../spec/index.js';
import { attributionRecord, resolvedAuditStampRecord } from '../aspect-records.js';
import { booleanOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import { browsePathV2Entries } from '../discovery/browse-paths-v2.js';
import { stateOf, type OutputRecord, type SharedFields } from '../records.js';
import { schemaMetadataRecord } from '../schema-metadata-record.js';
import type { EntityAspects, EntityView } from './entity-view.js';

/** A stored property value, the union `{string}` or `{double}`, as a PropertyValue record; null for another shape. */
export function propertyValueRecord(view: EntityView, value: unknown): OutputRecord | null {
  const union = objectOf(value);
  if (typeof union?.string === 'string') return view.shapes.record('StringValue', { stringValue: union.string });
  if (typeof union?.double === 'number') return view.shapes.record('NumberValue', { numberValue: union.double });
  return null;
}

/** The structured property values an entity carries; a string value that is a URN also gives its entity. */
export function structuredPropertiesRecord(
  view: EntityView,
  aspect: JsonObject | undefined,
  associatedUrn: string,
): OutputRecord | null {
  if (!aspect) return null;
  const properties = objectsOf(aspect.properties).flatMap((assignment) => {
    const propertyUrn = stringOr(assignment.propertyUrn);
    if (!propertyUrn) return [];
    const values = Array.isArray(assignment.values) ? assignment.values : [];
    return [
      view.shapes.record('StructuredPropertiesEntry', {
        structuredProperty: () => view.entity(propertyUrn),
        values: values.flatMap((value) => propertyValueRecord(view, value) ?? []),
        valueEntities: () =>
          values.flatMap((value) => {
            const text = objectOf(value)?.string;
            return typeof text === 'string' && tryParseUrn(text) ? (view.entity(text) ?? []) : [];
          }),
        associatedUrn,
        attribution: () => attributionRecord(view, assignment.attribution),
      }),
    ];
  });
  return view.shapes.record('StructuredProperties', { properties });
}

/** Colour and icon (aspect displayProperties). */
export function displayPropertiesRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const icon = objectOf(aspect.icon);
  const library = stringOr(icon?.iconLibrary);
  return view.shapes.record('DisplayProperties', {
    colorHex: stringOr(aspect.colorHex),
    icon: icon
      ? view.shapes.record('IconProperties', {
          // MATERIAL is the one library the schema's enum has.
          iconLibrary: library === 'MATERIAL' ? library : null,
          name: stringOr(icon.name),
          style: stringOr(icon.style),
        })
      : null,
  });
}

/** The creation of the entity's key aspect, as upstream reads `createdOn`; null when the key aspect is not stored. */
export function keyCreatedRecord(view: EntityView, stored: EntityAspects, keyAspect: string): OutputRecord | null {
  const key = stored.latest(keyAspect);
  return key ? resolvedAuditStampRecord(view, key.created) : null;
}

/** An asset page's settings (aspect assetSettings): the page templates of its summary tab; null without the aspect. */
export function assetSettingsRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const summary = objectOf(aspect.assetSummary);
  return view.shapes.record('AssetSettings', {
    assetSummary: summary
      ? view.shapes.record('AssetSummarySettings', {
          templates: Array.isArray(summary.templates)
            ? objectsOf(summary.templates).flatMap((entry) => {
                const template = stringOr(entry.template);
                return template
                  ? [view.shapes.record('AssetSummarySettingsTemplate', { template: () => view.entity(template) })]
                  : [];
              })
            : null,
        })
      : null,
  });
}

/** The entity's schemaMetadata aspect, the latest or the version asked for, as a SchemaMetadata record; null without it. */
export function schemaMetadataAt(
  view: EntityView,
  urn: string,
  stored: EntityAspects,
  version: number | null | undefined,
): OutputRecord | null {
  const schema = version ? view.store.getAspect(urn, 'schemaMetadata', version) : stored.latest('schemaMetadata');
  return schema ? schemaMetadataRecord(view, view.valueOf(schema), urn, schema.version) : null;
}

/** The platform instance an asset is on: the instance entity when the aspect names one, else null. */
function dataPlatformInstance(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  const instance = stringOr(aspect?.instance);
  return instance ? view.entity(instance) : null;
}

/** The first application of the applications aspect. */
function applicationAssociation(view: EntityView, urn: string, aspect: JsonObject | undefined): OutputRecord | null {
  const application = stringsOf(aspect?.applications)[0];
  return application
    ? view.shapes.record('ApplicationAssociation', { application: () => view.entity(application), associatedUrn: urn })
    : null;
}

/** The browse path V2: the stored aspect's entries, or the default upstream writes (../discovery/browse-paths-v2.ts). */
function browsePathV2(view: EntityView, urn: string): OutputRecord {
  const path = browsePathV2Entries(view, urn).map(({ id, urn: entity }) =>
    view.shapes.record('BrowsePathEntry', { name: id, entity: () => (entity ? view.entity(entity) : null) }),
  );
  return view.shapes.record('BrowsePathV2', { path });
}

function access(view: EntityView, urn: string, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const roles = objectsOf(aspect.roles).flatMap((association) => {
    const role = stringOr(association.urn);
    return role ? [view.shapes.record('RoleAssociation', { role: () => view.entity(role), associatedUrn: urn })] : [];
  });
  return view.shapes.record('Access', { roles });
}

function siblings(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  return view.shapes.record('SiblingProperties', {
    isPrimary: booleanOr(aspect.primary),
    siblings: () => stringsOf(aspect.siblings).map((sibling) => view.entity(sibling)),
  });
}

function documentation(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const documentations = objectsOf(aspect.documentations).map((entry) =>
    view.shapes.record('DocumentationAssociation', {
      documentation: stringOr(entry.documentation) ?? '',
      attribution: () => attributionRecord(view, entry.attribution),
    }),
  );
  return view.shapes.record('Documentation', { documentations });
}

/** What an entity record's shared field methods read: its view, URN and latest aspects. */
export interface EntityState {
  view: EntityView;
  urn: string;
  stored: EntityAspects;
}

/** The entity a shared field method is called on. */
export const entityOf = (record: OutputRecord): EntityState => stateOf<EntityState>(record);

/** The shared catalog fields, each a method over its aspect (page-fields.ts adds them to every entity page). */
export const CATALOG_METHODS = {
  structuredProperties(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return structuredPropertiesRecord(view, stored.aspect('structuredProperties'), urn);
  },
  displayProperties(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return displayPropertiesRecord(view, stored.aspect('displayProperties'));
  },
  dataPlatformInstance(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return dataPlatformInstance(view, stored.aspect('dataPlatformInstance'));
  },
  application(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return applicationAssociation(view, urn, stored.aspect('applications'));
  },
  browsePathV2(this: OutputRecord) {
    const { view, urn } = entityOf(this);
    return browsePathV2(view, urn);
  },
  access(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return access(view, urn, stored.aspect('access'));
  },
  siblings(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return siblings(view, stored.aspect('siblings'));
  },
  documentation(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return documentation(view, stored.aspect('documentation'));
  },
};

/** The shared catalog fields of an entity: the methods, and the state they read. */
export function catalogFields(view: EntityView, urn: string, stored: EntityAspects): SharedFields<EntityState> {
  return { methods: CATALOG_METHODS, state: { view, urn, stored } };
}
