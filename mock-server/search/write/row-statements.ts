/** The prepared statements of the document rows' writes (../table-schema.ts), prepared once per database. */
import type { Database, Statement } from 'better-sqlite3';

/** A stored document's row, with its field signatures (signatures.ts). */
export interface StoredDoc {
  doc_id: number;
  entity: string;
  removed: number;
  facets: string;
  terms: number;
  signatures: string;
}

/** A stored text row, with the flags its field had when it was written. */
export interface TextRow {
  id: number;
  field: string;
  value: string;
  query_by_default: number;
  text: number;
  autocomplete: number;
  boost: number;
}

/** Explicitly typed: declarations cannot name the statement type better-sqlite3's inference gives. */
export interface RowStatements {
  storedDoc: Statement<[string], StoredDoc>;
  insertDoc: Statement<[string, string, number]>;
  updateDoc: Statement;
  updateFacets: Statement;
  updateTerms: Statement;
  deleteDoc: Statement;
  countDocs: Statement<[], { n: number }>;
  writeSignatures: Statement;
  deleteSignatures: Statement;
  insertValue: Statement;
  insertValues: Statement<[string]>;
  deleteValues: Statement;
  deleteFieldValues: Statement;
  /** Rewrites a field's values in place (the number of rows it changed: right only when it is 1). */
  updateFieldValue: Statement;
  /**
   * The same for a field whose values have no last part and no number (neither URN nor numeric): the
   * indexes of those columns are left untouched, where setting them (to null again) rewrote their entries.
   */
  updatePlainValue: Statement;
  insertTextRow: Statement<[number, string, string, number, number, number, number]>;
  textRows: Statement<[number], TextRow>;
  fieldTextRows: Statement<[number, string], TextRow>;
  deleteTextRows: Statement;
  deleteFieldTextRows: Statement;
  /** Rewrites a text row's value in place (a row without suggestions: its id is nobody's key). */
  updateTextRow: Statement;
  insertAutocomplete: Statement;
  deleteAutocomplete: Statement;
  insertSuggestion: Statement;
  deleteSuggestion: Statement;
  facetId: Statement<[string, string, string], { id: number }>;
  insertFacet: Statement<[string, string, string]>;
  countFacets: Statement;
  addFacetCounts: Statement<[string]>;
  insertBrowse: Statement;
  deleteBrowse: Statement;
}

export function prepareRowStatements(db: Database): RowStatements {
  const TEXT_ROW = 'SELECT id, field, value, query_by_default, text, autocomplete, boost FROM search_text_row';
  return {
    storedDoc: db.prepare<[string], StoredDoc>(
      "SELECT d.doc_id, entity, removed, facets, terms, coalesce(signatures, '') AS signatures FROM search_document d LEFT JOIN search_signature s USING (doc_id) WHERE urn = ?",
    ),
    // The new row's id is the run's lastInsertRowid (doc_id is the rowid): RETURNING costs the
    // statement a temporary table of its own.
    insertDoc: db.prepare<[string, string, number]>(
      "INSERT INTO search_document (urn, entity, removed, facets, terms) VALUES (?, ?, ?, '', 0)",
    ),
    updateDoc: db.prepare('UPDATE search_document SET entity = ?, removed = ?, facets = ?, terms = ? WHERE doc_id = ?'),
    updateFacets: db.prepare('UPDATE search_document SET facets = ? WHERE doc_id = ?'),
    updateTerms: db.prepare('UPDATE search_document SET terms = ? WHERE doc_id = ?'),
    deleteDoc: db.prepare('DELETE FROM search_document WHERE doc_id = ?'),
    countDocs: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM search_document'),
    writeSignatures: db.prepare('INSERT OR REPLACE INTO search_signature (doc_id, signatures) VALUES (?, ?)'),
    deleteSignatures: db.prepare('DELETE FROM search_signature WHERE doc_id = ?'),

    insertValue: db.prepare('INSERT INTO search_value (doc_id, field, value, last_part, num) VALUES (?, ?, ?, ?, ?)'),
    /** The values of new documents from one JSON array of [doc id, field, value, last part, number]. */
    insertValues: db.prepare<[string]>(
      'INSERT INTO search_value (doc_id, field, value, last_part, num) SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4 FROM json_each(?) j',
    ),
    deleteValues: db.prepare('DELETE FROM search_value WHERE doc_id = ?'),
    deleteFieldValues: db.prepare('DELETE FROM search_value WHERE doc_id = ? AND field = ?'),
    updateFieldValue: db.prepare(
      'UPDATE search_value SET value = ?, last_part = ?, num = ? WHERE doc_id = ? AND field = ?',
    ),
    updatePlainValue: db.prepare('UPDATE search_value SET value = ? WHERE doc_id = ? AND field = ?'),

    insertTextRow: db.prepare<[number, string, string, number, number, number, number]>(
      'INSERT INTO search_text_row (doc_id, field, value, query_by_default, text, autocomplete, boost) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    textRows: db.prepare<[number], TextRow>(`${TEXT_ROW} WHERE doc_id = ?`),
    fieldTextRows: db.prepare<[number, string], TextRow>(`${TEXT_ROW} WHERE doc_id = ? AND field = ?`),
    deleteTextRows: db.prepare('DELETE FROM search_text_row WHERE doc_id = ?'),
    deleteFieldTextRows: db.prepare('DELETE FROM search_text_row WHERE doc_id = ? AND field = ?'),
    updateTextRow: db.prepare('UPDATE search_text_row SET value = ? WHERE id = ?'),
    insertAutocomplete: db.prepare('INSERT INTO search_autocomplete (rowid, tokens) VALUES (?, ?)'),
    deleteAutocomplete: db.prepare('DELETE FROM search_autocomplete WHERE rowid = ?'),
    insertSuggestion: db.prepare(
      'INSERT INTO search_suggestion (id, doc_id, entity, removed, field, value, boost) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    deleteSuggestion: db.prepare('DELETE FROM search_suggestion WHERE id = ?'),

    facetId: db.prepare<[string, string, string], { id: number }>(
      'SELECT id FROM search_facet WHERE entity = ? AND field = ? AND value = ?',
    ),
    insertFacet: db.prepare<[string, string, string]>(
      'INSERT INTO search_facet (entity, field, value, n) VALUES (?, ?, ?, 0)',
    ),
    countFacets: db.prepare('UPDATE search_facet SET n = n + ? WHERE id IN (SELECT value FROM json_each(?))'),
    /** Adds to facet counts from one JSON array of [facet id, count]. */
    addFacetCounts: db.prepare(
      'UPDATE search_facet SET n = n + j.value ->> 1 FROM json_each(?) j WHERE search_facet.id = j.value ->> 0',
    ),

    insertBrowse: db.prepare(
      'INSERT INTO search_browse (doc_id, entity, removed, parent, child, leaf) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    deleteBrowse: db.prepare('DELETE FROM search_browse WHERE doc_id = ?'),
  };
}
