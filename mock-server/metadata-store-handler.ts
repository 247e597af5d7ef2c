/**
 * The metadata-store API on node's own request and response, without express's layers (they were
 * most of a request's cost beyond the store): the path below its address form, the query, the body
 * read as JSON, the router's answer written as JSON, and every failure through the shared error answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resourcePath } from './address-forms.js';
import { sendJson } from './answer.js';
import { answerError, type ErrorAnswerSettings } from './error-answer.js';
import type { HandlerResult } from './handlers/context.js';
import { stringifyAnswer } from './raw-json.js';
import { readJsonBody } from './request-body.js';
import { RestliQuery } from './restli-query.js';
import type { StoreRouter } from './router.js';

export interface StoreHandlerSettings extends ErrorAnswerSettings {
  route: StoreRouter;
  /** Largest accepted body in bytes. */
  maxBody: number;
  /** The namespace's protocol version header name. */
  protocolHeader: string;
  /** The address forms whose prefix is taken off the path (upstream GMS serves only the bare one). */
  addressForms: readonly string[];
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

function answer(res: ServerResponse, result: HandlerResult): void {
  if (result.json !== undefined) sendJson(res, 200, stringifyAnswer(result.json));
  else res.end();
}

export function metadataStoreHandler(settings: StoreHandlerSettings): RequestHandler {
  const { route, maxBody, addressForms } = settings;
  const protocolHeader = settings.protocolHeader.toLowerCase();
  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    readJsonBody(req, maxBody, (failure, body) => {
      try {
        if (failure) throw failure;
        const query = new RestliQuery(q < 0 ? '' : url.slice(q + 1));
        const path = resourcePath(q < 0 ? url : url.slice(0, q), addressForms);
        const protocolVersion = req.headers[protocolHeader];
        answer(res, route({ method: req.method ?? 'GET', path, query, authorization: req.headers.authorization, protocolVersion: Array.isArray(protocolVersion) ? protocolVersion[0] : protocolVersion, body }));
      } catch (error) {
        answerError(req, res, error, settings);
      }
    });
  };
}
