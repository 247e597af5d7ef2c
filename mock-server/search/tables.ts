/**
 * The search tables, written for an entity inside the write transaction:
 * - `search_document`: one row per entity (urn, entity type, removed), with the ids of its
 *   aggregated values (`facets`, so that aggregations over a result read one small row per hit);
 * - `search_signature`: a signature of each field's rows per entity, so that a write rewrites only
 *   the fields that changed (kept apart so that queries read small document rows);
 * - `search_value`: one row per (entity, field, distinct value), for filters and `field:value` queries
 *   (its indexes end with doc_id, so that the entities a condition selects are read from the index alone);
 * - `search_text_row`: one row per analyzed value (of a text field, a field queried by default or an
 *   autocomplete field), for matchedFields, and to know which tokens a rewritten field takes back;
 * - the inverted index of their tokens (term-index.ts), and `search_totals`: the number of entities
 *   and of their tokens queried by default, for BM25 (ranking.ts);
 * - `search_autocomplete` (FTS5, with prefix indexes for the word being typed): the tokens of the
 *   text rows of autocomplete fields, and `search_suggestion` those rows (same ids) with what
 *   autocomplete reads (field, value, boost, entity type, removed), in a table of their own that
 *   stays small. FTS5 merges its sorted lists of a word and of a prefix several times faster than
 *   B-tree lookups can, and only writes that change an autocomplete value (a name) pay its commit;
 * - `search_facet`: the aggregated (entity, field, value) triples with an id and the number of
 *   entities that are not removed holding them, so that a search matching everything reads its
 *   aggregations without touching the documents;
 * - `search_browse`: one row per (entity, folder, child) along each browse path, so that a
 *   browse reads one folder's rows.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { DocumentField, SearchDocument } from './document.js';
import { indexTokens } from './analyzer.js';
import { TEXT_TYPES, type IndexField } from './index-fields.js';
import { createTermIndex, TERM_SCHEMA, TERM_TABLES, tokenCounts, type TermField, type TermIndex } from './term-index.js';

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

export interface SearchTables {
  readonly db: Database;
  /** Tables of an earlier layout were dropped when these were created: they need a rebuild. */
  readonly replaced: boolean;
  /** The entities indexed (of every type, soft-deleted ones too) and their tokens queried by default, for BM25. */
  totals(): { docs: number; terms: number };
  readonly terms: TermIndex;
  /**
   * Writes an entity's document. Given the `affected` fields (the only ones whose values may have
   * changed), `doc` may hold just those and what depends on them (see index.ts), and `whole()` builds
   * the whole document when the stored one has to be rewritten whole.
   */
  write(doc: SearchDocument, affected?: ReadonlySet<string>, whole?: () => SearchDocument): void;
  remove(urn: string): void;
  clear(): void;
  count(): number;
  /** A statement for dynamically built query SQL, prepared once per distinct text (and per `pluck`). */
  statement(sql: string, pluck?: boolean): Statement;
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

/**
 * A 53-bit hash of a string (cyrb53, public domain): field signatures only need to tell whether
 * a field's rows changed, and a stored hash keeps the document row small.
 */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A field's rows follow from its definition (signed apart, see `definitionOf`) and its values. */
function signature(f: DocumentField): string {
  return hash53(JSON.stringify(f.values.map((v) => v.value)));
}

/** Facet ids as stored in `search_document.facets`: comma-separated, so that `[${facets}]` is a JSON array. */
function facetIds(facets: string): number[] {
  return facets === '' ? [] : facets.split(',').map(Number);
}

/** The signature key of the field definitions (no field is named ''). */
const DEFINITIONS = '';

/** Whether tables of another layout were dropped (a new database has none: nothing to rebuild). */
function useLayout(db: Database): boolean {
  const recorded = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'search_layout'").get()
    ? db.prepare<[], number>('SELECT version FROM search_layout').pluck().get()
    : undefined;
  if (recorded === LAYOUT) return false;
  const earlier = TABLES.some((t) => db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(t));
  db.exec([...TABLES, 'search_layout'].map((t) => `DROP TABLE IF EXISTS ${t};`).join(' '));
  db.exec(`CREATE TABLE search_layout (version INTEGER NOT NULL); INSERT INTO search_layout VALUES (${LAYOUT});`);
  return earlier;
}

/** Whether a field's values get text rows: text fields, fields queried by default and autocomplete fields. */
function isAnalyzed(field: IndexField): boolean {
  return TEXT_TYPES.has(field.type) || field.queryByDefault || field.enableAutocomplete;
}

