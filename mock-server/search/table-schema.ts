/**
 * The schema of the search tables and its layout. The tables, written for an entity inside the
 * write transaction:
 * - `search_document`: one row per entity (urn, entity type, removed), with the ids of its
 *   aggregated values (`facets`, so that aggregations over a result read one small row per hit);
 * - `search_signature`: a signature of each field's rows per entity, so that a write rewrites only
 *   the fields that changed (kept apart so that queries read small document rows);
 * - `search_value`: one row per (entity, field, distinct value), for filters and `field:value` queries
 *   (its indexes end with doc_id, so that the entities a condition selects are read from the index alone;
 *   the values of text fields in lower-cased order too, for a sorted search to walk: query/sorted-walk.ts,
 *   an index a data file of an earlier build gets at open);
 * - `search_text_row`: one row per analyzed value (of a text field, a field queried by default or an
 *   autocomplete field), for matchedFields, and to know which tokens a rewritten field takes back;
 * - the inverted index of their tokens (write/term-index.ts), and `search_totals`: the number of entities
 *   and of their tokens queried by default, for BM25 (query/ranking.ts);
 * - `search_autocomplete` (FTS5, with prefix indexes for the word being typed): the tokens of the
 *   text rows of autocomplete fields, and `search_suggestion` those rows (same ids) with what
 *   autocomplete reads (field, value, boost, entity type, removed), in a table of their own that
 *   stays small. FTS5 merges its sorted lists of a word and of a prefix several times faster than
 *   B-tree lookups can, and only writes that change an autocomplete value (a name) pay its commit;
 *   the suggestions of an entity type in ranking order too (an index a data file of an earlier
 *   build gets at open), so that a prefix matching thousands of rows reads its first ones in order;
 * - `search_facet`: the aggregated (entity, field, value) triples with an id and the number of
 *   entities that are not removed holding them, so that a search matching everything reads its
 *   aggregations without touching the documents;
 * - `search_browse`: one row per (entity, folder, child) along each browse path, so that a
 *   browse reads one folder's rows; its folder's entities by doc_id, so that counting them reads
 *   them in order instead of sorting them (an index a data file of an earlier build gets at open).
 */
import type { Database } from 'better-sqlite3';
import { TERM_SCHEMA, TERM_TABLES } from './write/term-index.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_document (
  doc_id INTEGER PRIMARY KEY,
  urn TEXT NOT NULL UNIQUE,
  entity TEXT NOT NULL,
  removed INTEGER NOT NULL,
  facets TEXT NOT NULL,
  terms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS search_signature (
  doc_id INTEGER PRIMARY KEY,
  signatures TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS search_document_by_entity ON search_document (entity, removed, urn);
CREATE TABLE IF NOT EXISTS search_value (
  doc_id INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  last_part TEXT,
  num REAL
);
CREATE INDEX IF NOT EXISTS search_value_by_doc ON search_value (doc_id, field);
CREATE INDEX IF NOT EXISTS search_value_by_value ON search_value (field, value, doc_id);
CREATE INDEX IF NOT EXISTS search_value_by_last_part ON search_value (field, last_part, doc_id) WHERE last_part IS NOT NULL;
CREATE INDEX IF NOT EXISTS search_value_by_number ON search_value (field, num, doc_id) WHERE num IS NOT NULL;
CREATE INDEX IF NOT EXISTS search_value_by_lower ON search_value (field, value GLOB '*[^ -~]*', lower(value), doc_id) WHERE num IS NULL AND last_part IS NULL;
CREATE TABLE IF NOT EXISTS search_text_row (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  query_by_default INTEGER NOT NULL,
  text INTEGER NOT NULL,
  autocomplete INTEGER NOT NULL,
  boost REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS search_text_row_by_doc ON search_text_row (doc_id, field);
CREATE TABLE IF NOT EXISTS search_totals (docs INTEGER NOT NULL, terms INTEGER NOT NULL);
INSERT INTO search_totals SELECT 0, 0 WHERE NOT EXISTS (SELECT 1 FROM search_totals);
CREATE TABLE IF NOT EXISTS search_suggestion (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL,
  entity TEXT NOT NULL,
  removed INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  boost REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS search_suggestion_ranked ON search_suggestion (entity, removed, boost DESC, length(value), value);
CREATE VIRTUAL TABLE IF NOT EXISTS search_autocomplete USING fts5 (tokens, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3');
CREATE TABLE IF NOT EXISTS search_facet (
  id INTEGER PRIMARY KEY,
  entity TEXT NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  UNIQUE (entity, field, value)
);
CREATE TABLE IF NOT EXISTS search_browse (
  doc_id INTEGER NOT NULL,
  entity TEXT NOT NULL,
  removed INTEGER NOT NULL,
  parent TEXT NOT NULL,
  child TEXT NOT NULL,
  leaf INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS search_browse_by_folder ON search_browse (entity, removed, parent, leaf, child, doc_id);
CREATE INDEX IF NOT EXISTS search_browse_by_doc ON search_browse (doc_id);
CREATE INDEX IF NOT EXISTS search_browse_folder_docs ON search_browse (entity, removed, parent, doc_id);
`;

/**
 * The layout of the tables below; a data file written with another one (or before layouts were
 * recorded) has its search tables dropped at open, and the store rebuilds them from its aspects.
 * The analyzer is part of the layout: the rows of a value are deleted by its tokens analyzed anew.
 */
const LAYOUT = 3;
/** Every search table of this layout and of the earlier ones (FTS5 tables up to layout 2). */
const TABLES = [
  'search_document',
  'search_signature',
  'search_value',
  'search_text_row',
  ...TERM_TABLES,
  'search_totals',
  'search_suggestion',
  'search_autocomplete',
  'search_facet',
  'search_browse',
  'search_text',
  'search_fulltext',
];

/**
 * Creates the search tables of this layout; returns whether tables of another layout were dropped
 * (a new database has none: nothing to rebuild).
 */
export function createSchema(db: Database): boolean {
  const recorded = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'search_layout'").get()
    ? db.prepare<[], number>('SELECT version FROM search_layout').pluck().get()
    : undefined;
  let replaced = false;
  if (recorded !== LAYOUT) {
    replaced = TABLES.some((t) => db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(t));
    db.exec([...TABLES, 'search_layout'].map((t) => `DROP TABLE IF EXISTS ${t};`).join(' '));
    db.exec(`CREATE TABLE search_layout (version INTEGER NOT NULL); INSERT INTO search_layout VALUES (${LAYOUT});`);
  }
  db.exec(SCHEMA + TERM_SCHEMA);
  return replaced;
}

/** Empties every search table of this layout. */
export function clearTables(db: Database): void {
  db.exec(
    `${TERM_TABLES.map((t) => `DELETE FROM ${t};`).join(' ')} DELETE FROM search_autocomplete; DELETE FROM search_suggestion; DELETE FROM search_text_row; ` +
      'DELETE FROM search_value; DELETE FROM search_facet; DELETE FROM search_browse; DELETE FROM search_signature; DELETE FROM search_document; UPDATE search_totals SET docs = 0, terms = 0;',
  );
}
