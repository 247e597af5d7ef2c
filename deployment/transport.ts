/**
 * The one way this package's clients talk to a live service: a request of a method to a path under the
 * target's base URL (or to a full URL: GraphQL, the gateway), with the caller's headers, a JSON or raw
 * body, the bearer token, the protocol header when asked and a timeout when given; the response comes
 * back whole (status, headers, text and the text parsed as JSON). Errors (no connection, a timeout) are
 * thrown as fetch throws them, so each caller says in its own words what went wrong.
 */
import { protocolHeaders, type DeploymentTarget } from './target.js';

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
  /** Milliseconds the response may take (an AbortSignal's timeout, thrown as a TimeoutError); none when omitted. */
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

export async function send(target: DeploymentTarget, request: DeploymentRequest): Promise<DeploymentResponse> {
  const token = request.bearer === undefined ? target.token : (request.bearer ?? undefined);
  const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
  const headers: Record<string, string> = {
    ...(request.protocol ? protocolHeaders(target) : {}),
    ...(request.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...request.headers,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  const response = await fetch(requestUrl(target, request.url), {
    method: request.method ?? 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(request.timeoutMs !== undefined ? { signal: AbortSignal.timeout(request.timeoutMs) } : {}),
  });
  const text = await response.text();
  return { status: response.status, ok: response.ok, headers: response.headers, text, json: parsedJson(text) };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
