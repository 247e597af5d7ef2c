/**
 * The shapes of the resolver maps the schema is built from: one `ResolverFamily` per upstream type
 * family (a folder's `index.ts`: its Query and Mutation fields and any type's fields), which
 * `schema.ts` assembles from one list.
 */
import type { GraphQLFieldResolver } from 'graphql';
import type { GraphqlContext } from './context.js';
import type { EntityView } from './entities/entity-view.js';

export type Resolver<Args> = GraphQLFieldResolver<unknown, GraphqlContext, Args>;
export type FieldResolvers = Record<string, Record<string, Resolver<never>>>;

/** The view of the request's store (each session has its own store, so its own view). */
export type ViewOf = (ctx: GraphqlContext) => EntityView;

/** One type family's resolvers, by type name (`Query`, `Mutation`, or an output type), given the view of the request's store. */
export type ResolverFamily = (viewOf: ViewOf) => FieldResolvers;
