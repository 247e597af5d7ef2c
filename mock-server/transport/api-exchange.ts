/**
 * One request to the service's API (either handler, any address form) as the test controls see it:
 * the body read once, the operation named, the session's faults and latency applied before the
 * handler responds on the session's store, and the exchange written to the session's journal when the
 * response closes (its connection closed with or without a response), or immediately when the response
 * went out whole while the request was handled (immediate-response.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from '../controls/faults.js';
import { BODY_LIMIT, pathOf, queryOf, type JournalEntry } from '../controls/journal.js';
import { requestUrns } from '../controls/request-urns.js';
import type { MockSession } from '../controls/sessions.js';
import { jittered } from '../controls/settings.js';
import { MAX_TIMER_MS } from '../options.js';
import { protocolHeaderNow, sentText } from '../wire/json-response.js';
import type { MockContext } from '../controls/mock-context.js';
import type { ApiHandler, BodyRead, PreparedCall } from '../wire/api-handler.js';
import { sentImmediately, whenSent } from './immediate-response.js';
import { holdUntilCommitted } from './held-response.js';
import { readJsonBody } from '../wire/json-body.js';

export interface ExchangeSettings {
  maxBody: number;
  urnPrefix: string;
  nextRequestId: () => number;
}

/**
 * `onSent`, when given, is what the caller records once the response has gone out (its log line):
 * called immediately when the response went out whole in the call that read the body (a POST's body
 * arrives after the caller has returned), else on `finish`.
 */
export type ApiExchange = (
  req: IncomingMessage,
  res: ServerResponse,
  handler: ApiHandler<MockContext>,
  session: MockSession,
  onSent?: () => void,
) => void;

/** The journal entry of an exchange; `status` null when the connection closed without a response. */
function record(
  settings: ExchangeSettings,
  session: MockSession,
  req: IncomingMessage,
  res: ServerResponse,
  status: number | null,
  arrived: number,
  started: number,
  call: PreparedCall<MockContext>,
  read: BodyRead,
  fault: Fault | undefined,
): void {
  const url = req.url ?? '/';
  const entry: JournalEntry = {
    id: settings.nextRequestId(),
    arrived,
    session: session.id ?? null,
    method: req.method ?? 'GET',
    url,
    operation: call.operation ?? null,
    status,
    durationMs: performance.now() - started,
    headers: req.headers,
    requestText: read.text,
    // The journal keeps the first BODY_LIMIT characters and one more, which says it was cut.
    responseText: sentText(res, BODY_LIMIT + 1),
  };
  // A body too long to keep whole gives its URNs now, while it is at hand.
  if (read.text !== undefined && read.text.length > BODY_LIMIT)
    entry.urns = requestUrns(settings.urnPrefix, pathOf(url), queryOf(url), read.body);
  if (fault) entry.fault = { id: fault.id, kind: fault.kind };
  session.journal.add(entry);
}

/** The journal entry written when the response closes: with the response's status if it was sent whole, null if not. */
function recordOnClose(
  settings: ExchangeSettings,
  session: MockSession,
  req: IncomingMessage,
  res: ServerResponse,
  arrived: number,
  started: number,
  call: PreparedCall<MockContext>,
  read: BodyRead,
  fault: Fault | undefined,
): void {
  res.on('close', () =>
    record(
      settings,
      session,
      req,
      res,
      res.writableFinished ? res.statusCode : null,
      arrived,
      started,
      call,
      read,
      fault,
    ),
  );
}

/** The handler's response, or the fault's, once the latency has passed. */
function respondToCall(
  session: MockSession,
  res: ServerResponse,
  handler: ApiHandler<MockContext>,
  call: PreparedCall<MockContext>,
  fault: Fault | undefined,
): void {
  if (session.closed) return handler.fail(res, 410, `session '${session.id}' was discarded while this request waited`);
  // Destroying the response destroys its connection: a reset on a socket, a failed fetch in process.
  if (fault?.kind === 'reset') return void res.destroy();
  if (fault?.kind === 'error') {
    if (fault.retryAfter !== undefined && (fault.status === 429 || fault.status === 503)) {
      protocolHeaderNow(res);
      res.setHeader('Retry-After', String(fault.retryAfter));
    }
    return handler.fail(res, fault.status, `Fault ${fault.id} injected on ${fault.operation} through /__mock/faults`);
  }
  const { store } = session.context;
  // A write waits while a read that yields holds the store, so that the read sees one state throughout.
  if (call.writes && store.reads.held)
    return store.reads.afterReads(() => respondToCall(session, res, handler, call, undefined));
  // The response may have read or written rows of the batch's open transaction: it is held until they are committed.
  holdUntilCommitted(res, store);
  call.respond(res, session.context);
}

export function apiExchange(settings: ExchangeSettings): ApiExchange {
  return (req, res, handler, session, onSent) => {
    const arrived = Date.now();
    const started = performance.now();
    readJsonBody(req, settings.maxBody, (read) => {
      const call = handler.prepare(req, read);
      const fault: Fault | undefined = session.faults.take(call.operation);
      const journaled = session.journal.size > 0;
      // Each of the two is at most what a timer holds (settings.ts), their sum is held to it too.
      const delay = Math.min(
        jittered(session.settings.latencyMs, session.settings.jitterMs) +
          (fault ? jittered(fault.delayMs, fault.jitterMs) : 0),
        MAX_TIMER_MS,
      );
      if (delay > 0) {
        if (journaled) recordOnClose(settings, session, req, res, arrived, started, call, read, fault);
        if (onSent) res.once('finish', onSent);
        setTimeout(respondToCall, delay, session, res, handler, call, fault);
        return;
      }
      respondToCall(session, res, handler, call, fault);
      // The entry and the log line are written now when the response went out whole in this call, else
      // when the response closes (an abort included) and when it finishes.
      const immediate = sentImmediately(res);
      if (journaled) {
        if (immediate) record(settings, session, req, res, res.statusCode, arrived, started, call, read, fault);
        else recordOnClose(settings, session, req, res, arrived, started, call, read, fault);
      }
      if (onSent) whenSent(res, onSent, immediate);
    });
  };
}
