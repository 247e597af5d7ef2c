/**
 * What every create shares, as upstream's create resolvers do it: the URN built from the key (the id
 * given, or a random UUID; the data product and application services also take a blank id as none),
 * an existing URN refused with the resolver's "already exists" message, and the siblings a name must
 * not repeat, found in the search index as upstream's DomainUtils.hasNameConflict and
 * CreateGlossaryTermResolver.validateGlossaryTermName find them (then compared on the stored name).
 */
import { randomUUID } from 'node:crypto';
import { makeUrn } from '../../../spec/index.js';
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { stringOr } from '../json-values.js';
import { targetUrn } from '../target-urn.js';

/** The URN of a new entity of `entity` type: `<prefix><entity>:<id>`, a random UUID without an id. */
export function newEntityUrn(
  ctx: GraphqlContext,
  entity: string,
  id: string | null | undefined,
  blankIsNone = false,
): string {
  const given = id == null || (blankIsNone && id.trim() === '') ? randomUUID() : id;
  const urn = makeUrn(ctx.contract.names.urnPrefix, entity, [given]);
  targetUrn(ctx, urn, entity);
  return urn;
}

/** The entity must not exist yet; upstream's message says which kind (`This Domain already exists!`). */
export function refuseExisting(ctx: GraphqlContext, urn: string, message: string): void {
  if (ctx.store.entityExists(urn)) throw badRequestError(message);
}

/** A URN given in an input field that must name an existing entity of one type: BAD_REQUEST with `message` otherwise. */
export function existingOfType(ctx: GraphqlContext, urn: string, entity: string, message: string): string {
  if (targetUrn(ctx, urn).entity.name !== entity || !ctx.store.entityExists(urn)) throw badRequestError(message);
  return urn;
}

/** Where the entities a name must not repeat sit: their type, the aspect holding their name, and a parent's index fields. */
export interface Siblings {
  entity: string;
  aspect: string;
  /** The index field naming the parent, and the one saying there is a parent; none when every entity of the type counts. */
  parent?: { field: string; hasField: string };
}

/**
 * Whether an entity of the siblings' type other than `self` has the name `name` in its aspect: among those under
 * `parent` (the top level, where the parent's `hasField` is false, without one) when the siblings have parents.
 */
export function siblingNamed(
  ctx: GraphqlContext,
  siblings: Siblings,
  parent: string | null,
  name: string,
  self?: string,
): boolean {
  const criterion =
    siblings.parent === undefined
      ? undefined
      : parent === null
        ? { field: siblings.parent.hasField, values: ['false'], condition: 'EQUAL' as const }
        : { field: siblings.parent.field, values: [parent], condition: 'EQUAL' as const };
  const request = {
    input: '*',
    entity: siblings.entity,
    start: 0,
    count: 0,
    ...(criterion ? { filter: { or: [{ and: [criterion] }] } } : {}),
  };
  const total = ctx.discovery.search(request).numEntities;
  if (total === 0) return false;
  return ctx.discovery
    .search({ ...request, count: total })
    .entities.some(
      (urn) => urn !== self && stringOr(ctx.store.getAspect(urn, siblings.aspect, 0)?.value.name) === name,
    );
}
