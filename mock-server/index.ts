/**
 * The library entry: `createMockServer(options)` starts the stateful mock (store, search index,
 * start-up data, HTTP server) and resolves once it listens.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadContract } from '../spec/index.js';
import { createRequestListener } from './app.js';
import { authConfig, defaultTokens, type AuthConfig, type TokenGrant } from './auth.js';
import { TaskRegistry } from './operations/index.js';
import { DEFAULT_INDEX_LAG_MS } from './profile.js';
import { DEFAULT_HOST, DEFAULT_MAX_BODY, DEFAULT_PORT, consoleLogger, type MockServerOptions } from './options.js';
import { sampleCatalog } from './sample/index.js';
import { createSearchIndex } from './search/index.js';
import { readSeedFile } from './seed/index.js';
import { loadProposals, type LoadReport } from './startup-data.js';
import { CatalogStore } from './store/catalog-store.js';

export type { MockServerOptions, MockLogger } from './options.js';
export { silentLogger, consoleLogger, parseByteSize } from './options.js';
export { authorize, requiresToken, authConfig, defaultTokens, parseTokenGrant } from './auth.js';
export type { AuthConfig, AuthMode, AccessKind, AccessRequest, Caller, Role, TokenGrant } from './auth.js';
export { CatalogStore } from './store/catalog-store.js';
export { PROFILES, UPSTREAM_EXCLUDED_PATHS, type Profile } from './profile.js';

export interface MockServer {
  /** Base address, e.g. http://127.0.0.1:8080 (the direct form; /api/gms and /gms work too). */
  url: string;
  store: CatalogStore;
  /** The tokens the server accepts. */
  tokens: TokenGrant[];
  auth: AuthConfig;
  /** What the sample catalog (when loaded) and each seed file contributed. */
  loaded: LoadReport[];
  close(): Promise<void>;
}

export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const contract = loadContract(options.namespace ?? 'svc');
  const logger = options.logger ?? consoleLogger;
  const discovery = createSearchIndex(contract);
  // An existing data file keeps its catalog: reloading the sample would undo the edits made to it.
  const freshStore = !options.data || !existsSync(options.data);
  const profile = options.profile ?? 'document';
  const store = new CatalogStore({ contract, ...(options.data ? { path: options.data } : {}), derived: [discovery] });
  try {
    const loaded: LoadReport[] = [];
    if (options.sample !== false && freshStore) loaded.push(loadProposals(store, 'sample catalog', sampleCatalog(contract)));
    for (const file of options.seed ?? []) loaded.push(loadProposals(store, file, readSeedFile(file, contract).proposals));
    store.markStartupState();
    // After the start-up data, which is indexed at once: only the API's writes wait for the lag.
    store.indexLagMs = options.indexLagMs ?? DEFAULT_INDEX_LAG_MS[profile];

    const tokens = options.tokens ?? defaultTokens(contract.names);
    const auth = authConfig(options.auth ?? 'standard', tokens, contract.names);
    const tasks = new TaskRegistry({ taskDelayMs: options.taskDelayMs ?? 0 });
    const server = createServer(createRequestListener({ context: { contract, store, discovery, tasks, profile }, auth, maxBody: options.maxBody ?? DEFAULT_MAX_BODY, logger }));
    const host = options.host ?? DEFAULT_HOST;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    let closed: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closed ??= new Promise<void>((resolve) => {
        tasks.close();
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }));
    return { url, store, tokens, auth, loaded, close };
  } catch (error) {
    store.close();
    throw error;
  }
}
