/**
 * Reads of one deployment, politely: at most `concurrency` requests in flight and at most `rate`
 * started per second, the bearer token on each (and nowhere else), Rest.li protocol 2.0.0. Only reads
 * are sent: GETs, the POST actions that read (search, browse, getTimeseriesAspectValues) and the GraphQL
 * query that reads the schema (introspection, at the GraphQL endpoint's own URL), through
 * the one transport of deployment/, whose limits (`--timeout-ms`, the size of a response, no redirect
 * to another origin) hold for each. Every answer is checked against the shape its read expects
 * (answer-shapes.ts) before it is used.
 */
import { deploymentTarget, send, whyNoResponse } from '../deployment/index.js';
import type { AnswerShape } from './answer-shapes.js';

export interface ReaderOptions {
  /** Base address of the deployment: GMS itself, or the frontend's `/api/gms`. */
  from: string;
  token?: string;
  /** Requests in flight at most. Default 4. */
  concurrency?: number;
  /** Requests started per second at most. Default 20. */
  rate?: number;
  /** Milliseconds each response may take, from connecting to its last byte (default deployment/'s DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_RATE = 20;

/** A text on one line, at most `max` characters: what a one-line error quotes of a body. */
export function quoted(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** A read the deployment did not answer with 2xx: the URL and the response's status and body. */
export class ReadError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    body: string,
  ) {
    super(`${url} answered ${status}: ${quoted(body)}`);
  }
}

/**
 * A read the deployment did not answer usably: no response (refused, timed out, too large, redirected
 * elsewhere), or a 2xx that is empty, not JSON or not the shape the read expects. It stops the pull.
 */
export class UnusableAnswerError extends Error {}

export interface DeploymentReader {
  get<T>(path: string, shape: AnswerShape<T>): Promise<T>;
  /** A POST action that reads (`/entities?action=search` and the like). */
  action<T>(path: string, body: unknown, shape: AnswerShape<T>): Promise<T>;
  /** A GraphQL query POSTed to the endpoint's full URL (no Rest.li protocol header). */
  graphql<T>(url: string, body: unknown, shape: AnswerShape<T>): Promise<T>;
  /** Requests sent so far. */
  sent(): number;
}

export function deploymentReader(options: ReaderOptions): DeploymentReader {
  // Upstream's protocol header, whatever the namespace: the pull has always sent it so.
  const target = deploymentTarget({
    baseUrl: options.from,
    ...(options.token ? { token: options.token } : {}),
    protocolHeaderName: 'X-RestLi-Protocol-Version',
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const interval = 1000 / Math.max(1, options.rate ?? DEFAULT_RATE);
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let nextStart = 0;
  let count = 0;

  async function slot(): Promise<void> {
    if (inFlight >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight++;
    const now = Date.now();
    const start = Math.max(now, nextStart);
    nextStart = start + interval;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  }

  function release(): void {
    inFlight--;
    waiting.shift()?.();
  }

  async function read<T>(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    shape: AnswerShape<T>,
    restli = true,
  ): Promise<T> {
    await slot();
    try {
      count++;
      let response;
      try {
        response = await send(target, {
          method,
          url,
          headers: { Accept: 'application/json' },
          protocol: restli,
          ...(body !== undefined ? { json: body } : {}),
        });
      } catch (error) {
        throw new UnusableAnswerError(`${method} ${url}: ${whyNoResponse(error)}`);
      }
      if (!response.ok) throw new ReadError(url, response.status, response.text);
      const answered = `${method} ${url} answered ${response.status}`;
      if (!response.text.trim()) throw new UnusableAnswerError(`${answered} with an empty body`);
      if (response.json === undefined)
        throw new UnusableAnswerError(`${answered} with a body that is not JSON: ${quoted(response.text, 100)}`);
      const value = shape.read(response.json);
      if (value === undefined)
        throw new UnusableAnswerError(
          `${answered} with JSON that is not ${shape.expected}: ${quoted(response.text, 100)}`,
        );
      return value;
    } finally {
      release();
    }
  }

  return {
    get: (path, shape) => read('GET', target.baseUrl + path, undefined, shape),
    action: (path, body, shape) => read('POST', target.baseUrl + path, body, shape),
    graphql: (url, body, shape) => read('POST', url, body, shape, false),
    sent: () => count,
  };
}
