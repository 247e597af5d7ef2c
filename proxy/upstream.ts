/**
 * One exchange with the upstream, byte for byte: the client's method, path, query, headers and
 * body go out unchanged (but for the hop-by-hop headers), and the upstream's response comes back raw
 * so the proxy can return it untouched. The one connection to a live service outside deployment/,
 * whose fetch-based transport would re-encode what passes; its target (the upstream's URL, the time
 * limit) and its limits come from deployment/: the whole response within `--timeout-ms`, from
 * connecting to its last byte, and a body of at most MAX_RESPONSE_BYTES. An upstream that breaks them
 * gets the client a 504 (no answer in time) or a 502 (too large, no connection), naming the cause.
 * Redirects are passed to the client as they came, never followed.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  MAX_RESPONSE_BYTES,
  ResponseTimeoutError,
  ResponseTooLargeError,
  whyNoResponse,
  type UpstreamTarget,
} from '../deployment/index.js';

export interface RawRequest {
  method: string;
  /** Path and query exactly as the client sent them. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
];

export function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!HOP_BY_HOP.includes(name) && value !== undefined) out[name] = value;
  return out;
}

export function sendUpstream(target: UpstreamTarget, req: RawRequest): Promise<RawResponse> {
  const upstream = target.url;
  const base = upstream.pathname.replace(/\/$/, '');
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      return true;
    };
    const fail = (error: Error): void => {
      if (!settle()) return;
      out.destroy();
      reject(error);
    };
    // One deadline for the whole exchange: a silent upstream and one that trickles a byte at a time alike.
    const timer = setTimeout(() => fail(new ResponseTimeoutError(target.timeoutMs)), target.timeoutMs);
    const out = send(
      upstream,
      {
        method: req.method,
        path: base + req.target,
        headers: { ...withoutHopByHop(req.headers), host: upstream.host },
      },
      (res) => {
        if (Number(res.headers['content-length']) > MAX_RESPONSE_BYTES)
          return fail(new ResponseTooLargeError(MAX_RESPONSE_BYTES));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_RESPONSE_BYTES) fail(new ResponseTooLargeError(MAX_RESPONSE_BYTES));
          else chunks.push(c);
        });
        res.on('end', () => {
          if (settle()) resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) });
        });
        // An answer cut short comes as an error ('aborted') and a close before its end: either says so.
        const cutShort = (): void => fail(new Error('the upstream closed the connection before the end of its answer'));
        res.on('error', cutShort);
        res.on('close', cutShort);
      },
    );
    out.on('error', fail);
    out.end(req.body);
  });
}

/**
 * What the proxy answers its client when the upstream gave no usable answer: 504 when it did not answer
 * whole within the time limit, else 502, with the cause in the body.
 */
export function gatewayError(error: unknown): RawResponse {
  return {
    status: error instanceof ResponseTimeoutError ? 504 : 502,
    headers: { 'content-type': 'text/plain' },
    body: Buffer.from(`upstream unavailable: ${whyNoResponse(error)}\n`),
  };
}

/** The body as JSON when it says it is JSON and parses, else as text; undefined when empty. */
export function parsedBody(headers: IncomingHttpHeaders, body: Buffer): unknown {
  if (!body.length) return undefined;
  const text = body.toString('utf8');
  if (/json/i.test(headers['content-type'] ?? '')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Headers as single strings, the form Prism validates. */
export function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
