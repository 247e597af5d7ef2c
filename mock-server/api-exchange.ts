/**
 * One request to the service's API (either door, any address form) as the test controls see it:
 * the body read once, the operation named, the session's faults and latency applied before the
 * door answers on the session's store, and the exchange written to the session's journal when the
 * response ends (or its connection is closed without one).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from './admin/faults.js';
import type { JournalEntry } from './admin/journal.js';
import { requestUrns } from './admin/request-urns.js';
import type { MockSession } from './admin/sessions.js';
import { jittered } from './admin/settings.js';
import { sentText } from './answer.js';
import type { ApiDoor, BodyRead } from './api-door.js';
import { readJsonBody } from './request-body.js';

export interface ExchangeSettings {
  maxBody: number;
  urnPrefix: string;
  nextRequestId: () => number;
}

export type ApiExchange = (req: IncomingMessage, res: ServerResponse, door: ApiDoor, session: MockSession) => void;

function journalEntry(req: IncomingMessage, res: ServerResponse, session: MockSession, read: BodyRead, operation: string | undefined, started: { ms: number; ns: bigint }, settings: ExchangeSettings): JournalEntry {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const known = query[key];
    query[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  const path = q < 0 ? url : url.slice(0, q);
  const headers = req.headers.authorization === undefined ? { ...req.headers } : { ...req.headers, authorization: '[elided]' };
  return {
    id: settings.nextRequestId(),
    time: new Date(started.ms).toISOString(),
    session: session.id ?? null,
    method: req.method ?? 'GET',
    path,
    query,
    operation: operation ?? null,
    status: res.writableFinished ? res.statusCode : null,
    durationMs: Number(process.hrtime.bigint() - started.ns) / 1e6,
    urns: requestUrns(settings.urnPrefix, path, params, read.body),
    requestHeaders: headers,
    requestText: read.text,
    responseText: sentText.get(res),
  };
}

export function apiExchange(settings: ExchangeSettings): ApiExchange {
  return (req, res, door, session) => {
    const started = { ms: Date.now(), ns: process.hrtime.bigint() };
    readJsonBody(req, settings.maxBody, (failure, body, text) => {
      const read: BodyRead = { failure, body, text };
      const prepared = door.prepare(req, read);
      const fault: Fault | undefined = session.faults.take(prepared.operation);
      if (session.journal.size > 0) {
        res.once('close', () => {
          const entry = journalEntry(req, res, session, read, prepared.operation, started, settings);
          if (fault) entry.fault = { id: fault.id, kind: fault.kind };
          session.journal.add(entry);
        });
      }
      const go = (): void => {
        if (session.closed) return door.fail(res, 410, `session '${session.id}' was discarded while this request waited`);
        if (fault?.kind === 'reset') return void req.socket.destroy();
        if (fault?.kind === 'error') {
          if (fault.retryAfter !== undefined && (fault.status === 429 || fault.status === 503)) res.setHeader('Retry-After', String(fault.retryAfter));
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
