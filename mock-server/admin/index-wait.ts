/**
 * `GET /__mock/indexed/{urn}`: whether the session's reads see an entity's writes, answered as soon as
 * they do. The store knows its index lag, so nothing is polled: the answer waits for the due time of the
 * entity's last queued rebuild (or hidden point), or, for an entity not yet written, for the store's next
 * write, and goes out with `indexed` false once `waitMs` has passed. A client that goes away stops the wait.
 */
import type { CatalogStore } from '../store/catalog-store.js';

export type IndexedIn = 'search' | 'browse' | 'lineage' | 'timeseries';

export interface IndexState {
  urn: string;
  in: IndexedIn;
  written: boolean;
  indexed: boolean;
  waitedMs: number;
}

/**
 * Calls `answer` once the entity is indexed in `kind`'s reads or `waitMs` has passed, or with undefined
 * once `closed()` says the session (and its store) went away meanwhile; returns the cancellation (the
 * connection closed).
 */
export function whenIndexed(
  store: CatalogStore,
  urn: string,
  kind: IndexedIn,
  waitMs: number,
  closed: () => boolean,
  answer: (state: IndexState | undefined) => void,
): () => void {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const stop = (): void => {
    done = true;
    clearTimeout(timer);
    removeListener();
  };
  const check = (): void => {
    if (done) return;
    if (closed()) {
      stop();
      return answer(undefined);
    }
    const { written, visibleInMs } = store.indexState(urn, kind === 'timeseries');
    const waitedMs = Date.now() - started;
    const indexed = written && visibleInMs === 0;
    if (indexed || waitedMs >= waitMs) {
      stop();
      return answer({ urn, in: kind, written, indexed, waitedMs });
    }
    clearTimeout(timer);
    const left = waitMs - waitedMs;
    // Written: the lag's due time; not yet written: the next write wakes the check before the time is up.
    timer = setTimeout(check, written ? Math.min(visibleInMs, left) : left);
  };
  // A write's transaction tells the listener before it commits: the check runs once it has.
  const removeListener = store.onWrite(() => setImmediate(check));
  check();
  return stop;
}
