/**
 * One exchange with the upstream, byte for byte: the client's method, path, query, headers and
 * body go out unchanged (but for the hop-by-hop headers), and the upstream's response comes back raw
 * so the proxy can return it untouched. The one connection to a live service outside deployment/,
 * whose fetch-based transport would re-encode what passes; its target (the upstream's URL, a time
 * limit) comes from deployment/.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { UpstreamTarget } from '../deployment/index.js';

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
    const out = send(
      upstream,
      {
        method: req.method,
        path: base + req.target,
        headers: { ...withoutHopByHop(req.headers), host: upstream.host },
        ...(target.timeoutMs !== undefined ? { signal: AbortSignal.timeout(target.timeoutMs) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(req.body);
  });
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
