/**
 * Answers worked out from a store's rows, kept until the store's next write. Whether anything was
 * written is SQLite's own count of the rows every INSERT, UPDATE and DELETE on the connection changed
 * (`total_changes()`, triggers included, whichever code wrote them): it only grows, so an answer is
 * used again only while not one row of the database has changed since it was worked out. No other
 * connection can write the data (the store holds it in memory or under an exclusive lock), and inside
 * a transaction nothing is kept or used (what it wrote may yet be rolled back).
 */
import type { Database, Statement } from 'better-sqlite3';

export interface Kept<T> {
  value: T;
  /** The size that counts against the cache's budget (a text's length). */
  size: number;
}

export class AnswerCache<T> {
  private answers = new Map<string, Kept<T>>();
  private changesSeen = -1;
  private sizeKept = 0;
  private readonly changes: Statement<[], number>;

  /** `budget`: the total size kept; past it everything is dropped and the cache fills anew. */
  constructor(
    private readonly db: Database,
    private readonly budget: number,
  ) {
    this.changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  /**
   * The count of changed rows an answer worked out from now is kept against (see `keep`), every
   * answer kept under an earlier count dropped; undefined inside a transaction.
   */
  since(): number | undefined {
    if (this.db.inTransaction) return undefined;
    const changes = this.changes.get() as number;
    if (changes !== this.changesSeen) {
      this.answers.clear();
      this.sizeKept = 0;
      this.changesSeen = changes;
    }
    return changes;
  }

  /** The answer kept for `key`, asked right after `since()` gave a count. */
  kept(key: string): T | undefined {
    return this.answers.get(key)?.value;
  }

  /**
   * Keeps an answer worked out after `since()` gave `since`, unless a row changed meanwhile (work that
   * waited, or wrote, may have read rows of both sides of the change).
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
   * The answer for `key`: the one kept when no row has changed since, otherwise `work()`'s, kept
   * when it says so (an answer that holds the time of its read is not).
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

/** One cache per database, made when first asked for (each session's store has its own database). */
export function answerCaches<T>(budget: number): (db: Database) => AnswerCache<T> {
  const caches = new WeakMap<Database, AnswerCache<T>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new AnswerCache<T>(db, budget)));
    return cache;
  };
}
