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
import { GRAPHIQL_PATH, GRAPHQL_PATH } from './graphql/index.js';
import type { RequestHandler } from './metadata-store-handler.js';
import { levelOfStatus, type MockLogger } from './options.js';

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
}

/** Whether the lower-cased path starts with the prefix at a segment boundary (express's routes ignore case). */
function under(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}

export function requestListener({ store, graphql, app, protocolHeader, docsPath, logger }: ListenerSettings): RequestHandler {
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
      logger(`${req.method} ${url} ${res.statusCode} ${ms.toFixed(1)}ms`, levelOfStatus(res.statusCode));
    });
    res.setHeader(protocolHeader, '2.0.0');
    // HTTP/1.1 servers accept a request target in absolute form (`GET http://host/path`); both doors route on the path.
    if (url[0] !== '/' && URL.canParse(url)) {
      const { pathname, search } = new URL(url);
      req.url = pathname + search;
    }
    const target = req.url ?? url;
    if (isGraphql(target)) graphql(req, res);
    else if (servedByExpress(req.method, target)) app(req, res);
    else store(req, res);
  };
}
