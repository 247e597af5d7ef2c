/**
 * The GraphQL handler of the store: `graphqlEndpoint(settings)` handles POST /api/graphql on node's
 * request and response (the request listener sends it that path before the metadata-store API, whose
 * direct address form would otherwise claim it), and `mountGraphiql` adds the offline explorer at
 * GET /api/graphiql to the express app; `loadTeamSchema` reads a team's SDL to serve in place of the
 * contract's.
 */
import type { Express } from 'express';
import { graphiqlPage } from './transport/graphiql.js';
import { GRAPHIQL_PATH } from '../addresses.js';

export { graphqlEndpoint, type GraphqlSettings } from './transport/endpoint.js';
export type { OperationLimits } from './transport/operation-limits.js';
export { GRAPHIQL_PATH, GRAPHQL_PATH, GRAPHQL_V2_PATH } from '../addresses.js';
export { loadTeamSchema, type TeamSchema } from './team-schema.js';

export function mountGraphiql(app: Express, urnPrefix: string): void {
  app.get(GRAPHIQL_PATH, graphiqlPage(urnPrefix));
}
