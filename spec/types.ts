/**
 * The generated types of the contract in one entry (`catalog-contract/types`), for code that talks to a
 * deployment: the OpenAPI document's `paths`, `components` and `operations` (openapi-typescript), one
 * named type per aspect with `AspectValues` by aspect name, and the GraphQL schema's types (`GraphQL`)
 * and those of the documented GraphQL operations and of the screens' example operations (`GraphQLOperations`). Types only: nothing here runs.
 */
export type { paths, components, operations } from '../generated/api.js';
export type * from '../generated/aspects.js';
export type * as GraphQL from '../generated/graphql/resolvers.js';
export type * as GraphQLOperations from '../generated/graphql/operations.js';
