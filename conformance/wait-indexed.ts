/**
 * `waitForIndexed(target, urn, {in, timeoutMs})`: waits until a written entity is seen by a deployment's
 * search, browse, lineage or time series reads, in place of a test's sleep. On the mock it asks the
 * store, which knows its index lag (`GET /__mock/indexed/{urn}`: one answer, given as soon as the entity
 * is indexed); on a live deployment, which has no such endpoint, it polls the read API, a search for the
 * URN, until the entity appears. DataHub's consumer writes an entity's search document, its graph edges
 * and its time series points from the same change-log event, so the search document appearing is the
 * deployment's sign that the write was indexed; a time series point written to an entity already in
 * search is seen by that poll at once (the mock's answer has no such gap). Past `timeoutMs`, an
 * `IndexWaitTimeoutError` says what was waited for and what was seen.
 */
import { deploymentTarget, send, whyNoResponse, type DeploymentTarget } from '../deployment/index.js';

export type IndexedIn = 'search' | 'browse' | 'lineage' | 'timeseries';
export const INDEXED_IN: readonly IndexedIn[] = ['search', 'browse', 'lineage', 'timeseries'];

export interface WaitForIndexedOptions {
  /** Which reads must see the entity (default search). */
  in?: IndexedIn;
  /** How long to wait at most (default 30000). */
  timeoutMs?: number;
  /** Bearer token for a live deployment's GraphQL. */
  token?: string;
}

export interface Indexed {
  urn: string;
  in: IndexedIn;
  waitedMs: number;
  /** How the answer was had: the mock's admin answer, or polling a live deployment's search. */
  via: 'mock' | 'search';
}

/** The entity was not indexed within the time given; the message says whether it was written at all. */
export class IndexWaitTimeoutError extends Error {}

export const DEFAULT_INDEX_WAIT_MS = 30_000;
const POLL_MS = 250;

const SEARCH_URN =
  'query waitForIndexed($urn: String!) { searchAcrossEntities(input: {query: "*", start: 0, count: 1, orFilters: [{and: [{field: "urn", values: [$urn]}]}]}) { total } }';

interface MockIndexState {
  written: boolean;
  indexed: boolean;
  waitedMs: number;
}

function isIndexState(json: unknown): json is MockIndexState {
  const state = json as Partial<MockIndexState> | null;
  return typeof state?.written === 'boolean' && typeof state.indexed === 'boolean';
}

/** The mock's answer; undefined when the target has no such endpoint (a live deployment). */
async function askMock(
  target: DeploymentTarget,
  urn: string,
  kind: IndexedIn,
  timeoutMs: number,
): Promise<MockIndexState | undefined> {
  const url = `${target.baseUrl}/__mock/indexed/${encodeURIComponent(urn)}?in=${kind}&waitMs=${timeoutMs}`;
  const response = await send(target, {
    url,
    headers: { Accept: 'application/json' },
    // The answer may take the whole wait, and then some to travel.
    timeoutMs: timeoutMs + target.timeoutMs,
  });
  if (response.status === 200 && isIndexState(response.json)) return response.json;
  if (response.status === 400) {
    const message = (response.json as { message?: unknown } | undefined)?.message;
    throw new Error(`the mock refused the wait for ${urn}: ${String(message ?? response.text.slice(0, 200))}`);
  }
  return undefined;
}

/** Whether a live deployment's search finds the URN now. */
async function searchFinds(target: DeploymentTarget, urn: string): Promise<boolean> {
  const response = await send(target, {
    method: 'POST',
    url: target.graphqlUrl,
    json: { query: SEARCH_URN, variables: { urn } },
    headers: { Accept: 'application/json' },
  });
  const total = (response.json as { data?: { searchAcrossEntities?: { total?: unknown } } } | undefined)?.data
    ?.searchAcrossEntities?.total;
  return typeof total === 'number' && total > 0;
}

/**
 * Resolves once `urn` is seen by the reads `options.in` names on `target` (a base URL, as the mock's
 * `url` or a deployment's GMS address); rejects with IndexWaitTimeoutError after `timeoutMs`.
 */
export async function waitForIndexed(
  target: string | { baseUrl: string; graphqlUrl?: string },
  urn: string,
  options: WaitForIndexedOptions = {},
): Promise<Indexed> {
  const kind = options.in ?? 'search';
  if (!INDEXED_IN.includes(kind)) throw new Error(`in: '${String(kind)}' is not one of ${INDEXED_IN.join(', ')}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_INDEX_WAIT_MS;
  const deployment = deploymentTarget({
    ...(typeof target === 'string' ? { baseUrl: target } : target),
    ...(options.token ? { token: options.token } : {}),
  });
  const started = Date.now();
  let state: MockIndexState | undefined;
  try {
    state = await askMock(deployment, urn, kind, timeoutMs);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('the mock refused')) throw error;
    throw new Error(`cannot ask ${deployment.baseUrl} whether ${urn} is indexed: ${whyNoResponse(error)}`);
  }
  if (state) {
    if (state.indexed) return { urn, in: kind, waitedMs: Date.now() - started, via: 'mock' };
    throw new IndexWaitTimeoutError(
      state.written
        ? `${urn} was written to the mock but not yet indexed for ${kind} reads within ${timeoutMs} ms (its index lag is longer: see --index-lag-ms)`
        : `${urn} was never written to the mock within ${timeoutMs} ms: nothing to wait for in ${kind} reads (is the URN right, and the write in the same session?)`,
    );
  }
  for (;;) {
    let found = false;
    try {
      found = await searchFinds(deployment, urn);
    } catch {
      // A failed poll is one more try, until the time is up.
    }
    const waitedMs = Date.now() - started;
    if (found) return { urn, in: kind, waitedMs, via: 'search' };
    if (waitedMs >= timeoutMs)
      throw new IndexWaitTimeoutError(
        `${urn} did not appear in ${deployment.graphqlUrl}'s search within ${timeoutMs} ms (never written, or its indexing is slower)`,
      );
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, timeoutMs - waitedMs)));
  }
}
