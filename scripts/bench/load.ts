/**
 * Drives a server with autocannon and reports throughput and latency percentiles. Every load starts
 * with a warm-up of the same requests that is not counted (one second unless told): the first
 * requests of a fresh process run unoptimised code and fill caches, which a few seconds of
 * measurement would otherwise mix in.
 */
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Body of each request; called with a counter so every request can differ. */
  body?: (n: number) => string;
  seconds?: number;
  connections?: number;
  warmupSeconds?: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  let n = 0;
  const connections = options.connections ?? 16;
  const warmupSeconds = options.warmupSeconds ?? 1;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    duration: options.seconds ?? 5,
    connections,
    ...(warmupSeconds > 0 ? { warmup: { connections, duration: warmupSeconds } } : {}),
    requests: options.body
      ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: options.body!(n++) }) }]
      : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** One JSON POST, which must succeed (setting up a load's data). */
export async function post(url: string, body: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Loads alternated in slices within one run (a, b, a, b… or a, b, c, a, b, c…), each slice a
 * `seconds / slices` share: a change of the machine's speed during the run weighs on all of them
 * alike, so their ratios hold where their absolute figures do not. Only the first slice of each is
 * warmed up.
 */
export async function alternateAll(loads: readonly LoadOptions[], seconds: number, slices = 3): Promise<LoadResult[]> {
  const results: LoadResult[][] = loads.map(() => []);
  for (let i = 0; i < slices; i++) {
    for (const [k, options] of loads.entries()) {
      results[k]!.push(await load({ ...options, seconds: seconds / slices, ...(i > 0 ? { warmupSeconds: 0 } : {}) }));
    }
  }
  const merge = (list: LoadResult[]): LoadResult => ({
    requestsPerSecond: list.reduce((n, r) => n + r.requestsPerSecond, 0) / list.length,
    p50Ms: median(list.map((r) => r.p50Ms)),
    p99Ms: median(list.map((r) => r.p99Ms)),
    errors: list.reduce((n, r) => n + r.errors, 0),
    non2xx: list.reduce((n, r) => n + r.non2xx, 0),
  });
  return results.map(merge);
}

/** Two loads alternated in slices (alternateAll). */
export async function alternate(
  a: LoadOptions,
  b: LoadOptions,
  seconds: number,
  slices = 3,
): Promise<{ a: LoadResult; b: LoadResult }> {
  const [ra, rb] = await alternateAll([a, b], seconds, slices);
  return { a: ra!, b: rb! };
}
