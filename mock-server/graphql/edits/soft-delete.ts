/**
 * batchUpdateSoftDeleted (upstream's BatchUpdateSoftDeletedResolver over DeleteUtils.updateStatusForResources,
 * datahub-graphql-core .../resolvers/mutate/ at v1.3.0.1): every entity's status aspect gets `removed`, so a
 * soft-deleted entity leaves search and browse (and comes back when restored). Every URN is checked first;
 * all are written or none.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { authorizeAll, entityNameOf, storedCopy, writeAspect } from './resources.js';

export function batchUpdateSoftDeleted(ctx: GraphqlContext, input: { urns: readonly string[]; deleted: boolean }) {
  const write = authorizeAll(ctx, input.urns);
  for (const urn of input.urns) {
    entityNameOf(ctx, urn);
    if (!ctx.store.entityExists(urn))
      throw badRequestError(`Failed to soft delete entity with urn ${urn}. Entity does not exist.`);
  }
  ctx.store.transaction(() => {
    for (const urn of input.urns)
      writeAspect(ctx, urn, 'status', { ...storedCopy(ctx, urn, 'status'), removed: input.deleted }, write);
  });
  return true;
}
