/**
 * An answer that waits for its store's commit: what the response writes while a turn's transaction
 * is open (turn-commit.ts) goes out, in order, once that transaction has committed; if it failed, the
 * connection is closed instead, so the client is never told of rows that were rolled back. With no
 * turn open the response writes at once, as any other.
 */
import type { ServerResponse } from 'node:http';

/** The store as an answer waits for it (`CatalogStore`): whether a turn is open, and a call once it has ended. */
export interface CommittingStore {
  readonly turnOpen: boolean;
  whenCommitted(waiter: (committed: boolean) => void): void;
}

export function holdUntilCommitted(res: ServerResponse, store: CommittingStore): void {
  const write = res.write as (...args: unknown[]) => boolean;
  const end = res.end as (...args: unknown[]) => ServerResponse;
  const later = (send: () => void): void => store.whenCommitted((committed) => (committed ? send() : res.destroy()));
  res.write = function held(this: ServerResponse, ...args: unknown[]): boolean {
    if (!store.turnOpen) return write.apply(this, args);
    later(() => write.apply(this, args));
    return true;
  } as ServerResponse['write'];
  res.end = function held(this: ServerResponse, ...args: unknown[]): ServerResponse {
    if (!store.turnOpen) return end.apply(this, args);
    later(() => end.apply(this, args));
    return this;
  } as ServerResponse['end'];
}
