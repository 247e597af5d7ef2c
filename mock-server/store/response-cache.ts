/**
 * Cached responses: responses worked out from a store's rows, cached until the store's next write.
 * Whether anything was written is the store's count of ended transactions (`CatalogStore.writes`):
 * every write of its rows is in one, and the count only grows, so a cached response is used again only
 * while no transaction has ended since it was worked out. No other connection can write the data (the
 * store holds it in memory or under an exclusive lock), and inside a transaction nothing is cached or
 * used (what it wrote may yet be rolled back).
 */

/** What a cache asks of its store (`CatalogStore`). */
export interface WrittenStore {
  readonly writes: number;
  readonly inTransaction: boolean;
}

export interface Cached<T> {
  value: T;
  /** The size that counts against the cache's budget (a text's length). */
  size: number;
}

export class ResponseCache<T> {
  private responses = new Map<string, Cached<T>>();
  private writesSeen = -1;
  private sizeCached = 0;

  /** `budget`: the total size cached; past it everything is dropped and the cache fills anew. */
  constructor(
    private readonly store: WrittenStore,
    private readonly budget: number,
  ) {}

  /**
   * The store's count of writes a response worked out from now is cached against (see `keep`), every
   * response cached under an earlier count dropped; undefined inside a transaction.
   */
  since(): number | undefined {
    if (this.store.inTransaction) return undefined;
    const writes = this.store.writes;
    if (writes !== this.writesSeen) {
      this.responses.clear();
      this.sizeCached = 0;
      this.writesSeen = writes;
    }
    return writes;
  }

  /** The response cached for `key`, asked right after `since()` gave a count. */
  kept(key: string): T | undefined {
    return this.responses.get(key)?.value;
  }

  /**
   * Caches a response worked out after `since()` gave `since`, unless the store was written meanwhile
   * (work that waited, or wrote, may have read rows of both sides of the write).
   */
  keep(key: string, worked: Cached<T>, since: number | undefined): void {
    if (since === undefined || worked.size > this.budget || this.since() !== since) return;
    if (this.sizeCached + worked.size > this.budget) {
      this.responses.clear();
      this.sizeCached = 0;
    }
    this.responses.set(key, worked);
    this.sizeCached += worked.size;
  }

  /**
   * The response for `key`: the one cached when the store was not written since, otherwise `work()`'s,
   * cached when it says so (a response that holds the time of its read is not).
   */
  getOrPut(key: string, work: () => Cached<T> | { value: T; size?: undefined }): T {
    const since = this.since();
    const known = since === undefined ? undefined : this.kept(key);
    if (known !== undefined) return known;
    const worked = work();
    if (worked.size !== undefined) this.keep(key, worked as Cached<T>, since);
    return worked.value;
  }
}

/** One cache per store, made when first asked for (each session has a store of its own). */
export function responseCaches<T>(budget: number): (store: WrittenStore) => ResponseCache<T> {
  const caches = new WeakMap<WrittenStore, ResponseCache<T>>();
  return (store) => {
    let cache = caches.get(store);
    if (!cache) caches.set(store, (cache = new ResponseCache<T>(store, budget)));
    return cache;
  };
}
