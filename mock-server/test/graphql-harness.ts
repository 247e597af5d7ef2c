/**
 * The harness of the GraphQL tests: a mock server from http-harness (no sample catalog, so data is
 * exact) and a client for POST /api/graphql.
 */
import { expect } from 'vitest';
import type { MockServer } from '../index.js';
import { call, DATASET, ingest, type Reply } from './http-harness.js';

export { DATASET, OTHER_DATASET, USER, call, digest, ingest, startServer } from './http-harness.js';

/** The default tokens (auth/bearer-auth.ts defaultTokens). */
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

/** The JSON of a GraphQL answer, loosely typed for reading in tests. */
export interface GraphqlJson {
  data: Record<string, any>;
  errors?: { message: string; extensions: { code: number } }[];
}

/**
 * A client of the server `server()` returns (started in a beforeAll), sending as ADMIN unless given a
 * token (`undefined`: none): `gql` answers the JSON of a 200, `ok` the data of an answer without errors.
 */
export function graphqlClient(server: () => MockServer) {
  const gql = async (query: string, variables: Record<string, unknown> = {}, token: string | undefined = ADMIN) => {
    const reply = await graphql(server(), { query, variables, ...(token ? { token } : {}) });
    expect(reply.status).toBe(200);
    return reply.json as GraphqlJson;
  };
  const ok = async (query: string, variables: Record<string, unknown> = {}, token: string | undefined = ADMIN) => {
    const json = await gql(query, variables, token);
    expect(json.errors).toBeUndefined();
    return json.data;
  };
  return { gql, ok };
}

/**
 * Stores the schemaMetadata of DATASET: one int column `id`, with `description` as its ingested
 * description when given (the editable one is what mutations write).
 */
export async function ingestOrdersSchema(server: MockServer, description?: string): Promise<void> {
  await ingest(server, DATASET, 'schemaMetadata', {
    schemaName: 'orders',
    platform: 'urn:svc:dataPlatform:hive',
    version: 0,
    hash: '',
    platformSchema: { 'com.svc.schema.OtherSchema': { rawSchema: '' } },
    fields: [
      {
        fieldPath: 'id',
        ...(description ? { description } : {}),
        nativeDataType: 'int',
        type: { type: { 'com.svc.schema.NumberType': {} } },
      },
    ],
  });
}
