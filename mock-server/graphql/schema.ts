/**
 * The executable GraphQL schema: the contract's SDL, resolvers over the store, and
 * @graphql-tools/mock for the fields the SDL marks `Mocked:` (the only fields the store cannot
 * answer). Records from the store name every other field (see records.ts), so the mock never
 * invents them; each mocked field the query reaches reports its response path into the context.
 */
import { addMocksToSchema } from '@graphql-tools/mock';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { Contract } from '../../spec/index.js';
import type { MutationCreateTagArgs, MutationUpdateDatasetArgs, MutationUpdateDescriptionArgs, QueryDatasetArgs } from '../../generated/graphql/resolvers.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { GraphqlContext } from './context.js';
import { createTag } from './create-tag.js';
import { EntityView } from './entity-view.js';
import { RecordShapes } from './records.js';
import { targetUrn } from './target-urn.js';
import { updateDataset } from './update-dataset.js';
import { updateDescription } from './update-description.js';

/** A fixed instant for mocked Long values, so invented times look like times. */
const MOCKED_LONG = 1_700_000_000_000;
/** Mocked Int values are counts (queries, users), so never negative. */
const MOCKED_INT_BOUND = 1000;

type Resolver<Args> = GraphQLFieldResolver<unknown, GraphqlContext, Args>;
type FieldResolvers = Record<string, Record<string, Resolver<never>>>;

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
  const viewOf = (store: CatalogStore): EntityView => {
    let view = views.get(store);
    if (!view) views.set(store, (view = new EntityView(store, shapes, contract)));
    return view;
  };
  const dataset: Resolver<QueryDatasetArgs> = (_root, { urn }, ctx) => {
    targetUrn(ctx, urn, 'dataset');
    return viewOf(ctx.store).dataset(urn);
  };
  const resolvers: FieldResolvers = {
    ...mockedFieldRecorders(shapes),
    Query: { dataset },
    Mutation: {
      createTag: ((_root, args, ctx) => createTag(ctx, args)) satisfies Resolver<MutationCreateTagArgs>,
      updateDataset: ((_root, args, ctx) => updateDataset(ctx, viewOf(ctx.store), args)) satisfies Resolver<MutationUpdateDatasetArgs>,
      updateDescription: ((_root, args, ctx) => updateDescription(ctx, args)) satisfies Resolver<MutationUpdateDescriptionArgs>,
    },
  };
  const executable = makeExecutableSchema({ typeDefs: contract.graphqlSdl, resolvers });
  const schema = addMocksToSchema({ schema: executable, preserveResolvers: true, mocks: { Long: () => MOCKED_LONG, Int: () => Math.floor(Math.random() * MOCKED_INT_BOUND) } });
  return { schema, shapes };
}
