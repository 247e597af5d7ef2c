/**
 * `search_totals`: the number of entities indexed (of every type, soft-deleted ones too) and of
 * their tokens queried by default, kept up to date by the document writes of each transaction, for BM25 (../query/ranking.ts).
 */
import type { Database } from 'better-sqlite3';

export interface SearchTotals {
  read(): { docs: number; terms: number };
  /** Adds to the totals, written by `flush()` (once per transaction: every document write changes them). */
  add(docs: number, terms: number): void;
  flush(): void;
}

export function createTotals(db: Database): SearchTotals {
  const read = db.prepare<[], { docs: number; terms: number }>('SELECT docs, terms FROM search_totals');
  const add = db.prepare('UPDATE search_totals SET docs = docs + ?, terms = terms + ?');
  let docs = 0;
  let terms = 0;
  return {
    read() {
      const stored = read.get() as { docs: number; terms: number };
      return { docs: stored.docs + docs, terms: stored.terms + terms };
    },
    add(d, t) {
      docs += d;
      terms += t;
    },
    flush() {
      if (docs !== 0 || terms !== 0) add.run(docs, terms);
      docs = 0;
      terms = 0;
    },
  };
}
