/**
 * Reads of one deployment, politely: at most `concurrency` requests in flight and at most `rate`
 * started per second, the bearer token on each (and nowhere else), Rest.li protocol 2.0.0. Only reads
 * are sent: GETs and the POST actions that read (search, browse, getTimeseriesAspectValues).
 */
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

/** A read the deployment did not answer with 2xx: the URL and what came back. */
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
  const base = options.from.replace(/\/+$/, '');
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

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    await slot();
    const url = base + path;
    try {
      count++;
      const headers: Record<string, string> = { Accept: 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await response.text();
      if (!response.ok) throw new ReadError(url, response.status, text);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ReadError(url, response.status, `not JSON: ${text}`);
      }
    } finally {
      release();
    }
  }

  return {
    get: (path) => send('GET', path),
    action: (path, body) => send('POST', path, body),
    sent: () => count,
  };
}
