/**
 * The harness of the GraphQL tests: the mock's express app (metadata-store API, admin) with the
 * GraphQL routes mounted in front of it, around a fresh in-memory store without the sample catalog,
 * and a client for POST /api/graphql.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { loadContract } from '../../spec/index.js';
import { createApp } from '../app.js';
import { authConfig, defaultTokens, type AuthMode } from '../auth.js';
import { mountGraphql } from '../graphql/index.js';
import { TaskRegistry } from '../operations/index.js';
import { DEFAULT_MAX_BODY, silentLogger } from '../options.js';
import { createSearchIndex } from '../search/index.js';
import { CatalogStore } from '../store/catalog-store.js';
import type { MockServer } from '../index.js';
import { call, type Reply } from './http-harness.js';

export { DATASET, OTHER_DATASET, USER, call, digest, ingest } from './http-harness.js';

export const ADMIN = 'admin-token';
export const READER = 'reader-token';

/** A MockServer, so the metadata-store helpers of http-harness work on it. */
export async function startGraphqlServer(options: { auth?: AuthMode } = {}): Promise<MockServer> {
  const contract = loadContract('svc');
  const discovery = createSearchIndex(contract);
  const store = new CatalogStore({ contract, derived: [discovery] });
  store.markStartupState();
  const tokens = defaultTokens(contract.names);
  const auth = authConfig(options.auth ?? 'standard', tokens, contract.names);
  const tasks = new TaskRegistry();
  const settings = {
    context: { contract, store, discovery, tasks },
    auth,
    maxBody: DEFAULT_MAX_BODY,
    logger: silentLogger,
  };
  const app = express();
  mountGraphql(app, settings);
  app.use(createApp(settings));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    tokens,
    auth,
    loaded: [],
    close: () =>
      new Promise<void>((resolve) => {
        tasks.close();
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

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
