/**
 * The server's request listener, the one entry of every request: the protocol header and one line in
 * the request log, the target in origin form (`request-target.ts`), the session the request names
 * (header or `/__session/<id>` prefix, taken off the path), then one look at its path. The service's API (the metadata-store API, nearly all of the
 * traffic, and GraphQL) goes through the API exchange (journal, faults, latency) to its lean handler on
 * node's own request and response; the admin endpoints, once the caller may use them, the docs site
 * and the GraphQL explorer go to the express app (which hands back whatever it does not answer
 * itself, so this look only has to find every path express serves).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ADDRESS_FORMS,
  ADMIN_PATH,
  FRONTEND_PROXY_PREFIXES,
  GRAPHIQL_PATH,
  GRAPHQL_PATH,
  GRAPHQL_V2_PATH,
  SESSION_HEADER,
} from '../addresses.js';
import { whenSent } from './immediate-response.js';
import { originFormTarget } from './request-target.js';
import { checkAdminAccess } from '../auth/admin-access.js';
import { adminSessions, type SessionRegistry } from '../controls/sessions.js';
import type { MockContext } from '../controls/mock-context.js';
import type { FrontendGateway } from '../gateway/index.js';
import type { ApiHandler } from '../wire/api-handler.js';
import type { ApiExchange } from './api-exchange.js';
import { sendError, type ErrorResponseSettings } from '../wire/error-response.js';
import { protocolHeaderLater, protocolHeaderNow, sendJson } from '../wire/json-response.js';
import { isExcludedPath, springErrorBody } from '../profile.js';
import type { RequestHandler } from './metadata-store-handler.js';
import { wantsLandingPage } from './landing-page.js';
import { levelOfStatus } from '../options.js';

export interface ListenerSettings {
  /** The metadata-store API. */
  store: ApiHandler<MockContext>;
  /** POST /api/graphql (and the 405 of its other methods). */
  graphql: ApiHandler<MockContext>;
  /** datahub-frontend's routes and its proxy's session cookie (../gateway/). */
  gateway: FrontendGateway;
  /** The rest: admin, docs, the GraphQL explorer. */
  app: RequestHandler;
  exchange: ApiExchange;
  sessions: SessionRegistry;
  /** Without one, admin answers only on loopback. */
  adminToken: string | undefined;
  protocolHeader: string;
  docsPath: string;
  errors: ErrorResponseSettings;
  /** The upstream profile's gate (../profile.ts): a token on every path but the excluded ones, the bare prefix only. */
  upstreamGate?: { addressForms: readonly string[]; hasToken(authorization: string | undefined): boolean };
}

/**
 * Whether upstream GMS leaves a (lower-cased) path unrouted (ServletConfig, commit
 * 0fe96b74a801171bc59dd26e2be4d934579a696c): the gateway prefixes it does not serve, the Rest.li docs and, in
 * open-source GMS, the metadata tests resource. Built once per listener.
 */
function unroutedUpstream(docsPath: string, forms: readonly string[]): (path: string) => boolean {
  const unrouted = [
    ...ADDRESS_FORMS.filter((prefix) => prefix && !forms.includes(prefix)),
    docsPath.toLowerCase(),
    '/test',
  ];
  const apiPaths = [GRAPHQL_PATH, GRAPHQL_V2_PATH, GRAPHIQL_PATH];
  return (path) => !apiPaths.some((p) => under(path, p)) && unrouted.some((prefix) => under(path, prefix));
}

/** Whether the lower-cased path starts with the prefix at a segment boundary (express's routes ignore case). */
function under(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}

