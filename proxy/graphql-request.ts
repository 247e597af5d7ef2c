/**
 * GraphQL requests checked against the SDL (document §4.1): POST only, a `query` string that
 * parses and validates. Responses pass through unvalidated; their shape is the conformance suite's job.
 */
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';

export const GRAPHQL_PATH = '/api/graphql';

export interface GraphqlProblem {
  where: string;
  message: string;
}

export function graphqlRequestChecker(sdl: string): (method: string, body: unknown) => GraphqlProblem[] {
  let schema: GraphQLSchema | undefined;
  return (method, body) => {
    if (method.toUpperCase() !== 'POST')
      return [{ where: 'method', message: `${method} is not supported on ${GRAPHQL_PATH}; only POST is` }];
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string') return [{ where: 'body.query', message: 'must be a string' }];
    let document;
    try {
      document = parse(query);
    } catch (error) {
      return [{ where: 'body.query', message: (error as Error).message }];
    }
    schema ??= buildSchema(sdl);
    return validate(schema, document).map((e) => ({ where: 'body.query', message: e.message }));
  };
}
