/**
 * The one way this package's clients talk to a live service: a request of a method to a path under the
 * target's base URL (or to a full URL: GraphQL, the gateway), with the caller's headers, a JSON or raw
 * body, the bearer token and the protocol header when asked; the response comes back whole (status,
 * headers, text and the text parsed as JSON). A live service cannot hold its caller: the whole response,
 * from connecting to its last byte, must come within the target's time limit (`--timeout-ms`), its body
 * may hold at most MAX_RESPONSE_BYTES, and a redirect is followed only on the same origin. Those refusals
 * are thrown as the errors below; no connection is thrown as fetch throws it. `whyNoResponse` says either
 * in a user's words, so each caller names the request and the cause in one line.
 */
import { protocolHeaders, type DeploymentTarget } from './target.js';

/**
 * The most bytes a response body may hold (after decompression). The largest answer the suite and the
 * pull ask for, a search page of 10,000 hits, is a few megabytes; a body over the limit is refused, not
 * kept in memory.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Same-origin redirects followed at most, one after the other. */
const MAX_REDIRECTS = 5;

/** The whole response did not come within the time limit; named TimeoutError, as fetch names its own. */
export class ResponseTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms (the time limit, --timeout-ms)`);
  }
}

/** A response body over MAX_RESPONSE_BYTES (or declaring as much), refused before it was kept. */
export class ResponseTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the response is larger than ${limit / (1024 * 1024)} MiB, the limit on a response's size`);
  }
}

/** A redirect this client does not follow: to another origin, or one too many. */
export class RedirectRefusedError extends Error {}

export interface DeploymentRequest {
  /** Default GET. */
  method?: string;
  /** A path under the target's base URL (it starts with `/`), or a full URL, sent as given. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON, with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as it is (the caller's headers say what it is). */
  body?: string | Uint8Array<ArrayBuffer>;
  /** The bearer token: the target's when omitted, none when null. */
  bearer?: string | null;
  /** Sends the target's protocol-version header. */
  protocol?: boolean;
  /** Milliseconds the whole response may take; the target's when omitted. Over it: a ResponseTimeoutError. */
  timeoutMs?: number;
}

export interface DeploymentResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  /** The text parsed as JSON; undefined when it is empty or not JSON. */
  json: unknown;
}

/** The URL a request goes to. */
function requestUrl(target: DeploymentTarget, url: string): string {
  return url.startsWith('/') ? target.baseUrl + url : url;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function send(target: DeploymentTarget, request: DeploymentRequest): Promise<DeploymentResponse> {
  const token = request.bearer === undefined ? target.token : (request.bearer ?? undefined);
  const timeoutMs = request.timeoutMs ?? target.timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let method = request.method ?? 'GET';
  let body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
  const headers: Record<string, string> = {
    ...(request.protocol ? protocolHeaders(target) : {}),
    ...(request.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...request.headers,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  let url = new URL(requestUrl(target, request.url));
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal,
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      if (REDIRECTS.has(response.status) && location !== null) {
        await response.body?.cancel();
        const next = new URL(location, url);
        if (next.origin !== url.origin)
          throw new RedirectRefusedError(
            `redirected (${response.status}) to another origin, ${next.origin}: not followed`,
          );
        if (redirects === MAX_REDIRECTS)
          throw new RedirectRefusedError(`redirected more than ${MAX_REDIRECTS} times: not followed`);
        // As fetch follows them: a 303, or a 301/302 of a POST, becomes a GET without a body.
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
        }
        url = next;
        continue;
      }
      const text = await boundedText(response);
      return { status: response.status, ok: response.ok, headers: response.headers, text, json: parsedJson(text) };
    }
  } catch (error) {
    if (signal.aborted) throw new ResponseTimeoutError(timeoutMs);
    throw error;
  }
}

/** The body as text (UTF-8, as `response.text()` reads it), refused once it holds more than MAX_RESPONSE_BYTES. */
async function boundedText(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length')) > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new ResponseTooLargeError(MAX_RESPONSE_BYTES);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      // Cancelling the stream closes the connection: the rest is never read.
      await reader.cancel();
      throw new ResponseTooLargeError(MAX_RESPONSE_BYTES);
    }
    chunks.push(read.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A TLS failure's code, as node's fetch reports it in `error.cause.code`. */
const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/;

/** Why a request got no (usable) response, in a user's words: what `send` threw. */
export function whyNoResponse(error: unknown): string {
  if (
    error instanceof ResponseTimeoutError ||
    error instanceof ResponseTooLargeError ||
    error instanceof RedirectRefusedError
  )
    return error.message;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused (is the service running, on this port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'DNS: the host name does not resolve';
  if (code === 'ECONNRESET') return 'the connection was reset';
  if (code === 'UND_ERR_SOCKET') return 'the connection was closed before a complete answer';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host is unreachable';
  if (TLS_CODE.test(code)) return `TLS: ${cause?.message ?? code}`;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
