/**
 * The executable GraphQL schema: the contract's SDL, resolvers over the store and its search index,
 * and @graphql-tools/mock for the fields the SDL marks `Mocked:` (the only fields the store cannot
 * answer). Records from the store name every other field (see records.ts), so the mock never
 * invents them; each mocked field the query reaches reports its response path into the context.
 */
import { addMocksToSchema, createMockStore } from '@graphql-tools/mock';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, type GraphQLSchema } from 'graphql';
import type { Contract } from '../../spec/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { GraphqlContext } from './context.js';
import { createTag } from './create-tag.js';
import { discoveryResolvers } from './discovery/index.js';
import { editResolvers } from './edits/index.js';
import { entityResolvers } from './entities/index.js';
import { EntityView } from './entities/entity-view.js';
import { RecordShapes } from './records.js';
import { addRootResolvers } from './root-fields.js';
import { updateDataset } from './update-dataset.js';
import { updateDescription } from './update-description.js';
import type { FieldResolvers, Resolver } from './resolver-types.js';
import type { MutationCreateTagArgs, MutationUpdateDatasetArgs, MutationUpdateDescriptionArgs } from '../../generated/graphql/resolvers.js';

/** A fixed instant for mocked Long values, so invented times look like times. */
const MOCKED_LONG = 1_700_000_000_000;
/** Mocked Int values are counts (queries, users), so never negative. */
const MOCKED_INT_BOUND = 1000;

/** Resolvers of the mocked fields: they record the field's path and resolve to undefined, which the mock fills. */
function mockedFieldRecorders(shapes: RecordShapes): FieldResolvers {
  const resolvers: FieldResolvers = {};
  for (const qualified of shapes.mocked) {
    const [typeName = '', fieldName = ''] = qualified.split('.');
    const recorder: Resolver<unknown> = (_source, _args, ctx, info) => {
      const path: (string | number)[] = [];
      for (let step: typeof info.path | undefined = info.path; step; step = step.prev) path.unshift(step.key);
      const text = path.join('.');
      if (!ctx.mockedFields.includes(text)) ctx.mockedFields.push(text);
      return undefined;
    };
    resolvers[typeName] = { ...resolvers[typeName], [fieldName]: recorder };
  }
  return resolvers;
}

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
    Query: { ...entityResolvers(viewOf), ...discoveryResolvers(viewOf) },
    Mutation: {
      createTag: ((_root, args, ctx) => createTag(ctx, args)) satisfies Resolver<MutationCreateTagArgs>,
      updateDataset: ((_root, args, ctx) => updateDataset(ctx, viewOf(ctx), args)) satisfies Resolver<MutationUpdateDatasetArgs>,
      updateDescription: ((_root, args, ctx) => updateDescription(ctx, args)) satisfies Resolver<MutationUpdateDescriptionArgs>,
      ...editResolvers(),
    },
  };
  const executable = makeExecutableSchema({ typeDefs: contract.graphqlSdl, resolvers: mockedFieldRecorders(shapes) });
  const store = createMockStore({ schema: executable, mocks: { Long: () => MOCKED_LONG, Int: () => Math.floor(Math.random() * MOCKED_INT_BOUND) } });
  const schema = addMocksToSchema({ schema: executable, store, preserveResolvers: true });
  addRootResolvers(schema, store, roots);
  return { schema, shapes };
}
