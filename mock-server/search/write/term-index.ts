/**
 * The inverted index of the analyzed values, in plain B-tree tables (not FTS5: FTS5 wrote a new
 * segment of each of its tables at every commit, and rewrote an entity's whole ranking row when one
 * of its values changed, which was most of the cost of a write):
 * - `search_term`: one row per (token, entity) for the values of fields queried by default, with
 *   the token's boosted frequency (the sum of the boosts of the values holding it, in thousandths,
 *   so that adding and taking back boosts stays exact) and the number of those values;
 * - `search_term_docs`: how many entities hold each token there, for BM25's IDF;
 * - `search_field_term`: one row per (token, text field, entity), for `field:value` on text fields.
 * A write changes only the rows of the tokens whose count changed: rewriting a description changes
 * the rows of the words that came and went, not those of the words both versions share.
 */
import type { Database } from 'better-sqlite3';
import { createTermLists, prefixRowParams, type TermLists } from '../memory/term-lists.js';

export const TERM_SCHEMA = `
CREATE TABLE IF NOT EXISTS search_term (
  term TEXT NOT NULL,
  doc_id INTEGER NOT NULL,
  f INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (term, doc_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS search_term_docs (
  term TEXT PRIMARY KEY,
  docs INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS search_field_term (
  term TEXT NOT NULL,
  field TEXT NOT NULL,
  doc_id INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (term, field, doc_id)
) WITHOUT ROWID;
`;

export const TERM_TABLES = ['search_term', 'search_term_docs', 'search_field_term'];

/** Boosts are stored in thousandths (integers), so that taking a value back restores the exact sum. */
export const BOOST_UNIT = 1000;

/** How a field's values enter the index. */
export interface TermField {
  name: string;
  /** Queried by default: its tokens are ranked, with this boost. */
  queryByDefault: boolean;
  boost: number;
  /** A text field: `field:value` looks its tokens up. */
  text: boolean;
}

