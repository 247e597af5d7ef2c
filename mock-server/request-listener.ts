/**
 * The server's request listener: every request gets the protocol header and one line in the request
 * log, then one look at its path sends it through one of three doors. The metadata-store API, nearly
 * all of the traffic, and GraphQL go to their lean handlers on node's own request and response; the
 * admin endpoints, the docs site and the GraphQL explorer go to the express app (which hands back
 * whatever it does not answer itself, so this look only has to find every path express serves).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADDRESS_FORMS } from './address-forms.js';
import { ADMIN_PATH } from './admin.js';
import { sendJson } from './answer.js';
import { isExcludedPath, springErrorBody } from './profile.js';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from './graphql/index.js';
import type { RequestHandler } from './metadata-store-handler.js';
import type { MockLogger } from './options.js';

export interface ListenerSettings {
  /** The metadata-store API. */
  store: RequestHandler;
  /** POST /api/graphql (and the 405 of its other methods). */
  graphql: RequestHandler;
  /** The rest: admin, docs, the GraphQL explorer. */
  app: RequestHandler;
  protocolHeader: string;
  docsPath: string;
  logger: MockLogger;
  /** The upstream profile's door (profile.ts): a token on every path but the excluded ones, the bare prefix only. */
  upstreamGate?: { addressForms: readonly string[]; hasToken(authorization: string | undefined): boolean };
}

/** The docs site's path under the admin path, served in both profiles (upstream GMS routes no docs path). */
export const MOCK_DOCS_PATH = `${ADMIN_PATH}/docs`;

/**
 * Paths upstream GMS does not route (ServletConfig, commit 0fe96b74a801171bc59dd26e2be4d934579a696c): the gateway
 * prefixes, the Rest.li docs and, in open-source GMS, the metadata tests resource.
 */
function unroutedUpstream(path: string, docsPath: string, forms: readonly string[]): boolean {
  const prefixes = ADDRESS_FORMS.filter((prefix) => prefix && !forms.includes(prefix));
  const apiPaths = [GRAPHQL_PATH, GRAPHIQL_PATH];
  if (apiPaths.some((p) => under(path, p))) return false;
  return prefixes.some((prefix) => under(path, prefix)) || under(path, docsPath.toLowerCase()) || under(path, '/test');
}

/** Whether the lower-cased path starts with the prefix at a segment boundary (express's routes ignore case). */
function under(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}

export function requestListener({ store, graphql, app, protocolHeader, docsPath, logger, upstreamGate }: ListenerSettings): RequestHandler {
  const docsPrefixes = ADDRESS_FORMS.map((prefix) => prefix + docsPath);
  const expressPrefixes = [ADMIN_PATH, GRAPHIQL_PATH];
  const pathOf = (url: string): string => {
    const q = url.indexOf('?');
    return (q < 0 ? url : url.slice(0, q)).toLowerCase();
  };
  // The endpoint's own path only (a trailing slash allowed, as express's routes allow it).
  const isGraphql = (url: string): boolean => {
    const path = pathOf(url);
    return path === GRAPHQL_PATH || path === `${GRAPHQL_PATH}/`;
  };
  const servedByExpress = (method: string | undefined, url: string): boolean => {
    const path = pathOf(url);
    if (expressPrefixes.some((prefix) => under(path, prefix))) return true;
    // The docs site answers GET (and HEAD); other methods on its paths are the router's.
    return (method === 'GET' || method === 'HEAD') && docsPrefixes.some((prefix) => under(path, prefix));
  };
  return (req, res) => {
    const started = process.hrtime.bigint();
    const url = req.url ?? '/';
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger(`${req.method} ${url} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    res.setHeader(protocolHeader, '2.0.0');
    // HTTP/1.1 servers accept a request target in absolute form (`GET http://host/path`); both doors route on the path.
    if (url[0] !== '/' && URL.canParse(url)) {
      const { pathname, search } = new URL(url);
      req.url = pathname + search;
    }
    const target = req.url ?? url;
    if (upstreamGate && !under(pathOf(target), ADMIN_PATH)) {
      const path = pathOf(target);
      const original = (req.url ?? url).split('?')[0] ?? '/';
      // Authentication runs before routing upstream, so an unrouted path without a token is a 401 too.
      if (!isExcludedPath(path) && !upstreamGate.hasToken(req.headers.authorization)) return sendJson(res, 401, JSON.stringify(springErrorBody(401, original)));
      if (unroutedUpstream(path, docsPath, upstreamGate.addressForms)) return sendJson(res, 404, JSON.stringify(springErrorBody(404, original)));
    }
    if (isGraphql(target)) graphql(req, res);
    else if (servedByExpress(req.method, target)) app(req, res);
    else store(req, res);
  };
}
