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
   * The answer for `key`: the one kept when no row has changed since, otherwise `work()`'s, kept
   * when it says so (an answer that holds the time of its read is not).
   */
  answer(key: string, work: () => Kept<T> | { value: T; size?: undefined }): T {
    if (this.db.inTransaction) return work().value;
    const changes = this.changes.get() as number;
    if (changes !== this.changesSeen) {
      this.answers.clear();
      this.sizeKept = 0;
      this.changesSeen = changes;
    } else {
      const known = this.answers.get(key);
      if (known) return known.value;
    }
    const worked = work();
    if (worked.size === undefined || worked.size > this.budget) return worked.value;
    if (this.sizeKept + worked.size > this.budget) {
      this.answers.clear();
      this.sizeKept = 0;
    }
    this.answers.set(key, worked as Kept<T>);
    this.sizeKept += worked.size;
    return worked.value;
  }
}