/** The number of values holding each token. */
export function tokenCounts(tokenLists: Iterable<readonly string[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tokens of tokenLists) for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/**
 * The token rows of a whole document, gathered over its fields before they are written, so that the
 * new documents of a transaction write their ranked tokens and counts in two statements in all (each
 * reading its rows from one JSON array) and each field token row once, instead of two or three
 * statements per token and field: most of the cost of writing many new entities.
 */
export class DocumentTerms {
  /** [term, boosted frequency, values] of the tokens queried by default. */
  readonly ranked = new Map<string, [f: number, n: number]>();
  /** [term, field, values] of the tokens of text fields. */
  readonly fielded = new Map<string, [term: string, field: string, n: number]>();

  /** Adds the tokens of the values of one field (one token list per value). */
  add(field: TermField, tokenLists: readonly (readonly string[])[]): void {
    if (!field.queryByDefault && !field.text) return;
    const weight = Math.round(field.boost * BOOST_UNIT);
    for (const [term, n] of tokenCounts(tokenLists)) {
      if (field.queryByDefault) {
        const row = this.ranked.get(term);
        if (row) {
          row[0] += weight * n;
          row[1] += n;
        } else this.ranked.set(term, [weight * n, n]);
      }
      if (field.text) {
        const key = `${field.name}\u0000${term}`;
        const row = this.fielded.get(key);
        if (row) row[2] += n;
        else this.fielded.set(key, [term, field.name, n]);
      }
    }
  }
}

export interface TermIndex {
  /** Adds `delta` values holding each token (negative: values taken back) to the field's rows of the entity. */
  adjust(docId: number, field: TermField, deltas: ReadonlyMap<string, number>): void;
  /** Holds back the token rows of an entity that has none, until `flush()`. */
  insertDocument(docId: number, terms: DocumentTerms): void;
  /** Writes the token rows held back: before the transaction commits, and before any read of them. */
  flush(): void;
  /** Whether token rows are held back. */
  readonly pending: boolean;
  /** How many entities hold the token in a value queried by default. */
  docsWith(term: string): number;
  /** The sum of `docsWith` over the tokens a prefix begins (an entity holding several counts for each). */
  docsWithPrefix(prefix: string): number;
  /** The tokens' posting lists kept in memory, dropped when a token's rows change (../memory/term-lists.ts). */
  readonly lists: TermLists;
  /** The tables were emptied. */
  cleared(): void;
}

export function createTermIndex(db: Database): TermIndex {
  // A token that comes into an entity's field is usually new there, and one that goes usually leaves
  // it: the plain insert and the delete of the exact count are tried first (no upsert, no RETURNING),
  // and the row's count is moved only when the entity still holds the token elsewhere.
  const insertTerm = db.prepare<[string, number, number, number]>(
    'INSERT OR IGNORE INTO search_term (term, doc_id, f, n) VALUES (?, ?, ?, ?)',
  );
  const moveTerm = db.prepare<[number, number, string, number]>(
    'UPDATE search_term SET f = f + ?, n = n + ? WHERE term = ? AND doc_id = ?',
  );
  const dropTerm = db.prepare<[string, number, number]>(
    'DELETE FROM search_term WHERE term = ? AND doc_id = ? AND n = ?',
  );
  const countDoc = db.prepare<[string]>(
    'INSERT INTO search_term_docs (term, docs) VALUES (?, 1) ON CONFLICT DO UPDATE SET docs = docs + 1',
  );
  // The last entity holding a token takes its row away; otherwise its count goes down (a plain delete
  // and update: an update with RETURNING fills a temporary table, and cost more than both).
  const dropLastDoc = db.prepare<[string]>('DELETE FROM search_term_docs WHERE term = ? AND docs = 1');
  const uncountDoc = db.prepare<[string]>('UPDATE search_term_docs SET docs = docs - 1 WHERE term = ?');
  const docsWith = db.prepare<[string], number>('SELECT docs FROM search_term_docs WHERE term = ?').pluck();
  const docsWithPrefix = db
    .prepare<[string, string], number>(
      'SELECT COALESCE(SUM(docs), 0) FROM search_term_docs WHERE term >= ? AND term < ?',
    )
    .pluck();
  const insertFieldTerm = db.prepare<[string, string, number, number]>(
    'INSERT OR IGNORE INTO search_field_term (term, field, doc_id, n) VALUES (?, ?, ?, ?)',
  );
  const moveFieldTerm = db.prepare<[number, string, string, number]>(
    'UPDATE search_field_term SET n = n + ? WHERE term = ? AND field = ? AND doc_id = ?',
  );
  const dropFieldTerm = db.prepare<[string, string, number, number]>(
    'DELETE FROM search_field_term WHERE term = ? AND field = ? AND doc_id = ? AND n = ?',
  );

  const lists = createTermLists(db);

  /** Whether the entity's row of the token came or went (the number of entities holding the token changes). */
  function moveRanked(term: string, docId: number, f: number, delta: number): boolean {
    lists.touched(term);
    if (
      delta > 0 ? insertTerm.run(term, docId, f, delta).changes === 1 : dropTerm.run(term, docId, -delta).changes === 1
    )
      return true;
    moveTerm.run(f, delta, term, docId);
    return false;
  }

  function moveFielded(term: string, field: string, docId: number, delta: number): void {
    if (
      delta > 0
        ? insertFieldTerm.run(term, field, docId, delta).changes === 1
        : dropFieldTerm.run(term, field, docId, -delta).changes === 1
    )
      return;
    moveFieldTerm.run(delta, term, field, docId);
  }

  // Upserts, although the entity has no rows yet, so that a mistake could only add, never fail a write.
  const insertTerms = db.prepare(
    'INSERT INTO search_term (term, doc_id, f, n) SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(?) j WHERE true ' +
      'ON CONFLICT DO UPDATE SET f = f + excluded.f, n = n + excluded.n',
  );
  const countNewTerms = db.prepare(
    'INSERT INTO search_term_docs (term, docs) SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?) j WHERE true ON CONFLICT DO UPDATE SET docs = docs + excluded.docs',
  );
  // The field token rows (about 50 a dataset) one by one: measured, through json_each they cost about
  // a fifth more, where the value and ranked token rows cost the same both ways.
  const insertFieldTerms = db.prepare<[[term: string, field: string, docId: number, n: number]]>(
    'INSERT INTO search_field_term (term, field, doc_id, n) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n',
  );

  // The rows of the new documents of the open transaction, and the number of them holding each token.
  let ranked: [term: string, docId: number, f: number, n: number][] = [];
  let fielded: [term: string, field: string, docId: number, n: number][] = [];
  let newDocs = new Map<string, number>();

  return {
    insertDocument(docId, terms) {
      for (const [term, [f, n]] of terms.ranked) {
        lists.touched(term);
        ranked.push([term, docId, f, n]);
        newDocs.set(term, (newDocs.get(term) ?? 0) + 1);
      }
      for (const [term, field, n] of terms.fielded.values()) fielded.push([term, field, docId, n]);
    },
    flush() {
      if (ranked.length > 0) {
        insertTerms.run(JSON.stringify(ranked));
        countNewTerms.run(JSON.stringify([...newDocs]));
      }
      for (const row of fielded) insertFieldTerms.run(row);
      ranked = [];
      fielded = [];
      newDocs = new Map();
    },
    get pending() {
      return ranked.length > 0 || fielded.length > 0;
    },
    adjust(docId, field, deltas) {
      const weight = Math.round(field.boost * BOOST_UNIT);
      for (const [term, delta] of deltas) {
        if (delta === 0) continue;
        if (field.queryByDefault && moveRanked(term, docId, weight * delta, delta)) {
          if (delta > 0) countDoc.run(term);
          else if (dropLastDoc.run(term).changes === 0) uncountDoc.run(term);
        }
        if (field.text) moveFielded(term, field.name, docId, delta);
      }
    },
    docsWith: (term) => (docsWith.get(term) as number | undefined) ?? 0,
    docsWithPrefix: (prefix) => {
      const [, , low, high] = prefixRowParams(prefix);
      return docsWithPrefix.get(low!, high!) as number;
    },
    lists,
    cleared: lists.cleared,
  };
}
