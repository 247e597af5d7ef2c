/**
 * Custom ownership types, as upstream's ownership resolvers make them (datahub-graphql-core/.../resolvers/
 * ownership/ListOwnershipTypesResolver.java, CreateOwnershipTypeResolver.java, UpdateOwnershipTypeResolver.java,
 * DeleteOwnershipTypeResolver.java; metadata-service/services/.../OwnershipTypeService.java, v1.3.0.1):
 * - listOwnershipTypes: a search of the ownership types (soft-deleted ones never appear), anyone may list;
 * - create, update and delete need MANAGE_GLOBAL_OWNERSHIP_TYPES: create writes ownershipTypeInfo at
 *   `ownershipType:<random UUID>`, created and modified by the caller now; update changes the name or
 *   description given of a stored type (a missing one is a BAD_REQUEST); delete soft-deletes a system type
 *   (`__system__…`, status removed) and deletes any other.
 */
import type {
  MutationCreateOwnershipTypeArgs,
  MutationDeleteOwnershipTypeArgs,
  MutationUpdateOwnershipTypeArgs,
  QueryListOwnershipTypesArgs,
} from '../../../generated/graphql/resolvers.js';
import { urnLastPart } from '../../../spec/index.js';
import { authorizePlatform, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { searchPage } from './lists.js';
import { newUrn, removeEntity } from './stored-entities.js';

const ENTITY = 'ownershipType';
const ASPECT = 'ownershipTypeInfo';
const MANAGE = ['MANAGE_GLOBAL_OWNERSHIP_TYPES'];

export function listOwnershipTypes(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryListOwnershipTypesArgs,
): OutputRecord {
  const page = searchPage(ctx, ENTITY, input);
  return view.shapes.record('ListOwnershipTypesResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    ownershipTypes: page.urns.flatMap((urn) => view.entity(urn) ?? []),
  });
}

export function createOwnershipType(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationCreateOwnershipTypeArgs,
): OutputRecord | null {
  const write = authorizePlatform(ctx, MANAGE);
  const urn = newUrn(ctx, ENTITY);
  const stamp = { time: write.now, actor: write.actor };
  const info = { name: input.name, description: input.description, created: stamp, lastModified: stamp };
  ctx.store.upsertAspect(ENTITY, urn, ASPECT, info, { ...write, valueRoot: 'input' });
  return view.entity(urn);
}

export function updateOwnershipType(
  ctx: GraphqlContext,
  view: EntityView,
  { urn, input }: MutationUpdateOwnershipTypeArgs,
): OutputRecord | null {
  const write = authorizePlatform(ctx, MANAGE);
  targetUrn(ctx, urn, ENTITY);
  ctx.store.transaction(() => {
    const info = ctx.store.getAspect(urn, ASPECT, 0)?.value;
    if (!info) throw badRequestError(`urn: ownership type ${urn} does not exist`);
    const next: Record<string, unknown> = { ...info, lastModified: { time: write.now, actor: write.actor } };
    if (input.name != null) next.name = input.name;
    if (input.description != null) next.description = input.description;
    ctx.store.upsertAspect(ENTITY, urn, ASPECT, next, { ...write, valueRoot: 'input' });
  });
  return view.entity(urn);
}

export function deleteOwnershipType(ctx: GraphqlContext, { urn }: MutationDeleteOwnershipTypeArgs): boolean {
  const write = authorizePlatform(ctx, MANAGE);
  targetUrn(ctx, urn, ENTITY);
  if (urnLastPart(urn).startsWith('__system__'))
    ctx.store.upsertAspect(ENTITY, urn, 'status', { removed: true }, write);
  else removeEntity(ctx, ENTITY, urn, write);
  return true;
}
