/**
 * The library entry: `createMock(options)` makes the stateful mock (store, search index, start-up
 * data, sessions) answering `fetch` in the process; `createMockServer(options)` is that mock behind a
 * listening HTTP server, and resolves once it listens.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopback, SESSION_PREFIX } from './admin/index.js';
import { createMock, type Mock } from './in-process/create-mock.js';
import { DEFAULT_HOST, DEFAULT_PORT, consoleLogger, type MockServerOptions } from './options.js';

export { createMock, type Mock, type MockOptions } from './in-process/create-mock.js';
export type { MockFetch } from './in-process/injected-fetch.js';
export type { MockServerOptions, MockLogger } from './options.js';
export { silentLogger, consoleLogger, parseByteSize } from './options.js';
export { authorize, requiresToken, authConfig, defaultTokens, parseTokenGrant } from './auth/bearer-auth.js';
export type { AuthConfig, AuthMode, AccessKind, AccessRequest, Caller, Role, TokenGrant } from './auth/bearer-auth.js';
export { CatalogStore } from './store/catalog-store.js';
export { PROFILES, UPSTREAM_EXCLUDED_PATHS, type Profile } from './profile.js';

export interface MockServer extends Mock {
  /** Base address, e.g. http://127.0.0.1:8080 (the direct form; /api/gms and /gms work too). */
  url: string;
  /** The base address of a session (`<url>/__session/<id>`): every address form, GraphQL and admin below it work on that session. */
  session(id: string): string;
}

/** Pending connections the kernel may queue before the server accepts them. */
const LISTEN_BACKLOG = 4096;

export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const logger = options.logger ?? consoleLogger;
  const host = options.host ?? DEFAULT_HOST;
  const mock = await createMock(options);
  try {
    if (options.adminToken === undefined && !isLoopback(host) && host !== 'localhost') {
      logger(`warning: listening on ${host} without --admin-token: the admin endpoints (/__mock) answer only on loopback`);
    }
    const server = createServer(mock.listener);
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
    let closed: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve(mock.close()));
        server.closeAllConnections();
      }));
    return { ...mock, url, session: (id) => `${url}${SESSION_PREFIX}${encodeURIComponent(id)}`, close };
  } catch (error) {
    await mock.close();
    throw error;
  }
}
