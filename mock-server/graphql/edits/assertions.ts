/**
 * deleteAssertion (upstream's DeleteAssertionResolver under resolvers/assertion/, datahub-graphql-core at
 * v1.3.0.1): the assertion is deleted with all its aspects and run events, so the asset's assertions no
 * longer list it; an assertion that does not exist answers true with nothing written, as upstream.
 */
import type { GraphqlContext } from '../context.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll } from './resources.js';

export function deleteAssertion(ctx: GraphqlContext, urn: string): boolean {
  const write = authorizeAll(ctx, [urn]);
  const { entity } = targetUrn(ctx, urn, 'assertion');
  if (!ctx.store.entityExists(urn)) return true;
  ctx.store.transaction(() => ctx.store.deleteAspect(entity.name, urn, entity.keyAspect, write));
  return true;
}
