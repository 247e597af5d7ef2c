/**
 * updateName (upstream's UpdateNameResolver): the target must exist; a glossary term or node gets the
 * name in its info aspect (which must exist), a group its display name, a dataset its editable name.
 * Other entity types are a BAD_REQUEST naming the type (upstream fails them as a server error).
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect } from './resources.js';

/** The aspect and the field holding the name, by entity type. */
const NAME_FIELDS: Readonly<Record<string, { aspect: string; field: string; infoRequired: boolean }>> = {
  glossaryTerm: { aspect: 'glossaryTermInfo', field: 'name', infoRequired: true },
  glossaryNode: { aspect: 'glossaryNodeInfo', field: 'name', infoRequired: true },
  corpGroup: { aspect: 'corpGroupInfo', field: 'displayName', infoRequired: true },
  dataset: { aspect: 'editableDatasetProperties', field: 'name', infoRequired: false },
};

export function updateName(ctx: GraphqlContext, input: { name: string; urn: string }): boolean {
  const write = authorizeAll(ctx, [input.urn]);
  const entity = entityNameOf(ctx, input.urn);
  const target = NAME_FIELDS[entity];
  if (!target) throw badRequestError(`Failed to update name. Unsupported resource type ${entity} of ${input.urn} provided.`);
  if (!ctx.store.entityExists(input.urn)) throw badRequestError(`Failed to update ${input.urn}. ${input.urn} does not exist.`);
  const stored = storedCopy(ctx, input.urn, target.aspect);
  if (target.infoRequired && Object.keys(stored).length === 0) throw badRequestError(`Failed to update ${input.urn}. It has no ${target.aspect} to rename.`);
  const value = target.infoRequired ? { ...stored, [target.field]: input.name } : { created: stamp(write), ...stored, [target.field]: input.name, lastModified: stamp(write) };
  ctx.store.transaction(() => writeAspect(ctx, input.urn, target.aspect, value, write));
  return true;
}
