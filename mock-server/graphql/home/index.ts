/**
 * The home page's type family (upstream's resolvers/settings/homePage/, resolvers/recommendation/ and
 * resolvers/post/): the organisation's default page template, the recommendation modules, and announcements.
 */
import type {
  MutationCreatePostArgs,
  MutationDeletePostArgs,
  MutationUpdatePostArgs,
  QueryListPostsArgs,
  QueryListRecommendationsArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { globalHomePageSettings } from './home-page-settings.js';
import { createPost, deletePost, listPosts, updatePost } from './posts.js';
import { listRecommendations } from './recommendations.js';

export const homeFamily: ResolverFamily = (viewOf) => ({
  Query: {
    globalHomePageSettings: ((_root, _args, ctx) => globalHomePageSettings(ctx, viewOf(ctx))) satisfies Resolver<
      Record<string, never>
    >,
    listRecommendations: ((_root, args, ctx) =>
      listRecommendations(ctx, viewOf(ctx), args)) satisfies Resolver<QueryListRecommendationsArgs>,
    listPosts: ((_root, args, ctx) => listPosts(viewOf(ctx), args)) satisfies Resolver<QueryListPostsArgs>,
  },
  Mutation: {
    createPost: ((_root, args, ctx) => createPost(ctx, args)) satisfies Resolver<MutationCreatePostArgs>,
    updatePost: ((_root, args, ctx) => updatePost(ctx, args)) satisfies Resolver<MutationUpdatePostArgs>,
    deletePost: ((_root, args, ctx) => deletePost(ctx, args)) satisfies Resolver<MutationDeletePostArgs>,
  },
});
