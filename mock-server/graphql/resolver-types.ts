/** The shapes of the resolver maps the schema is built from. */
import type { GraphQLFieldResolver } from 'graphql';
import type { GraphqlContext } from './context.js';

export type Resolver<Args> = GraphQLFieldResolver<unknown, GraphqlContext, Args>;
export type FieldResolvers = Record<string, Record<string, Resolver<never>>>;
