/**
 * The search tables of one database, assembled: their schema and layout (table-schema.ts), the
 * writes of entity documents (write/document-rows.ts over write/row-statements.ts and write/signatures.ts), the
 * token index (write/term-index.ts) and the totals (write/totals.ts), and a cache of the query statements
 * the search, autocomplete and browse actions build.
 */
import type { Database, Statement } from 'better-sqlite3';
import { createDocumentColumns, type Columns } from './memory/document-columns.js';
import { createDocumentRows, type DocumentRows } from './write/document-rows.js';
import { prepareRowStatements } from './write/row-statements.js';
import { createSignatures } from './write/signatures.js';
import { clearTables, createSchema } from './table-schema.js';
import { createTermIndex, type TermIndex } from './write/term-index.js';
import { createTotals } from './write/totals.js';

export interface SearchTables extends DocumentRows {
  readonly db: Database;
  /** Tables of an earlier layout were dropped when these were created: they need a rebuild. */
  readonly replaced: boolean;
  /** The entities indexed (of every type, soft-deleted ones too) and their tokens queried by default, for BM25. */
  totals(): { docs: number; terms: number };
  readonly terms: TermIndex;
  /** What the counting pass reads of every document, in step with the table (memory/document-columns.ts). */
  columns(): Columns;
  clear(): void;
  count(): number;
  /** A statement for dynamically built query SQL, prepared once per distinct text (and per `pluck`). */
  statement(sql: string, pluck?: boolean): Statement;
}

// Query SQL varies with the shape of the request (number of clauses, filter criteria), not its values.
const MAX_STATEMENTS = 500;

export function createSearchTables(db: Database): SearchTables {
  const replaced = createSchema(db);
  const terms = createTermIndex(db);
  const rows = prepareRowStatements(db);
  const totals = createTotals(db);
  const columns = createDocumentColumns(db);
  const documents = createDocumentRows(rows, terms, totals, createSignatures(), columns.changed);
  const statements = new Map<string, Statement>();
  return {
    replaced,
    db,
    terms,
    totals: totals.read,
    write: documents.write,
    remove: documents.remove,
    flush: documents.flush,
    columns: columns.read,
    clear() {
      documents.flush();
      clearTables(db);
      columns.cleared();
      terms.cleared();
    },
    count: () => (rows.countDocs.get() as { n: number }).n,
    statement(sql, pluck = false) {
      const key = pluck ? `pluck:${sql}` : sql;
      let s = statements.get(key);
      if (!s) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        s = pluck ? db.prepare(sql).pluck() : db.prepare(sql);
        statements.set(key, s);
      }
      return s;
    },
  };
}
