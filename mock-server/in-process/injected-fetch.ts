/**
 * A WHATWG `fetch` answered by the mock's request listener in this process, through light-my-request:
 * the request (a URL, a string or a `Request`, with `init`) is normalised by the platform's own
 * `Request`, injected into the listener as a request from loopback (as a test on the same machine
 * is), and the listener's answer comes back as a real `Response`. No socket is opened and the global
 * `fetch` is never called. A path alone is taken as under `http://localhost`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';
import type { RequestHandler } from '../transport/metadata-store-handler.js';
import type { MockFetch } from '../wire/mock-fetch.js';

const PATH_BASE = 'http://localhost';
/** Statuses whose response has no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function requestOf(input: string | URL | Request, init: RequestInit | undefined): Request {
  if (typeof input === 'string' && input.startsWith('/')) return new Request(new URL(input, PATH_BASE), init);
  return new Request(input, init);
}

/** The abort reason of a signal that fired, as fetch rejects with it. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * Express replaces the prototype of every request and response it handles with its own (whose
 * methods then reach node's http ones), which would bypass the injected objects' own write, end and
 * destroy; made own properties of the object, they survive the swap.
 */
function keepInjectedMethods(injected: IncomingMessage | ServerResponse): void {
  const methods = Object.getPrototypeOf(injected) as Record<string, unknown>;
  for (const name of Object.keys(methods))
    Object.defineProperty(injected, name, { value: methods[name], writable: true, configurable: true });
}

/**
 * node's `writableFinished` also waits for the socket to drain, and light-my-request's stand-in socket
 * never does: an injected response has finished once it emitted `finish` (what the journal asks).
 */
function finishedOnFinish(res: ServerResponse): void {
  let finished = false;
  res.once('finish', () => {
    finished = true;
  });
  Object.defineProperty(res, 'writableFinished', { get: () => finished, configurable: true });
}

export function injectedFetch(listener: RequestHandler): MockFetch {
  const dispatch: RequestHandler = (req, res) => {
    keepInjectedMethods(req);
    keepInjectedMethods(res);
    finishedOnFinish(res);
    listener(req, res);
  };
  return async (input, init) => {
    const request = requestOf(input, init);
    const { signal } = request;
    signal.throwIfAborted();
    const payload = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const injected = inject(dispatch, {
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(payload ? { payload } : {}),
    });
    let reply;
    try {
      reply = await Promise.race([injected, aborted(signal)]);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // What fetch does when the connection is reset before an answer (a `reset` fault).
      throw new TypeError('fetch failed', { cause: error });
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    const body =
      NULL_BODY_STATUSES.has(reply.statusCode) || request.method === 'HEAD' ? null : new Uint8Array(reply.rawPayload);
    const response = new Response(body, {
      status: reply.statusCode,
      statusText: reply.statusMessage,
      headers: responseHeaders,
    });
    // A constructed Response has an empty url; fetch's names the address it answered.
    Object.defineProperty(response, 'url', { value: request.url });
    return response;
  };
}
