/**
 * The search tables, all rewritten for an entity inside the write transaction:
 * - `search_document`: one row per entity (urn, entity type, removed);
 * - `search_value`: one row per (entity, field, distinct value), for filters, `field:value`
 *   queries and aggregations, with the entity type and `removed` copied in;
 * - `search_fulltext` (FTS5): one row per entity holding the tokens of the fields queried by
 *   default, one column per boost (see `queryBoosts`), ranked with BM25 weighted by the boosts;
 * - `search_text_row` and its FTS5 index `search_text`: one row per analyzed value, for
 *   autocomplete, `field:value` on text fields and matchedFields;
 * - `search_facet`: value counts of the aggregated fields over entities that are not removed, so
 *   that a search matching everything reads its aggregations without touching the documents;
 * - `search_browse`: one row per (entity, folder, child) along each browse path, so that a
 *   browse reads one folder's rows.
 * The FTS5 tables are contentless: the other tables keep the values.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SearchDocument } from './document.js';

const FTS_OPTIONS = "content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0'";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_document (
  doc_id INTEGER PRIMARY KEY,
  urn TEXT NOT NULL UNIQUE,
  entity TEXT NOT NULL,
  removed INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS search_document_by_entity ON search_document (entity, removed, urn);
CREATE TABLE IF NOT EXISTS search_value (
  doc_id INTEGER NOT NULL,
  entity TEXT NOT NULL,
  removed INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  last_part TEXT,
  num REAL,
  facet INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS search_value_by_doc ON search_value (doc_id, field);
CREATE INDEX IF NOT EXISTS search_value_by_value ON search_value (field, value);
CREATE INDEX IF NOT EXISTS search_value_by_last_part ON search_value (field, last_part) WHERE last_part IS NOT NULL;
CREATE INDEX IF NOT EXISTS search_value_by_number ON search_value (field, num) WHERE num IS NOT NULL;
CREATE INDEX IF NOT EXISTS search_value_facets ON search_value (doc_id, field, value) WHERE facet = 1;
CREATE TABLE IF NOT EXISTS search_text_row (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  boost REAL NOT NULL,
  query_by_default INTEGER NOT NULL,
  autocomplete INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS search_text_row_by_doc ON search_text_row (doc_id);
CREATE VIRTUAL TABLE IF NOT EXISTS search_text USING fts5 (tokens, ${FTS_OPTIONS}, prefix = '1 2 3');
CREATE TABLE IF NOT EXISTS search_facet (
  entity TEXT NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (entity, field, value)
) WITHOUT ROWID;
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
`;

export interface SearchTables {
  readonly db: Database;
  /** `-bm25(...)` of the full-text table with its column weights: higher is more relevant. */
  readonly relevance: string;
  write(doc: SearchDocument): void;
  remove(urn: string): void;
  clear(): void;
  count(): number;
  /** A statement for dynamically built query SQL, prepared once per distinct text. */
  statement(sql: string): Statement;
}

/** Each (folder, child) step of a browse path: `/a/b/c` gives ('', a), ('/a', b) and the leaf ('/a/b', c). */
function browseSteps(path: string): { parent: string; child: string; leaf: boolean }[] {
  const segments = path.split('/').filter((s) => s.length > 0);
  return segments.map((child, i) => ({
    parent: i === 0 ? '' : `/${segments.slice(0, i).join('/')}`,
    child,
    leaf: i === segments.length - 1,
  }));
}

