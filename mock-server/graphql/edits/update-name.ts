/**
 * updateName, as upstream's UpdateNameResolver (datahub-graphql-core/src/main/java/com/linkedin/datahub/
 * graphql/resolvers/mutate/UpdateNameResolver.java, the version with seven entity types; the older
 * commit 0e0946a9f24baa63271b20d2ee4bede4945f69fe had only glossary terms and nodes). Upstream's order:
 * the target must exist, then its type must be one of the seven, then the caller must be allowed.
 * Each type but the dataset renames its stored info aspect, which must exist; a dataset gets a new
 * editableDatasetProperties holding only the name and lastModified (upstream builds it afresh, so an
 * editable description written before is dropped). A business attribute's fieldPath follows its name.
 * Upstream fails an unsupported type and a missing info aspect as server errors; here they are
 * BAD_REQUEST with upstream's wording. Not modelled: upstream's per-type privileges (manage glossaries,
 * domains, users and groups, data products, business attributes; edit properties for a dataset), for
 * which the token's write permission stands, and the CONFLICT upstream raises when a domain or business
 * attribute would take a name a sibling already has.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect } from './resources.js';

/** The info aspect and the fields holding the name, with upstream's words for a missing aspect. */
const NAMED_INFO: Readonly<Record<string, { aspect: string; fields: readonly string[]; missing: string }>> = {
  glossaryTerm: { aspect: 'glossaryTermInfo', fields: ['name'], missing: 'Glossary Term does not exist' },
  glossaryNode: { aspect: 'glossaryNodeInfo', fields: ['name'], missing: 'Glossary Node does not exist' },
  domain: { aspect: 'domainProperties', fields: ['name'], missing: 'Domain does not exist' },
  corpGroup: { aspect: 'corpGroupInfo', fields: ['displayName'], missing: 'Group does not exist' },
  dataProduct: { aspect: 'dataProductProperties', fields: ['name'], missing: 'Data Product does not exist' },
  businessAttribute: {
    aspect: 'businessAttributeInfo',
    fields: ['fieldPath', 'name'],
    missing: 'Business Attribute does not exist',
  },
};

export function updateName(ctx: GraphqlContext, input: { name: string; urn: string }): boolean {
  const entity = entityNameOf(ctx, input.urn);
  if (!ctx.store.entityExists(input.urn))
    throw badRequestError(`Failed to update ${input.urn}. ${input.urn} does not exist.`);
  const info = NAMED_INFO[entity];
  if (!info && entity !== 'dataset')
    throw badRequestError(`Failed to update name. Unsupported resource type ${input.urn} provided.`);
  const write = authorizeAll(ctx, [input.urn]);
  if (!info) {
    const value = { name: input.name, lastModified: stamp(write) };
    ctx.store.transaction(() => writeAspect(ctx, input.urn, 'editableDatasetProperties', value, write));
    return true;
  }
  const stored = storedCopy(ctx, input.urn, info.aspect);
  if (Object.keys(stored).length === 0) throw badRequestError(`Failed to update ${input.urn}. ${info.missing}.`);
  for (const field of info.fields) stored[field] = input.name;
  ctx.store.transaction(() => writeAspect(ctx, input.urn, info.aspect, stored, write));
  return true;
}
