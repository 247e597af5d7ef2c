/**
 * The saved views' type family (upstream's resolvers/view/ and resolvers/settings/view/): creating,
 * updating and deleting a view (saved-view-edits.ts) and the default views (view-settings.ts). The
 * lists of views are discovery reads (`../discovery/saved-view-lists.ts`).
 */
import type {
  MutationCreateViewArgs,
  MutationDeleteViewArgs,
  MutationUpdateCorpUserViewsSettingsArgs,
  MutationUpdateGlobalViewsSettingsArgs,
  MutationUpdateViewArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { createView, deleteView, updateView } from './saved-view-edits.js';
import { globalViewsSettings, updateCorpUserViewsSettings, updateGlobalViewsSettings } from './view-settings.js';

export const viewFamily: ResolverFamily = (viewOf) => ({
  Query: {
    globalViewsSettings: ((_root, _args, ctx) => globalViewsSettings(ctx, viewOf(ctx))) satisfies Resolver<
      Record<string, never>
    >,
  },
  Mutation: {
    createView: ((_root, args, ctx) => createView(ctx, viewOf(ctx), args)) satisfies Resolver<MutationCreateViewArgs>,
    updateView: ((_root, args, ctx) => updateView(ctx, viewOf(ctx), args)) satisfies Resolver<MutationUpdateViewArgs>,
    deleteView: ((_root, args, ctx) => deleteView(ctx, args)) satisfies Resolver<MutationDeleteViewArgs>,
    updateGlobalViewsSettings: ((_root, args, ctx) =>
      updateGlobalViewsSettings(ctx, args)) satisfies Resolver<MutationUpdateGlobalViewsSettingsArgs>,
    updateCorpUserViewsSettings: ((_root, args, ctx) =>
      updateCorpUserViewsSettings(ctx, args)) satisfies Resolver<MutationUpdateCorpUserViewsSettingsArgs>,
  },
});