export function createSearchTables(db: Database): SearchTables {
  const replaced = useLayout(db);
  db.exec(SCHEMA + TERM_SCHEMA);
  const terms = createTermIndex(db);

  interface StoredDoc {
    doc_id: number;
    entity: string;
    removed: number;
    facets: string;
    terms: number;
    signatures: string;
  }
  const storedDoc = db.prepare<[string], StoredDoc>(
    "SELECT d.doc_id, entity, removed, facets, terms, coalesce(signatures, '{}') AS signatures FROM search_document d LEFT JOIN search_signature s USING (doc_id) WHERE urn = ?",
  );
  const insertDoc = db.prepare<[string, string, number], { doc_id: number }>(
    "INSERT INTO search_document (urn, entity, removed, facets, terms) VALUES (?, ?, ?, '', 0) RETURNING doc_id",
  );
  const updateDoc = db.prepare('UPDATE search_document SET entity = ?, removed = ?, facets = ?, terms = ? WHERE doc_id = ?');
  const updateFacets = db.prepare('UPDATE search_document SET facets = ? WHERE doc_id = ?');
  const updateTerms = db.prepare('UPDATE search_document SET terms = ? WHERE doc_id = ?');
  const deleteDoc = db.prepare('DELETE FROM search_document WHERE doc_id = ?');
  const writeSignatures = db.prepare('INSERT OR REPLACE INTO search_signature (doc_id, signatures) VALUES (?, ?)');
  const deleteSignatures = db.prepare('DELETE FROM search_signature WHERE doc_id = ?');
  const readTotals = db.prepare<[], { docs: number; terms: number }>('SELECT docs, terms FROM search_totals');
  const addTotals = db.prepare('UPDATE search_totals SET docs = docs + ?, terms = terms + ?');

  const insertValue = db.prepare('INSERT INTO search_value (doc_id, field, value, last_part, num) VALUES (?, ?, ?, ?, ?)');
  const deleteValues = db.prepare('DELETE FROM search_value WHERE doc_id = ?');
  const deleteFieldValues = db.prepare('DELETE FROM search_value WHERE doc_id = ? AND field = ?');

  const insertTextRow = db.prepare<[number, string, string, number, number, number, number]>(
    'INSERT INTO search_text_row (doc_id, field, value, query_by_default, text, autocomplete, boost) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  type TextRow = { id: number; field: string; value: string; query_by_default: number; text: number; autocomplete: number; boost: number };
  const TEXT_ROW = 'SELECT id, field, value, query_by_default, text, autocomplete, boost FROM search_text_row';
  const textRows = db.prepare<[number], TextRow>(`${TEXT_ROW} WHERE doc_id = ?`);
  const fieldTextRows = db.prepare<[number, string], TextRow>(`${TEXT_ROW} WHERE doc_id = ? AND field = ?`);
  const deleteTextRows = db.prepare('DELETE FROM search_text_row WHERE doc_id = ?');
  const deleteFieldTextRows = db.prepare('DELETE FROM search_text_row WHERE doc_id = ? AND field = ?');
  const insertAutocomplete = db.prepare('INSERT INTO search_autocomplete (rowid, tokens) VALUES (?, ?)');
  const deleteAutocomplete = db.prepare('DELETE FROM search_autocomplete WHERE rowid = ?');
  const insertSuggestion = db.prepare('INSERT INTO search_suggestion (id, doc_id, entity, removed, field, value, boost) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const deleteSuggestion = db.prepare('DELETE FROM search_suggestion WHERE id = ?');

  const facetId = db.prepare<[string, string, string], { id: number }>('SELECT id FROM search_facet WHERE entity = ? AND field = ? AND value = ?');
  const insertFacet = db.prepare<[string, string, string], { id: number }>(
    'INSERT INTO search_facet (entity, field, value, n) VALUES (?, ?, ?, 0) RETURNING id',
  );
  const countFacets = db.prepare('UPDATE search_facet SET n = n + ? WHERE id IN (SELECT value FROM json_each(?))');

  const insertBrowse = db.prepare('INSERT INTO search_browse (doc_id, entity, removed, parent, child, leaf) VALUES (?, ?, ?, ?, ?, ?)');
  const deleteBrowse = db.prepare('DELETE FROM search_browse WHERE doc_id = ?');
  const countDocs = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM search_document');
  // Query SQL varies with the shape of the request (number of clauses, filter criteria), not its values.
  const statements = new Map<string, Statement>();
  const MAX_STATEMENTS = 500;

  const isText = (field: IndexField): boolean => TEXT_TYPES.has(field.type);

  const termField = (field: IndexField): TermField => ({ name: field.name, queryByDefault: field.queryByDefault, boost: field.boost, text: isText(field) });
  const storedTermField = (row: TextRow): TermField => ({ name: row.field, queryByDefault: row.query_by_default === 1, boost: row.boost, text: row.text === 1 });

  /** Text rows (and suggestions) of a field's values; returns the tokens of each value written. */
  function insertTextRows(id: number, doc: SearchDocument, removed: number, f: DocumentField): string[][] {
    if (!isAnalyzed(f.field)) return [];
    const { queryByDefault, enableAutocomplete, boost } = f.field;
    const text = isText(f.field);
    const written: string[][] = [];
    for (const v of f.values) {
      const tokens = indexTokens(v.value);
      if (tokens.length === 0) continue;
      const rowId = insertTextRow.run(id, v.field, v.value, queryByDefault ? 1 : 0, text ? 1 : 0, enableAutocomplete ? 1 : 0, boost).lastInsertRowid;
      if (enableAutocomplete) {
        insertAutocomplete.run(rowId, tokens.join(' '));
        insertSuggestion.run(rowId, id, doc.entity, removed, v.field, v.value, boost);
      }
      written.push(tokens);
    }
    return written;
  }

  /** The suggestions of stored text rows (the caller deletes the rows); returns the tokens of each row. */
  function dropSuggestions(rows: readonly TextRow[]): string[][] {
    return rows.map((row) => {
      if (row.autocomplete) {
        deleteAutocomplete.run(row.id);
        deleteSuggestion.run(row.id);
      }
      return indexTokens(row.value);
    });
  }

  /** Moves the token counts of a field from `before` to `after`; returns the change of the entity's ranked tokens. */
  function adjustTerms(id: number, field: TermField, before: readonly string[][], after: readonly string[][]): number {
    if (!field.queryByDefault && !field.text) return 0;
    const deltas = tokenCounts(after);
    for (const [token, n] of tokenCounts(before)) deltas.set(token, (deltas.get(token) ?? 0) - n);
    terms.adjust(id, field, deltas);
    return field.queryByDefault ? after.reduce((n, t) => n + t.length, 0) - before.reduce((n, t) => n + t.length, 0) : 0;
  }

  const insertValues = (id: number, f: DocumentField): void => {
    for (const v of f.values) insertValue.run(id, v.field, v.value, v.lastPart, v.num);
  };

  /** Writes the rows of one field; returns the number of tokens it adds to the ranking. */
  function insertField(id: number, doc: SearchDocument, removed: number, f: DocumentField): number {
    insertValues(id, f);
    return adjustTerms(id, termField(f.field), [], insertTextRows(id, doc, removed, f));
  }

  function insertBrowseRows(id: number, doc: SearchDocument, removed: number): void {
    const steps = new Set(doc.browsePaths.flatMap(browseSteps).map((s) => JSON.stringify([s.parent, s.child, s.leaf ? 1 : 0])));
    for (const step of steps) insertBrowse.run(id, doc.entity, removed, ...(JSON.parse(step) as [string, string, number]));
  }

  /** The ids of the document's aggregated values, created on first use. */
  function facetsOf(doc: SearchDocument): number[] {
    const ids: number[] = [];
    for (const f of doc.fields.values()) {
      if (!f.field.addToFilters) continue;
      for (const v of f.values) {
        const known = facetId.get(doc.entity, v.field, v.value);
        ids.push((known ?? (insertFacet.get(doc.entity, v.field, v.value) as { id: number })).id);
      }
    }
    return ids;
  }

  const definitions = new Map<string, string>();
  /** A hash of the entity's search fields and their definitions: when it changes (the registry changed under a data file), a document is rewritten whole. */
  function definitionOf(doc: SearchDocument): string {
    let known = definitions.get(doc.entity);
    if (known === undefined) {
      const fields = [...doc.definitions.values()].map((field) => [field.name, field.type, field.boost, field.queryByDefault, field.addToFilters, field.enableAutocomplete]);
      known = hash53(JSON.stringify(fields.sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1))));
      definitions.set(doc.entity, known);
    }
    return known;
  }

  /** Signatures of the fields that have values (an absent field has none), and of the definitions under the empty name. */
  function signaturesOf(doc: SearchDocument): Map<string, string> {
    const out = new Map<string, string>([[DEFINITIONS, definitionOf(doc)]]);
    for (const [name, f] of doc.fields) if (f.values.length > 0) out.set(name, signature(f));
    return out;
  }
  /** The stored signatures with those of the affected fields computed anew (the others cannot have changed). */
  function resigned(doc: SearchDocument, before: ReadonlyMap<string, string>, affected: ReadonlySet<string>): Map<string, string> {
    const out = new Map(before);
    for (const name of affected) {
      const f = doc.fields.get(name);
      if (f && f.values.length > 0) out.set(name, signature(f));
      else out.delete(name);
    }
    return out;
  }
  const storedSignatures = (json: string): Map<string, string> => new Map(Object.entries(JSON.parse(json) as Record<string, string>));
  const signaturesJson = (signatures: Map<string, string>): string => JSON.stringify(Object.fromEntries(signatures));

  /** Every row of a stored document except its search_document row; its facet counts are taken back. */
  function dropRows(stored: StoredDoc): void {
    if (!stored.removed && stored.facets !== '') countFacets.run(-1, `[${stored.facets}]`);
    // Taken back with the flags they were written with (the field definitions may have changed since).
    const byField = new Map<string, TextRow[]>();
    for (const row of textRows.all(stored.doc_id)) byField.set(row.field, [...(byField.get(row.field) ?? []), row]);
    for (const rows of byField.values()) adjustTerms(stored.doc_id, storedTermField(rows[0] as TextRow), dropSuggestions(rows), []);
    deleteTextRows.run(stored.doc_id);
    deleteValues.run(stored.doc_id);
    deleteBrowse.run(stored.doc_id);
  }

  /** Writes every row of a document; returns its number of tokens in the ranking. */
  function insertRows(id: number, doc: SearchDocument, removed: number, signatures: Map<string, string>): number {
    let ranked = 0;
    for (const f of doc.fields.values()) ranked += insertField(id, doc, removed, f);
    insertBrowseRows(id, doc, removed);
    const facets = facetsOf(doc);
    if (!removed && facets.length > 0) countFacets.run(1, JSON.stringify(facets));
    updateDoc.run(doc.entity, removed, facets.join(','), ranked, id);
    writeSignatures.run(id, signaturesJson(signatures));
    return ranked;
  }

  /**
   * Rewrites only the fields of a stored document (same entity type, removed flag and field
   * definitions) whose signature changed: a write usually changes one aspect.
   */
  function updateRows(stored: StoredDoc, doc: SearchDocument, before: Map<string, string>, after: Map<string, string>): void {
    const id = stored.doc_id;
    const changed = [...doc.fields.values()].filter((f) => before.get(f.field.name) !== after.get(f.field.name));
    if (changed.length === 0) return;
    let ranked = 0;
    for (const f of changed) {
      deleteFieldValues.run(id, f.field.name);
      insertValues(id, f);
      // The tokens both versions hold keep their rows: only the counts that changed are written.
      const before = dropSuggestions(fieldTextRows.all(id, f.field.name));
      deleteFieldTextRows.run(id, f.field.name);
      ranked += adjustTerms(id, termField(f.field), before, insertTextRows(id, doc, stored.removed, f));
    }
    if (ranked !== 0) {
      updateTerms.run(stored.terms + ranked, id);
      addTotals.run(0, ranked);
    }
    if (changed.some((f) => f.field.type === 'BROWSE_PATH')) {
      deleteBrowse.run(id);
      insertBrowseRows(id, doc, stored.removed);
    }
    if (changed.some((f) => f.field.addToFilters)) {
      const ids = facetsOf(doc);
      updateFacets.run(ids.join(','), id);
      if (!stored.removed) {
        const old = new Set(facetIds(stored.facets));
        const now = new Set(ids);
        countFacets.run(-1, JSON.stringify([...old].filter((x) => !now.has(x))));
        countFacets.run(1, JSON.stringify(ids.filter((x) => !old.has(x))));
      }
    }
    writeSignatures.run(id, signaturesJson(after));
  }

  return {
    replaced,
    db,
    terms,
    totals: () => readTotals.get() as { docs: number; terms: number },
    write(given, affected, whole) {
      const removed = given.removed ? 1 : 0;
      const stored = storedDoc.get(given.urn);
      if (stored && stored.entity === given.entity && stored.removed === removed) {
        const before = storedSignatures(stored.signatures);
        if (before.get(DEFINITIONS) === definitionOf(given)) return updateRows(stored, given, before, affected ? resigned(given, before, affected) : signaturesOf(given));
      }
      const doc = affected && whole ? whole() : given;
      const after = signaturesOf(doc);
      if (stored) dropRows(stored);
      const id = stored ? stored.doc_id : (insertDoc.get(doc.urn, doc.entity, removed) as { doc_id: number }).doc_id;
      const ranked = insertRows(id, doc, removed, after);
      addTotals.run(stored ? 0 : 1, ranked - (stored?.terms ?? 0));
    },
    remove(urn) {
      const stored = storedDoc.get(urn);
      if (!stored) return;
      dropRows(stored);
      deleteDoc.run(stored.doc_id);
      deleteSignatures.run(stored.doc_id);
      addTotals.run(-1, -stored.terms);
    },
    clear() {
      db.exec(
        `${TERM_TABLES.map((t) => `DELETE FROM ${t};`).join(' ')} DELETE FROM search_autocomplete; DELETE FROM search_suggestion; DELETE FROM search_text_row; ` +
          'DELETE FROM search_value; DELETE FROM search_facet; DELETE FROM search_browse; DELETE FROM search_signature; DELETE FROM search_document; UPDATE search_totals SET docs = 0, terms = 0;',
      );
    },
    count: () => (countDocs.get() as { n: number }).n,
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
