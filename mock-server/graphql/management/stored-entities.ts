/**
 * The management entities in the store: the few a deployment lists whole from its primary store (policies,
 * roles, tokens, secrets: their aspects carry no search annotations here), new URNs, and removal of an
 * entity with all its aspects (upstream's deleteEntity).
 */
import { randomUUID } from 'node:crypto';
import { makeUrn } from '../../../spec/index.js';
import type { StoredAspect, WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import { targetUrn } from '../target-urn.js';

/** The latest `aspect` of every `entity` stored, by URN. */
export const storedOf = (ctx: GraphqlContext, entity: string, aspect: string): StoredAspect[] =>
  ctx.store.latestOfAspect(entity, aspect);

/** A URN of the entity type with the given id, or a random UUID as upstream's create resolvers make. */
export const newUrn = (ctx: GraphqlContext, entity: string, id?: string | null): string =>
  makeUrn(ctx.contract.names.urnPrefix, entity, [id || randomUUID()]);

/** Deletes the entity and every aspect of it (its key aspect); true whether or not anything was stored. */
export function removeEntity(ctx: GraphqlContext, entity: string, urn: string, write: WriteContext): void {
  targetUrn(ctx, urn, entity);
  const key = ctx.contract.entity(entity)?.keyAspect;
  if (key && ctx.store.entityExists(urn)) ctx.store.deleteAspect(entity, urn, key, write);
}
