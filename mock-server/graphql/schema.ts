/**
 * The executable GraphQL schema: the contract's SDL and resolvers over the store and its search
 * index. Every field is read from the store: records name each field of their type (records.ts), and
 * nothing is invented.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, type GraphQLSchema } from 'graphql';
import type { Contract } from '../../spec/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { GraphqlContext } from './context.js';
import { createTag } from './create-tag.js';
import { discoveryResolvers } from './discovery/index.js';
import { me } from './me.js';
import { editResolvers } from './edits/index.js';
import { entityResolvers } from './entities/index.js';
import { EntityView } from './entities/entity-view.js';
import { RecordShapes } from './records.js';
import { createView, deleteView, updateView } from './saved-view-edits.js';
import { updateDataset } from './update-dataset.js';
import { updateDescription } from './update-description.js';
import { globalViewsSettings, updateCorpUserViewsSettings, updateGlobalViewsSettings } from './view-settings.js';
import type { FieldResolvers, Resolver } from './resolver-types.js';
import type {
  MutationCreateTagArgs,
  MutationCreateViewArgs,
  MutationDeleteViewArgs,
  MutationUpdateDatasetArgs,
  MutationUpdateCorpUserViewsSettingsArgs,
  MutationUpdateDescriptionArgs,
  MutationUpdateGlobalViewsSettingsArgs,
  MutationUpdateViewArgs,
} from '../../generated/graphql/resolvers.js';

export interface CatalogSchema {
  schema: GraphQLSchema;
  shapes: RecordShapes;
}

/** One schema serves every store of the server (each session has its own): the view is the request's store's. */
export function catalogSchema(contract: Contract): CatalogSchema {
  const shapes = new RecordShapes(buildSchema(contract.graphqlSdl));
  const views = new WeakMap<CatalogStore, EntityView>();
  const viewOf = (ctx: GraphqlContext): EntityView => {
    let view = views.get(ctx.store);
    if (!view) views.set(ctx.store, (view = new EntityView(ctx.store, shapes, contract, ctx.discovery, ctx.profile)));
    return view;
  };
  const roots: FieldResolvers = {
    Query: {
      ...entityResolvers(viewOf),
      ...discoveryResolvers(viewOf),
      globalViewsSettings: ((_root, _args, ctx) => globalViewsSettings(ctx, viewOf(ctx))) satisfies Resolver<Record<string, never>>,
      me: ((_root, _args, ctx) => me(ctx, viewOf(ctx))) satisfies Resolver<Record<string, never>>,
    },
    Mutation: {
      createTag: ((_root, args, ctx) => createTag(ctx, args)) satisfies Resolver<MutationCreateTagArgs>,
      updateDataset: ((_root, args, ctx) => updateDataset(ctx, viewOf(ctx), args)) satisfies Resolver<MutationUpdateDatasetArgs>,
      updateDescription: ((_root, args, ctx) => updateDescription(ctx, args)) satisfies Resolver<MutationUpdateDescriptionArgs>,
      createView: ((_root, args, ctx) => createView(ctx, viewOf(ctx), args)) satisfies Resolver<MutationCreateViewArgs>,
      updateView: ((_root, args, ctx) => updateView(ctx, viewOf(ctx), args)) satisfies Resolver<MutationUpdateViewArgs>,
      deleteView: ((_root, args, ctx) => deleteView(ctx, args)) satisfies Resolver<MutationDeleteViewArgs>,
      updateGlobalViewsSettings: ((_root, args, ctx) => updateGlobalViewsSettings(ctx, args)) satisfies Resolver<MutationUpdateGlobalViewsSettingsArgs>,
      updateCorpUserViewsSettings: ((_root, args, ctx) => updateCorpUserViewsSettings(ctx, args)) satisfies Resolver<MutationUpdateCorpUserViewsSettingsArgs>,
      ...editResolvers(),
    },
  };
  const schema = makeExecutableSchema({ typeDefs: contract.graphqlSdl, resolvers: roots });
  return { schema, shapes };
}
