/**
 * The library entry: `createMockServer(options)` starts the stateful mock (store, search index,
 * start-up data, sessions, HTTP server) and resolves once it listens.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadContract, type Contract } from '../spec/index.js';
import { isLoopback, ScenarioCatalog, SESSION_PREFIX, SessionRegistry } from './admin/index.js';
import { createRequestListener } from './http/listener-assembly.js';
import { authConfig, defaultTokens, type AuthConfig, type TokenGrant } from './auth/bearer-auth.js';
import type { MockContext } from './handlers/context.js';
import { TaskRegistry } from './operations/index.js';
import { DEFAULT_HOST, DEFAULT_JOURNAL_SIZE, DEFAULT_MAX_BODY, DEFAULT_MAX_SESSIONS, DEFAULT_PORT, consoleLogger, type MockServerOptions } from './options.js';
import { systemOwnershipTypes } from './ingest/system-ownership-types.js';
import { DEFAULT_INDEX_LAG_MS, type Profile } from './profile.js';
import { sampleCatalog } from './sample/index.js';
import { createSearchIndex } from './search/index.js';
import { readSeedFile, replayHar, type HarReplay } from './seed/index.js';
import { describeSkip, loadProposals, type LoadReport } from './ingest/startup-data.js';
import { CatalogStore } from './store/catalog-store.js';

export type { MockServerOptions, MockLogger } from './options.js';
export { silentLogger, consoleLogger, parseByteSize } from './options.js';
export { authorize, requiresToken, authConfig, defaultTokens, parseTokenGrant } from './auth/bearer-auth.js';
export type { AuthConfig, AuthMode, AccessKind, AccessRequest, Caller, Role, TokenGrant } from './auth/bearer-auth.js';
export { CatalogStore } from './store/catalog-store.js';
export { PROFILES, UPSTREAM_EXCLUDED_PATHS, type Profile } from './profile.js';

export interface MockServer {
  /** Base address, e.g. http://127.0.0.1:8080 (the direct form; /api/gms and /gms work too). */
  url: string;
  /** The default session's store. */
  store: CatalogStore;
  /** The tokens the server accepts. */
  tokens: TokenGrant[];
  auth: AuthConfig;
  /** What the sample catalog (when loaded) and each seed file contributed. */
  loaded: LoadReport[];
  /** What each `seedHar` capture contributed: writes applied and refused, reads checked. */
  harReplays: HarReplay[];
  /** The base address of a session (`<url>/__session/<id>`): every address form, GraphQL and admin below it work on that session. */
  session(id: string): string;
  close(): Promise<void>;
}

/** Pending connections the kernel may queue before the server accepts them. */
const LISTEN_BACKLOG = 4096;

/** A store with its search index and tasks: from a file or empty in memory, or from an image of the start-up state. */
function openContext(contract: Contract, source: { path?: string; image?: Buffer }, taskDelayMs: number, profile: Profile): MockContext {
  const discovery = createSearchIndex(contract);
  // Upstream stores an aspect as sent; the document's reading fills the schema defaults in.
  const store = new CatalogStore({ contract, ...source, derived: [discovery], fillDefaults: profile !== 'upstream' });
  return { contract, store, discovery, tasks: new TaskRegistry({ taskDelayMs }), profile };
}

export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const contract = loadContract(options.namespace ?? 'svc');
  const logger = options.logger ?? consoleLogger;
  const taskDelayMs = options.taskDelayMs ?? 0;
  // An existing data file keeps its catalog: reloading the sample would undo the edits made to it.
  const freshStore = !options.data || !existsSync(options.data);
  const profile = options.profile ?? 'document';
  if (options.data) mkdirSync(dirname(options.data), { recursive: true });
  const context = openContext(contract, options.data ? { path: options.data } : {}, taskDelayMs, profile);
  const { store } = context;
  try {
    const scenarios = new ScenarioCatalog(contract, options.scenarios);
    const loaded: LoadReport[] = [];
    if (freshStore) {
      const booted = loadProposals(store, 'system ownership types', systemOwnershipTypes(contract));
      if (booted.rejected > 0) throw new Error(`the system ownership types do not fit the registry: ${booted.skipped.map((skip) => describeSkip('system ownership types', skip)).join('; ')}`);
    }
    if (options.sample !== false && freshStore) loaded.push(loadProposals(store, 'sample catalog', sampleCatalog(contract)));
    for (const file of options.seed ?? []) {
      const seed = readSeedFile(file, contract);
      loaded.push(loadProposals(store, file, seed.proposals, seed.skipped));
    }
    store.markStartupState();
    // After the start-up data, which is indexed at once: only the API's writes wait for the lag.
    const indexLagMs = options.indexLagMs ?? DEFAULT_INDEX_LAG_MS[profile];
    store.indexLagMs = indexLagMs;

    const sessions = new SessionRegistry({
      defaultContext: context,
      openContext: (image) => {
        const opened = openContext(contract, { image }, taskDelayMs, profile);
        opened.store.markStartupState();
        opened.store.indexLagMs = indexLagMs;
        return opened;
      },
      maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
      journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
      settings: { latencyMs: options.latencyMs ?? 0, jitterMs: options.jitterMs ?? 0, indexLagMs },
    });
    const tokens = options.tokens ?? defaultTokens(contract.names);
    const auth = authConfig(options.auth ?? 'standard', tokens, contract.names);
    const host = options.host ?? DEFAULT_HOST;
    if (options.adminToken === undefined && !isLoopback(host) && host !== 'localhost') {
      logger(`warning: listening on ${host} without --admin-token: the admin endpoints (/__mock) answer only on loopback`);
    }
    const server = createServer(
      createRequestListener({ contract, sessions, scenarios, auth, maxBody: options.maxBody ?? DEFAULT_MAX_BODY, logger, adminToken: options.adminToken, profile }),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // node's default backlog (511) drops connections in a burst of simultaneous connects, which then
      // wait for the client's SYN retry (a second or more); the kernel caps the value at its somaxconn.
      server.listen({ port: options.port ?? DEFAULT_PORT, host, backlog: LISTEN_BACKLOG }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const harReplays: HarReplay[] = [];
    if (options.seedHar?.length) {
      // The captures' writes go through the API (routes, checks, GraphQL resolvers) and become part of
      // the start-up state, indexed at once like the seed files; the journal does not keep them.
      store.indexLagMs = 0;
      const admin = tokens.find((grant) => grant.role === 'admin')?.token;
      try {
        for (const file of options.seedHar) harReplays.push(await replayHar(file, { url, contract, token: admin }));
      } catch (error) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        throw error;
      }
      store.markStartupState();
      store.indexLagMs = indexLagMs;
      for (const journal of sessions.journals()) journal.clear();
    }
    let closed: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closed ??= new Promise<void>((resolve) => {
        context.tasks.close();
        server.close(() => {
          sessions.close();
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }));
    return { url, store, tokens, auth, loaded, harReplays, session: (id) => `${url}${SESSION_PREFIX}${encodeURIComponent(id)}`, close };
  } catch (error) {
    store.close();
    throw error;
  }
}