export function createSearchTables(db: Database, boosts: readonly number[]): SearchTables {
  const columns = boosts.map((_, i) => `b${i}`);
  const column = new Map(boosts.map((b, i) => [b, i]));
  db.exec(SCHEMA);
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS search_fulltext USING fts5 (${columns.join(', ')}, ${FTS_OPTIONS});`);

  const docId = db.prepare<[string], { doc_id: number; entity: string; removed: number }>('SELECT doc_id, entity, removed FROM search_document WHERE urn = ?');
  const insertDoc = db.prepare<[string, string, number], { doc_id: number }>(
    'INSERT INTO search_document (urn, entity, removed) VALUES (?, ?, ?) RETURNING doc_id',
  );
  const updateDoc = db.prepare('UPDATE search_document SET entity = ?, removed = ? WHERE doc_id = ?');
  const deleteDoc = db.prepare('DELETE FROM search_document WHERE doc_id = ?');
  const uncountFacets = db.prepare(
    'UPDATE search_facet SET n = n - 1 WHERE (entity, field, value) IN ' +
      '(SELECT entity, field, value FROM search_value WHERE doc_id = ? AND facet = 1 AND removed = 0)',
  );
  const deleteRows = [
    'DELETE FROM search_text WHERE rowid IN (SELECT id FROM search_text_row WHERE doc_id = ?)',
    'DELETE FROM search_text_row WHERE doc_id = ?',
    'DELETE FROM search_value WHERE doc_id = ?',
    'DELETE FROM search_fulltext WHERE rowid = ?',
    'DELETE FROM search_browse WHERE doc_id = ?',
  ].map((sql) => db.prepare(sql));
  const insertValue = db.prepare(
    'INSERT INTO search_value (doc_id, entity, removed, field, value, last_part, num, facet) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertTextRow = db.prepare<[number, string, string, number, number, number], { id: number }>(
    'INSERT INTO search_text_row (doc_id, field, value, boost, query_by_default, autocomplete) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
  );
  const insertText = db.prepare('INSERT INTO search_text (rowid, tokens) VALUES (?, ?)');
  const insertFulltext = db.prepare(
    `INSERT INTO search_fulltext (rowid, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`,
  );
  const insertBrowse = db.prepare('INSERT INTO search_browse (doc_id, entity, removed, parent, child, leaf) VALUES (?, ?, ?, ?, ?, ?)');
  const countDocs = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM search_document');
  // Query SQL varies with the shape of the request (number of clauses, filter criteria), not its values.
  const statements = new Map<string, Statement>();
  const MAX_STATEMENTS = 500;

  function dropRows(id: number): void {
    uncountFacets.run(id);
    for (const statement of deleteRows) statement.run(id);
  }

  const storedValues = db.prepare<[number], { rowid: number; field: string; value: string; last_part: string | null; num: number | null; facet: number }>(
    'SELECT rowid, field, value, last_part, num, facet FROM search_value WHERE doc_id = ?',
  );
  const storedTexts = db.prepare<[number], { id: number; field: string; value: string; boost: number; query_by_default: number; autocomplete: number }>(
    'SELECT id, field, value, boost, query_by_default, autocomplete FROM search_text_row WHERE doc_id = ?',
  );
  const storedBrowse = db.prepare<[number], { parent: string; child: string; leaf: number }>('SELECT parent, child, leaf FROM search_browse WHERE doc_id = ?');
  const deleteValue = db.prepare('DELETE FROM search_value WHERE rowid = ?');
  const deleteTextRow = db.prepare('DELETE FROM search_text_row WHERE id = ?');
  const deleteText = db.prepare('DELETE FROM search_text WHERE rowid = ?');
  const deleteFulltext = db.prepare('DELETE FROM search_fulltext WHERE rowid = ?');
  const deleteBrowse = db.prepare('DELETE FROM search_browse WHERE doc_id = ?');
  const facetDelta = db.prepare(
    'INSERT INTO search_facet (entity, field, value, n) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n',
  );

  const valueKey = (v: { field: string; value: string; lastPart: string | null; num: number | null; facet: boolean }): string =>
    JSON.stringify([v.field, v.value, v.lastPart, v.num, v.facet]);
  const textKey = (t: { field: string; value: string; boost: number; queryByDefault: boolean; autocomplete: boolean }): string =>
    JSON.stringify([t.field, t.value, t.boost, t.queryByDefault, t.autocomplete]);

  function insertValues(id: number, doc: SearchDocument, removed: number, values: readonly SearchDocument['values'][number][]): void {
    for (const v of values) {
      insertValue.run(id, doc.entity, removed, v.field, v.value, v.lastPart, v.num, v.facet ? 1 : 0);
      if (v.facet && !removed) facetDelta.run(doc.entity, v.field, v.value, 1);
    }
  }

  function insertTexts(id: number, texts: readonly SearchDocument['texts'][number][]): void {
    for (const t of texts) {
      const row = insertTextRow.get(id, t.field, t.value, t.boost, t.queryByDefault ? 1 : 0, t.autocomplete ? 1 : 0) as { id: number };
      insertText.run(row.id, t.tokens.join(' '));
    }
  }

  function insertFulltextRow(id: number, doc: SearchDocument): void {
    if (columns.length === 0) return;
    const fulltext = columns.map((): string[] => []);
    for (const t of doc.texts) {
      const at = t.queryByDefault ? column.get(t.boost) : undefined;
      if (at !== undefined) fulltext[at]?.push(...t.tokens);
    }
    insertFulltext.run(id, ...fulltext.map((tokens) => tokens.join(' ')));
  }

  function browseRows(doc: SearchDocument): [string, string, number][] {
    const steps = new Set(doc.browsePaths.flatMap(browseSteps).map((s) => JSON.stringify([s.parent, s.child, s.leaf ? 1 : 0])));
    return [...steps].map((step) => JSON.parse(step) as [string, string, number]);
  }

  function insertRows(id: number, doc: SearchDocument, removed: number): void {
    insertValues(id, doc, removed, doc.values);
    insertTexts(id, doc.texts);
    insertFulltextRow(id, doc);
    for (const row of browseRows(doc)) insertBrowse.run(id, doc.entity, removed, ...row);
  }

  /**
   * Rewrites only the rows of a stored document that differ from `doc` (same entity type and
   * removed flag): a write usually changes one aspect, and the full-text tables are the costly part.
   */
  function updateRows(id: number, doc: SearchDocument, removed: number): void {
    const wantedValues = new Map(doc.values.map((v) => [valueKey(v), v]));
    for (const row of storedValues.all(id)) {
      const key = valueKey({ field: row.field, value: row.value, lastPart: row.last_part, num: row.num, facet: row.facet === 1 });
      if (wantedValues.delete(key)) continue;
      deleteValue.run(row.rowid);
      if (row.facet === 1 && !removed) facetDelta.run(doc.entity, row.field, row.value, -1);
    }
    insertValues(id, doc, removed, [...wantedValues.values()]);

    const wantedTexts = new Map(doc.texts.map((t) => [textKey(t), t]));
    let fulltextChanged = false;
    for (const row of storedTexts.all(id)) {
      const key = textKey({ field: row.field, value: row.value, boost: row.boost, queryByDefault: row.query_by_default === 1, autocomplete: row.autocomplete === 1 });
      if (wantedTexts.delete(key)) continue;
      deleteText.run(row.id);
      deleteTextRow.run(row.id);
      fulltextChanged ||= row.query_by_default === 1;
    }
    const added = [...wantedTexts.values()];
    insertTexts(id, added);
    if (fulltextChanged || added.some((t) => t.queryByDefault)) {
      deleteFulltext.run(id);
      insertFulltextRow(id, doc);
    }

    const wantedBrowse = browseRows(doc);
    const stored = storedBrowse.all(id).map((r) => JSON.stringify([r.parent, r.child, r.leaf]));
    if (stored.length !== wantedBrowse.length || wantedBrowse.some((row) => !stored.includes(JSON.stringify(row)))) {
      deleteBrowse.run(id);
      for (const row of wantedBrowse) insertBrowse.run(id, doc.entity, removed, ...row);
    }
  }

  return {
    db,
    relevance: `-bm25(search_fulltext${boosts.map((b) => `, ${b}`).join('')})`,
    write(doc) {
      const removed = doc.removed ? 1 : 0;
      const known = docId.get(doc.urn);
      if (known && known.entity === doc.entity && known.removed === removed) return updateRows(known.doc_id, doc, removed);
      let id: number;
      if (known) {
        id = known.doc_id;
        dropRows(id);
        updateDoc.run(doc.entity, removed, id);
      } else {
        id = (insertDoc.get(doc.urn, doc.entity, removed) as { doc_id: number }).doc_id;
      }
      insertRows(id, doc, removed);
    },
    remove(urn) {
      const known = docId.get(urn);
      if (!known) return;
      dropRows(known.doc_id);
      deleteDoc.run(known.doc_id);
    },
    clear() {
      db.exec(
        'DELETE FROM search_text; DELETE FROM search_text_row; DELETE FROM search_value; DELETE FROM search_fulltext; ' +
          'DELETE FROM search_facet; DELETE FROM search_browse; DELETE FROM search_document;',
      );
    },
    count: () => (countDocs.get() as { n: number }).n,
    statement(sql) {
      let s = statements.get(sql);
      if (!s) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        s = db.prepare(sql);
        statements.set(sql, s);
      }
      return s;
    },
  };
}
