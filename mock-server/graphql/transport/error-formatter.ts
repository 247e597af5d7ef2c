/**
 * The formatter of every error in a GraphQL response (graphql-facts §2): per error `extensions {code,
 * type}` with upstream's codes (`../errors.ts`). A failure the mock did not foresee is reported as
 * upstream reports it, "An unknown error occurred.", and logged; bad input from the store (a 4xx
 * RestliError) stays a BAD_REQUEST with its message, because the mock never responds to bad input with a
 * server error.
 */
import { GraphQLError } from 'graphql';
import { UrnSyntaxError } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import type { MockLogger } from '../../options.js';
import { CatalogGraphqlError, GRAPHQL_ERROR_CODES, UNKNOWN_ERROR_MESSAGE, type GraphqlErrorType } from '../errors.js';

function classify(error: Error): { type: GraphqlErrorType; message: string } | undefined {
  if (error instanceof CatalogGraphqlError) return { type: error.type, message: error.message };
  if (error instanceof UrnSyntaxError) return { type: 'BAD_REQUEST', message: error.message };
  if (error instanceof RestliError && error.status < 500) {
    return {
      type: error.status === 404 ? 'NOT_FOUND' : error.status === 403 ? 'UNAUTHORIZED' : 'BAD_REQUEST',
      message: error.message,
    };
  }
  return undefined;
}

/** An unforeseen error in one log line: its message and the frame that threw it. */
function oneLine(error: Error): string {
  const frame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  return frame ? `${error.name}: ${error.message} (${frame.trim()})` : `${error.name}: ${error.message}`;
}

/**
 * The formatter of every error in a response. Errors of the query language itself (syntax,
 * validation, variable coercion) keep graphql-js's form. An unforeseen one is logged in one line.
 */
export function errorFormatter(logger: MockLogger): (error: Readonly<GraphQLError | Error>) => GraphQLError | Error {
  return (error) => {
    // Duck-typed: the executor and this module may load different copies of graphql (CommonJS and ESM).
    const original = (error as Partial<GraphQLError>).originalError;
    // A variable's value that its type refuses wraps the scalar's own GraphQLError: bad input, in graphql-js's form.
    if (!original || original.name === 'GraphQLError') return error as GraphQLError | Error;
    const known = classify(original);
    const graphqlError = error as GraphQLError;
    if (!known) logger(`GraphQL ${graphqlError.path?.join('.') ?? ''} failed: ${oneLine(original)}`, 'error');
    const { type, message } = known ?? { type: 'SERVER_ERROR' as const, message: UNKNOWN_ERROR_MESSAGE };
    // Same nodes and path, so the error keeps its locations and path; only message and extensions change.
    return new GraphQLError(message, {
      nodes: graphqlError.nodes,
      source: graphqlError.source,
      positions: graphqlError.positions,
      path: graphqlError.path,
      extensions: { code: GRAPHQL_ERROR_CODES[type], type },
    });
  };
}
