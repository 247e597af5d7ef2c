/**
 * Announcements (upstream's resolvers/post/ and PostService at v1.3.0.1), post entities whose postInfo holds
 * their kind, content, times and target:
 * - `listPosts`: a search of the posts (query and `orFilters` on postInfo's indexed fields: type, created,
 *   lastModified, target, title, description, urn), newest change first; `resourceUrn` keeps the posts about it;
 * - `createPost`: a new post URN, both times now, the caller in its audit stamp, the target the resource (or
 *   the schema field of `subResource` on it);
 * - `updatePost`: the kind and content replaced, lastModified now; a post that does not exist is a NOT_FOUND;
 * - `deletePost`: the post removed; a post that does not exist is a NOT_FOUND.
 * Creating and updating need the right to create or manage announcements, deleting the right to manage them
 * (an admin; a reader gets UNAUTHORIZED, as upstream).
 */
import { randomUUID } from 'node:crypto';
import { makeUrn, tryParseUrn } from '../../../spec/index.js';
import type {
  MutationCreatePostArgs,
  MutationDeletePostArgs,
  MutationUpdatePostArgs,
  QueryListPostsArgs,
  UpdatePostContentInput,
} from '../../../generated/graphql/resolvers.js';
import type { WriteContext } from '../../store/types.js';
import { authorizePlatform, type GraphqlContext } from '../context.js';
import { searchFilter, withCriterion } from '../discovery/facet-filters.js';
import { nonNegative } from '../discovery/search-results.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError, CatalogGraphqlError } from '../errors.js';
import type { OutputRecord } from '../records.js';

const ENTITY = 'post';
const ASPECT = 'postInfo';
const DEFAULT_COUNT = 20;

export function listPosts(view: EntityView, { input }: QueryListPostsArgs): OutputRecord {
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  let filter = searchFilter(input, 'input');
  if (input.resourceUrn != null) {
    if (!tryParseUrn(input.resourceUrn))
      throw badRequestError(`input.resourceUrn: '${input.resourceUrn}' is not a URN`);
    filter = withCriterion(filter, { field: 'target', value: input.resourceUrn, condition: 'EQUAL' });
  }
  const result = view.discovery.search({
    input: input.query?.trim() ? input.query : '*',
    entity: ENTITY,
    start,
    count,
    ...(filter ? { filter } : {}),
    sort: view.discovery.sortCriteria([ENTITY], [{ field: 'lastModified', order: 'DESCENDING', at: 'sort' }]),
  });
  return view.shapes.record('ListPostsResult', {
    start: result.from,
    count: result.pageSize,
    total: result.numEntities,
    posts: result.entities.flatMap((urn) => view.entity(urn) ?? []),
  });
}

/** The write context of a change of posts, when the caller holds one of the privileges; UNAUTHORIZED otherwise. */
function postWrite(ctx: GraphqlContext, privileges: readonly string[]): WriteContext {
  return authorizePlatform(ctx, privileges);
}

const CREATE_OR_MANAGE = ['CREATE_GLOBAL_ANNOUNCEMENTS', 'MANAGE_GLOBAL_ANNOUNCEMENTS'];

/** postInfo.content from the input (upstream's PostService.mapPostContent). */
function contentOf(input: UpdatePostContentInput): Record<string, unknown> {
  return {
    type: input.contentType,
    title: input.title,
    ...(input.description != null ? { description: input.description } : {}),
    ...(input.link != null ? { link: input.link } : {}),
    ...(input.media ? { media: { type: input.media.type, location: input.media.location } } : {}),
  };
}

/** The URN a post is about: the resource, or the schema field `subResource` of it. */
function targetOf(ctx: GraphqlContext, input: MutationCreatePostArgs['input']): string | undefined {
  const resource = input.resourceUrn ?? undefined;
  if (resource === undefined) {
    if (input.subResource != null) throw badRequestError('input.subResource: needs input.resourceUrn');
    return undefined;
  }
  if (!tryParseUrn(resource)) throw badRequestError(`input.resourceUrn: '${resource}' is not a URN`);
  if (input.subResource == null) return resource;
  return makeUrn(ctx.contract.names.urnPrefix, 'schemaField', [resource, input.subResource]);
}

export function createPost(ctx: GraphqlContext, { input }: MutationCreatePostArgs): boolean {
  const urn = makeUrn(ctx.contract.names.urnPrefix, ENTITY, [randomUUID()]);
  const write = postWrite(ctx, CREATE_OR_MANAGE);
  const target = targetOf(ctx, input);
  const info = {
    type: input.postType,
    content: contentOf(input.content),
    created: write.now,
    lastModified: write.now,
    auditStamp: { time: write.now, actor: write.actor },
    ...(target !== undefined ? { target } : {}),
  };
  ctx.store.upsertAspect(ENTITY, urn, ASPECT, info, { ...write, valueRoot: 'input' });
  return true;
}

/** The stored postInfo of a post, or a NOT_FOUND naming it. */
function storedPost(ctx: GraphqlContext, urn: string): Record<string, unknown> {
  if (tryParseUrn(urn)?.entityType !== ENTITY) throw badRequestError(`urn: '${urn}' is not a post URN`);
  const info = ctx.store.getAspect(urn, ASPECT, 0)?.value;
  if (!info) throw new CatalogGraphqlError('NOT_FOUND', `Post ${urn} does not exist`);
  return info;
}

export function updatePost(ctx: GraphqlContext, { input }: MutationUpdatePostArgs): boolean {
  const write = postWrite(ctx, CREATE_OR_MANAGE);
  return ctx.store.transaction(() => {
    const info = storedPost(ctx, input.urn);
    const next = { ...info, type: input.postType, content: contentOf(input.content), lastModified: write.now };
    ctx.store.upsertAspect(ENTITY, input.urn, ASPECT, next, { ...write, valueRoot: 'input' });
    return true;
  });
}

export function deletePost(ctx: GraphqlContext, { urn }: MutationDeletePostArgs): boolean {
  const write = postWrite(ctx, ['MANAGE_GLOBAL_ANNOUNCEMENTS']);
  return ctx.store.transaction(() => {
    storedPost(ctx, urn);
    ctx.store.deleteAspect(ENTITY, urn, ctx.contract.entity(ENTITY)?.keyAspect ?? 'postKey', write);
    return true;
  });
}
