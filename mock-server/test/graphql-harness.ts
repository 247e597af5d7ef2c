/**
 * The harness of the GraphQL tests: a mock server from http-harness (no sample catalog, so data is
 * exact) and a client for POST /api/graphql.
 */
import type { MockServer } from '../index.js';
import { call, type Reply } from './http-harness.js';

export { DATASET, OTHER_DATASET, USER, call, digest, ingest, startServer } from './http-harness.js';

/** The default tokens (auth.ts defaultTokens). */
export const ADMIN = 'admin-token';
export const READER = 'reader-token';

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  token?: string;
  headers?: Record<string, string>;
}

export function graphql(server: MockServer, request: GraphqlRequest): Promise<Reply> {
  const { query, variables, operationName, token, headers } = request;
  return call(server, 'POST', '/api/graphql', {
    body: { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
    ...(token ? { token } : {}),
    ...(headers ? { headers } : {}),
  });
}
