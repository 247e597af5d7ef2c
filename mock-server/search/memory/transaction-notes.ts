/**
 * What the search tables' writes touched, kept for what is held in memory beside the tables (the
 * document columns, document-columns.ts; the posting lists, term-lists.ts): a read inside a
 * transaction may see rows that a rollback takes back, so what it touched is remembered, and read
 * again or forgotten once no transaction is open.
 */
import type { Database } from 'better-sqlite3';

/** Keys noted one by one up to a bound; past it, every key counts as noted (and none is kept). */
export class NotedKeys<K> {
  private keys = new Set<K>();
  private every = false;

  constructor(private readonly most: number) {}

  /** Every key counts as noted (past the bound, or after the tables were emptied). */
  get everything(): boolean {
    return this.every;
  }

  /** Whether anything is noted. */
  get any(): boolean {
    return this.every || this.keys.size > 0;
  }

  note(key: K): void {
    if (this.every) return;
    if (this.keys.size >= this.most) this.noteEverything();
    else this.keys.add(key);
  }

  noteEverything(): void {
    this.every = true;
    this.keys = new Set();
  }

  has(key: K): boolean {
    return this.every || this.keys.has(key);
  }

  /** The keys noted one by one (none once everything is). */
  values(): IterableIterator<K> {
    return this.keys.values();
  }

  clear(): void {
    this.every = false;
    this.keys = new Set();
  }
}

/**
 * A scheduler of `settled`: asked while a transaction is open, it waits (a tick of the event loop at
 * a time) until none is, then calls `settled` once; a closed database ends the wait.
 */
export function afterTransaction(db: Database, settled: () => void): () => void {
  let waiting = false;
  const schedule = (): void => {
    if (waiting) return;
    waiting = true;
    setImmediate(() => {
      waiting = false;
      if (!db.open) return;
      if (db.inTransaction) schedule();
      else settled();
    });
  };
  return schedule;
}
