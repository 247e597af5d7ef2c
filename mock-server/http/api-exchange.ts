/**
 * One request to the service's API (either door, any address form) as the test controls see it:
 * the body read once, the operation named, the session's faults and latency applied before the
 * door answers on the session's store, and the exchange written to the session's journal when the
 * response ends (or its connection is closed without one).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from '../admin/faults.js';
import { BODY_LIMIT, pathOf, queryOf, type JournalEntry } from '../admin/journal.js';
import { requestUrns } from '../admin/request-urns.js';
import type { MockSession } from '../admin/sessions.js';
import { jittered } from '../admin/settings.js';
import { protocolHeaderNow, sentText } from './json-answer.js';
import type { ApiDoor } from './api-door.js';
import { readJsonBody } from './json-body.js';

export interface ExchangeSettings {
  maxBody: number;
  urnPrefix: string;
  nextRequestId: () => number;
}

export type ApiExchange = (req: IncomingMessage, res: ServerResponse, door: ApiDoor, session: MockSession) => void;

export function apiExchange(settings: ExchangeSettings): ApiExchange {
  return (req, res, door, session) => {
    const arrived = Date.now();
    const started = performance.now();
    readJsonBody(req, settings.maxBody, (failure, body, text) => {
      const prepared = door.prepare(req, { failure, body, text });
      const fault: Fault | undefined = session.faults.take(prepared.operation);
      if (session.journal.size > 0) {
        // A response closes once: `on` spares the wrapper and removal `once` would add to every request.
        res.on('close', () => {
          const url = req.url ?? '/';
          const entry: JournalEntry = {
            id: settings.nextRequestId(),
            arrived,
            session: session.id ?? null,
            method: req.method ?? 'GET',
            url,
            operation: prepared.operation ?? null,
            status: res.writableFinished ? res.statusCode : null,
            durationMs: performance.now() - started,
            headers: req.headers,
            requestText: text,
            // The journal keeps the first BODY_LIMIT characters and one more, which says it was cut.
            responseText: sentText(res, BODY_LIMIT + 1),
          };
          // A body too long to keep whole gives its URNs now, while it is at hand.
          if (text !== undefined && text.length > BODY_LIMIT) entry.urns = requestUrns(settings.urnPrefix, pathOf(url), queryOf(url), body);
          if (fault) entry.fault = { id: fault.id, kind: fault.kind };
          session.journal.add(entry);
        });
      }
      const go = (): void => {
        if (session.closed) return door.fail(res, 410, `session '${session.id}' was discarded while this request waited`);
        // Destroying the response destroys its connection: a reset on a socket, a failed fetch in process.
        if (fault?.kind === 'reset') return void res.destroy();
        if (fault?.kind === 'error') {
          if (fault.retryAfter !== undefined && (fault.status === 429 || fault.status === 503)) {
            protocolHeaderNow(res);
            res.setHeader('Retry-After', String(fault.retryAfter));
          }
          return door.fail(res, fault.status, `Fault ${fault.id} injected on ${fault.operation} through /__mock/faults`);
        }
        prepared.answer(res, session.context);
      };
      const delay = jittered(session.settings.latencyMs, session.settings.jitterMs) + (fault ? jittered(fault.delayMs, fault.jitterMs) : 0);
      if (delay > 0) setTimeout(go, delay);
      else go();
    });
  };
}
