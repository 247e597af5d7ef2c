/**
 * Answers worked out from a store's rows, kept until the store's next write. Whether anything was
 * written is the store's count of ended transactions (`CatalogStore.writes`): every write of its rows
 * is in one, and the count only grows, so an answer is used again only while no transaction has ended
 * since it was worked out. No other connection can write the data (the store holds it in memory or
 * under an exclusive lock), and inside a transaction nothing is kept or used (what it wrote may yet be
 * rolled back).
 */

/** What a cache asks of its store (`CatalogStore`). */
export interface WrittenStore {
  readonly writes: number;
  readonly inTransaction: boolean;
}

export interface Kept<T> {
  value: T;
  /** The size that counts against the cache's budget (a text's length). */
  size: number;
}

export class AnswerCache<T> {
  private answers = new Map<string, Kept<T>>();
  private writesSeen = -1;
  private sizeKept = 0;

  /** `budget`: the total size kept; past it everything is dropped and the cache fills anew. */
  constructor(
    private readonly store: WrittenStore,
    private readonly budget: number,
  ) {}

  /**
   * The store's count of writes an answer worked out from now is kept against (see `keep`), every
   * answer kept under an earlier count dropped; undefined inside a transaction.
   */
  since(): number | undefined {
    if (this.store.inTransaction) return undefined;
    const writes = this.store.writes;
    if (writes !== this.writesSeen) {
      this.answers.clear();
      this.sizeKept = 0;
      this.writesSeen = writes;
    }
    return writes;
  }

  /** The answer kept for `key`, asked right after `since()` gave a count. */
  kept(key: string): T | undefined {
    return this.answers.get(key)?.value;
  }

  /**
   * Keeps an answer worked out after `since()` gave `since`, unless the store was written meanwhile
   * (work that waited, or wrote, may have read rows of both sides of the write).
   */
  keep(key: string, worked: Kept<T>, since: number | undefined): void {
    if (since === undefined || worked.size > this.budget || this.since() !== since) return;
    if (this.sizeKept + worked.size > this.budget) {
      this.answers.clear();
      this.sizeKept = 0;
    }
    this.answers.set(key, worked);
    this.sizeKept += worked.size;
  }

  /**
   * The answer for `key`: the one kept when the store was not written since, otherwise `work()`'s,
   * kept when it says so (an answer that holds the time of its read is not).
   */
  answer(key: string, work: () => Kept<T> | { value: T; size?: undefined }): T {
    const since = this.since();
    const known = since === undefined ? undefined : this.kept(key);
    if (known !== undefined) return known;
    const worked = work();
    if (worked.size !== undefined) this.keep(key, worked as Kept<T>, since);
    return worked.value;
  }
}

/** One cache per store, made when first asked for (each session has a store of its own). */
export function answerCaches<T>(budget: number): (store: WrittenStore) => AnswerCache<T> {
  const caches = new WeakMap<WrittenStore, AnswerCache<T>>();
  return (store) => {
    let cache = caches.get(store);
    if (!cache) caches.set(store, (cache = new AnswerCache<T>(store, budget)));
    return cache;
  };
}
