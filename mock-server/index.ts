/**
 * The library entry: `createMock(options)` makes the stateful mock (store, search index, start-up
 * data, sessions) answering `fetch` in the process; `createMockServer(options)` is that mock behind a
 * listening HTTP server, and resolves once it listens.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_PREFIX } from './addresses.js';
import { isLoopback } from './auth/admin-access.js';
import { createMock, type Mock } from './in-process/create-mock.js';
import { DEFAULT_HOST, DEFAULT_PORT, consoleLogger, type MockServerOptions } from './options.js';

export { createMock, type Mock, type MockOptions, type ServedGraphqlSchema } from './in-process/create-mock.js';
export type { MockFetch } from './wire/mock-fetch.js';
export type { MockServerOptions, MockLogger } from './options.js';
export { silentLogger, consoleLogger, parseByteSize } from './options.js';
export {
  authorize,
  requiresToken,
  authConfig,
  defaultTokens,
  parseTokenGrant,
  upstreamRoleOf,
} from './auth/bearer-auth.js';
export type { AuthConfig, AuthMode, AccessKind, AccessRequest, Caller, Role, TokenGrant } from './auth/bearer-auth.js';
export { parseUserAccount, UPSTREAM_ROLES, type UpstreamRole, type UserAccount } from './auth/users.js';
export { CatalogStore } from './store/catalog-store.js';
export { PROFILES, UPSTREAM_EXCLUDED_PATHS, type Profile } from './profile.js';
// What the `mock` command (bin/mock.ts) needs besides: its option parsers and defaults, the start-up
// banner's describers and the paths it prints.
export { isProfile } from './profile.js';
export { AUTH_MODES } from './auth/bearer-auth.js';
export {
  DEFAULT_GRAPHQL_COMPLEXITY_LIMIT,
  DEFAULT_GRAPHQL_DEPTH_LIMIT,
  DEFAULT_HOST,
  DEFAULT_JOURNAL_BYTES_TEXT,
  DEFAULT_JOURNAL_SIZE,
  DEFAULT_MAX_BODY_TEXT,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_PORT,
  DEFAULT_REQUEST_BUDGET_MS,
  levelFilter,
  LOG_LEVELS,
  MAX_TIMER_MS,
  type LogLevel,
} from './options.js';
export { parseLatency } from './controls/settings.js';
export { parseReferenceDay } from './ingest/reference-day.js';
export { describeSkip } from './ingest/startup-data.js';
export { describeHarReplay } from './seed/index.js';
// What `operations --graphql-schema` reads a team's schema with, as the mock reads its own.
export { loadTeamSchema } from './graphql/team-schema.js';
export {
  ADDRESS_FORMS,
  ADMIN_PATH,
  FRONTEND_ROUTES,
  GRAPHIQL_PATH,
  GRAPHQL_PATH,
  MOCK_DOCS_PATH,
  SESSION_PREFIX,
  UPSTREAM_ADDRESS_FORMS,
} from './addresses.js';

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
      logger(
        `warning: listening on ${host} without --admin-token: the admin endpoints (/__mock) answer only on loopback`,
      );
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
