/**
 * The timeline's type family (upstream's resolvers/timeline/): an entity's change transactions, a
 * dataset's schema blame and its list of schema versions, computed from the stored aspect versions.
 */
import type {
  QueryGetSchemaBlameArgs,
  QueryGetSchemaVersionListArgs,
  QueryGetTimelineArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { getTimeline } from './get-timeline.js';
import { getSchemaBlame, getSchemaVersionList } from './schema-history.js';

export const timelineFamily: ResolverFamily = (viewOf) => ({
  Query: {
    getTimeline: ((_root, args, ctx) => getTimeline(ctx, viewOf(ctx), args)) satisfies Resolver<QueryGetTimelineArgs>,
    getSchemaBlame: ((_root, args, ctx) =>
      getSchemaBlame(ctx, viewOf(ctx), args)) satisfies Resolver<QueryGetSchemaBlameArgs>,
    getSchemaVersionList: ((_root, args, ctx) =>
      getSchemaVersionList(ctx, viewOf(ctx), args)) satisfies Resolver<QueryGetSchemaVersionListArgs>,
  },
});
