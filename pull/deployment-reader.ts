/**
 * Reads of one deployment, politely: at most `concurrency` requests in flight and at most `rate`
 * started per second, the bearer token on each (and nowhere else), Rest.li protocol 2.0.0. Only reads
 * are sent: GETs and the POST actions that read (search, browse, getTimeseriesAspectValues), through
 * the one transport of deployment/.
 */
import { deploymentTarget, send } from '../deployment/index.js';

export interface ReaderOptions {
  /** Base address of the deployment: GMS itself, or the frontend's `/api/gms`. */
  from: string;
  token?: string;
  /** Requests in flight at most. Default 4. */
  concurrency?: number;
  /** Requests started per second at most. Default 20. */
  rate?: number;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_RATE = 20;

/** A read the deployment did not answer with 2xx: the URL and the response's status and body. */
export class ReadError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    body: string,
  ) {
    super(`${url} answered ${status}: ${body.slice(0, 300)}`);
  }
}

export interface DeploymentReader {
  get(path: string): Promise<unknown>;
  /** A POST action that reads (`/entities?action=search` and the like). */
  action(path: string, body: unknown): Promise<unknown>;
  /** Requests sent so far. */
  sent(): number;
}

export function deploymentReader(options: ReaderOptions): DeploymentReader {
  // Upstream's protocol header, whatever the namespace: the pull has always sent it so.
  const target = deploymentTarget({
    baseUrl: options.from,
    ...(options.token ? { token: options.token } : {}),
    protocolHeaderName: 'X-RestLi-Protocol-Version',
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

  async function read(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    await slot();
    const url = target.baseUrl + path;
    try {
      count++;
      const response = await send(target, {
        method,
        url,
        headers: { Accept: 'application/json' },
        protocol: true,
        ...(body !== undefined ? { json: body } : {}),
      });
      if (!response.ok) throw new ReadError(url, response.status, response.text);
      if (response.json === undefined) throw new ReadError(url, response.status, `not JSON: ${response.text}`);
      return response.json;
    } finally {
      release();
    }
  }

  return {
    get: (path) => read('GET', path),
    action: (path, body) => read('POST', path, body),
    sent: () => count,
  };
}