export function requestListener({
  store,
  graphql,
  gateway,
  app,
  exchange,
  sessions,
  adminToken,
  protocolHeader,
  docsPath,
  errors,
  upstreamGate,
}: ListenerSettings): RequestHandler {
  const docsPrefixes = ADDRESS_FORMS.map((prefix) => prefix + docsPath);
  const pathOf = (url: string): string => {
    const q = url.indexOf('?');
    return (q < 0 ? url : url.slice(0, q)).toLowerCase();
  };
  // The endpoint's own paths only (a trailing slash allowed, as express's routes allow it).
  const graphqlPaths = new Set([GRAPHQL_PATH, GRAPHQL_V2_PATH].flatMap((path) => [path, `${path}/`]));
  // Every path looked for below is shorter than this: a longer path (an entity's, nearly all of the
  // traffic) is told apart by its start alone, lower-cased, instead of the whole of it.
  const headLength =
    Math.max(
      ADMIN_PATH.length,
      GRAPHIQL_PATH.length,
      ...[...graphqlPaths].map((p) => p.length),
      ...docsPrefixes.map((p) => p.length),
    ) + 2;
  const headOf = (url: string): string => {
    const q = url.indexOf('?');
    return url.slice(0, Math.min(q < 0 ? url.length : q, headLength)).toLowerCase();
  };
  const isGraphql = (path: string): boolean => graphqlPaths.has(path);
  // The docs site answers GET (and HEAD); other methods on its paths are the router's.
  const isPage = (method: string | undefined, path: string): boolean =>
    under(path, GRAPHIQL_PATH) ||
    ((method === 'GET' || method === 'HEAD') && docsPrefixes.some((prefix) => under(path, prefix)));
  const unrouted = upstreamGate ? unroutedUpstream(docsPath, upstreamGate.addressForms) : undefined;
  const logLine = (method: string | undefined, url: string, status: number, started: number): void =>
    errors.logger(`${method} ${url} ${status} ${(performance.now() - started).toFixed(1)}ms`, levelOfStatus(status));
  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    protocolHeaderLater(res, protocolHeader);
    // The line is written when the response is: immediately when it went out whole in the call that
    // handled it (nearly every request; for the API, the call that read the body), else on `finish`.
    const logged = (): void => logLine(req.method, url, res.statusCode, started);
    if (!dispatch(req, res, url, logged)) whenSent(res, logged);
  };

  /** Whether the request went to the API exchange, which then writes the log line (`logged`) itself. */
  function dispatch(req: IncomingMessage, res: ServerResponse, url: string, logged: () => void): boolean {
    try {
      // The target in origin form, dot segments refused, before the session and admin see it (request-target.ts).
      req.url = originFormTarget(url);
      const scope = sessions.scope(req.url, req.headers[SESSION_HEADER]);
      req.url = scope.url;
      const path = headOf(scope.url);
      // The frontend's proxy: a session cookie becomes the bearer token (or a 401) before any access is decided.
      if (FRONTEND_PROXY_PREFIXES.some((prefix) => under(path, prefix))) gateway.forward(req, scope.id);
      const query = scope.url.indexOf('?');
      const route = gateway.routeOf(query < 0 ? scope.url : scope.url.slice(0, query));
      if (route !== undefined) {
        exchange(req, res, gateway.handler(scope.id), sessions.get(scope.id), logged);
        return true;
      }
      const admin = under(path, ADMIN_PATH);
      // A browser at the root gets the landing page, in either profile; an API client keeps the answer below.
      if (wantsLandingPage(req, path)) {
        protocolHeaderNow(res);
        app(req, res);
        return false;
      }
      if (upstreamGate && unrouted && !admin) {
        const original = scope.url.split('?')[0] ?? '/';
        const wholePath = pathOf(scope.url);
        // Authentication runs before routing upstream, so an unrouted path without a token is a 401 too.
        const refused =
          !isExcludedPath(wholePath) && !upstreamGate.hasToken(req.headers.authorization)
            ? 401
            : unrouted(wholePath)
              ? 404
              : undefined;
        if (refused !== undefined) {
          sendJson(res, refused, JSON.stringify(springErrorBody(refused, original)));
          return false;
        }
      }
      if (admin) {
        protocolHeaderNow(res);
        checkAdminAccess(req, adminToken);
        const session = sessions.get(scope.id);
        adminSessions.set(req, session);
        // An admin call but a read (a reset, a scenario, a discard) waits while a read that yields holds the store.
        const { reads } = session.context.store;
        if (req.method !== 'GET' && req.method !== 'HEAD' && reads.held) reads.afterReads(() => app(req, res));
        else app(req, res);
      } else if (isPage(req.method, path)) {
        protocolHeaderNow(res);
        app(req, res);
      } else {
        // The protocol header waits for the response's other headers (../wire/json-response.ts), on either handler.
        exchange(req, res, isGraphql(path) ? graphql : store, sessions.get(scope.id), logged);
        return true;
      }
    } catch (error) {
      // The session or the admin access refused; the body is not read, and is dropped.
      req.resume();
      sendError(req, res, error, errors);
    }
    return false;
  }
}
