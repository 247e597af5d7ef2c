/**
 * The metadata-store API on node's own request and response, without express's layers (they were
 * most of a request's cost beyond the store): the path below its address form, the query, the
 * route matched (its operationId named before anything runs), the router's result written as JSON,
 * and every failure through the shared error response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resourcePath } from '../addresses.js';
import type { MockContext } from '../controls/mock-context.js';
import type { ApiHandler, PreparedCall } from '../wire/api-handler.js';
import { protocolHeaderNow, sendJson } from '../wire/json-response.js';
import { sendError, type ErrorResponseSettings } from '../wire/error-response.js';
import { RestliError, restliErrorBody } from '../errors.js';
import type { HandlerResult } from '../handlers/context.js';
import { RawJson, stringifyResponse } from '../wire/raw-json.js';
import { RestliQuery } from '../wire/restli-query.js';
import type { StoreRoute, StoreRouter } from './router.js';
import { RecentTexts } from '../wire/recent-texts.js';

/** Request targets whose route is kept (a few hundred bytes each), and the longest target kept. */
const ROUTES_KEPT = 1000;
const LONGEST_TARGET = 2048;

export interface StoreHandlerSettings extends ErrorResponseSettings {
  route: StoreRouter;
  /** The namespace's protocol version header name. */
  protocolHeader: string;
  /** The address forms whose prefix is taken off the path (upstream GMS serves only the bare one). */
  addressForms: readonly string[];
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

function respond(res: ServerResponse, result: HandlerResult): void {
  // A response that is one raw text (an entity read) is written as it is.
  if (result.json instanceof RawJson)
    sendJson(res, 200, result.json.textAtHand, result.json.bytes, result.json.giveBack);
  else if (result.json !== undefined) sendJson(res, 200, stringifyResponse(result.json));
  else {
    protocolHeaderNow(res);
    res.end();
  }
}

export function metadataStoreHandler(settings: StoreHandlerSettings): ApiHandler<MockContext> {
  const { route, addressForms } = settings;
  const protocolHeader = settings.protocolHeader.toLowerCase();
  // The route of a (method, target) pair does not depend on the session, the body or the time.
  const routes = new RecentTexts<StoreRoute>(ROUTES_KEPT, LONGEST_TARGET);
  const routeOf = (method: string, url: string): StoreRoute => {
    const q = url.indexOf('?');
    return route(
      method,
      resourcePath(q < 0 ? url : url.slice(0, q), addressForms),
      new RestliQuery(q < 0 ? '' : url.slice(q + 1)),
    );
  };
  const prepare = (
    req: IncomingMessage,
    { failure, body }: { failure: RestliError | undefined; body: unknown },
  ): PreparedCall<MockContext> => {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    let matched: StoreRoute | undefined;
    let unmatched: unknown;
    try {
      matched = routes.get(method, url, () => routeOf(method, url));
    } catch (error) {
      unmatched = error;
    }
    return {
      operation: matched?.operationId,
      // Any call but a GET is a write of its batch's transaction (router.ts).
      writes: method !== 'GET',
      respond(res, context) {
        try {
          // A body that cannot be read is reported before a path that matches nothing, as it always was.
          if (failure) throw failure;
          if (!matched) throw unmatched;
          const protocolVersion = req.headers[protocolHeader];
          respond(
            res,
            matched.run(
              {
                authorization: req.headers.authorization,
                protocolVersion: Array.isArray(protocolVersion) ? protocolVersion[0] : protocolVersion,
                body,
              },
              context,
            ),
          );
        } catch (error) {
          sendError(req, res, error, settings);
        }
      },
    };
  };
  const fail = (res: ServerResponse, status: number, message: string): void =>
    sendJson(res, status, JSON.stringify(restliErrorBody(new RestliError(status, message), settings.recordPrefix)));
  return { prepare, fail };
}
