/**
 * The metadata-store API on node's own request and response, without express's layers (they were
 * most of a request's cost beyond the store): the path below its address form, the query, the
 * route matched (its operationId named before anything runs), the router's answer written as JSON,
 * and every failure through the shared error answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resourcePath } from './address-forms.js';
import type { ApiDoor, PreparedCall } from './api-door.js';
import { sendJson } from './answer.js';
import { answerError, type ErrorAnswerSettings } from './error-answer.js';
import { RestliError, restliErrorBody } from './errors.js';
import type { HandlerResult } from './handlers/context.js';
import { stringifyAnswer } from './raw-json.js';
import { RestliQuery } from './restli-query.js';
import type { StoreRoute, StoreRouter } from './router.js';

export interface StoreHandlerSettings extends ErrorAnswerSettings {
  route: StoreRouter;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

function answer(res: ServerResponse, result: HandlerResult): void {
  if (result.json !== undefined) sendJson(res, 200, stringifyAnswer(result.json));
  else res.end();
}

export function metadataStoreHandler(settings: StoreHandlerSettings): ApiDoor {
  const { route } = settings;
  const prepare = (req: IncomingMessage, { failure, body }: { failure: RestliError | undefined; body: unknown }): PreparedCall => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let matched: StoreRoute | undefined;
    let unmatched: unknown;
    try {
      matched = route(req.method ?? 'GET', resourcePath(q < 0 ? url : url.slice(0, q)), new RestliQuery(q < 0 ? '' : url.slice(q + 1)));
    } catch (error) {
      unmatched = error;
    }
    return {
      operation: matched?.operationId,
      answer(res, context) {
        try {
          // A body that cannot be read is reported before a path that matches nothing, as it always was.
          if (failure) throw failure;
          if (!matched) throw unmatched;
          answer(res, matched.run({ authorization: req.headers.authorization, body }, context));
        } catch (error) {
          answerError(req, res, error, settings);
        }
      },
    };
  };
  const fail = (res: ServerResponse, status: number, message: string): void =>
    sendJson(res, status, JSON.stringify(restliErrorBody(new RestliError(status, message), settings.recordPrefix)));
  return { prepare, fail };
}
