/**
 * `search_totals`: the number of entities indexed (of every type, soft-deleted ones too) and of
 * their tokens queried by default, kept up to date by every document write, for BM25 (ranking.ts).
 */
import type { Database } from 'better-sqlite3';

export interface SearchTotals {
  read(): { docs: number; terms: number };
  add(docs: number, terms: number): void;
}

export function createTotals(db: Database): SearchTotals {
  const read = db.prepare<[], { docs: number; terms: number }>('SELECT docs, terms FROM search_totals');
  const add = db.prepare('UPDATE search_totals SET docs = docs + ?, terms = terms + ?');
  return {
    read: () => read.get() as { docs: number; terms: number },
    add: (docs, terms) => void add.run(docs, terms),
  };
}
