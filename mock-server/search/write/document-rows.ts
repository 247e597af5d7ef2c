/**
 * Writing an entity's search document into the tables of ../table-schema.ts, inside the store's write
 * transaction: its values, text rows and suggestions, token counts (term-index.ts), browse steps,
 * facet ids and counts, signatures and totals. A document of the same entity type, removed flag and
 * field definitions as the stored one has only its changed fields rewritten; any other is rewritten
 * whole.
 */
import type { DocumentField, SearchDocument } from './document.js';
import { indexTokens } from '../analyzer.js';
import { NUMERIC_TYPES, TEXT_TYPES, URN_TYPES, type IndexField } from '../index-fields.js';
import type { RowStatements, StoredDoc, TextRow } from './row-statements.js';
import type { Signatures } from './signatures.js';
import { DocumentTerms, tokenCounts, type TermField, type TermIndex } from './term-index.js';
import type { SearchTotals } from './totals.js';

export interface DocumentRows {
  /**
   * Writes an entity's document. Given the `affected` fields (the only ones whose values may have
   * changed), `doc` may hold just those and what depends on them (see ../index.ts), and `whole()` builds
   * the whole document when the stored one has to be rewritten whole.
   */
  write(doc: SearchDocument, affected?: ReadonlySet<string>, whole?: () => SearchDocument): void;
  remove(urn: string): void;
  /**
   * Writes the rows held back from the new documents of the transaction (their values, token rows,
   * facet counts and the totals), each table in one statement: the store calls it before committing.
   */
  flush(): void;
}

/**
 * The distinct (folder, child, leaf) steps of browse paths, in order of first appearance: `/a/b/c`
 * gives ('', a, 0), ('/a', b, 0) and ('/a/b', c, 1).
 */
function browseSteps(paths: readonly string[]): [parent: string, child: string, leaf: number][] {
  const steps = new Map<string, [string, string, number]>();
  for (const path of paths) {
    const segments = path.split('/').filter((s) => s.length > 0);
    let parent = '';
    segments.forEach((child, i) => {
      const leaf = i === segments.length - 1 ? 1 : 0;
      // A child holds no '/', so leaf, child and parent read back from the key unambiguously.
      const key = `${leaf}${child}/${parent}`;
      if (!steps.has(key)) steps.set(key, [parent, child, leaf]);
      parent = `${parent}/${child}`;
    });
  }
  return [...steps.values()];
}

/** Facet ids as stored in `search_document.facets`: comma-separated, so that `[${facets}]` is a JSON array. */
function facetIds(facets: string): number[] {
  return facets === '' ? [] : facets.split(',').map(Number);
}

const isText = (field: IndexField): boolean => TEXT_TYPES.has(field.type);

/** Whether a field's values get text rows: text fields, fields queried by default and autocomplete fields. */
function isAnalyzed(field: IndexField): boolean {
  return isText(field) || field.queryByDefault || field.enableAutocomplete;
}

const termField = (field: IndexField): TermField => ({
  name: field.name,
  queryByDefault: field.queryByDefault,
  boost: field.boost,
  text: isText(field),
});
const storedTermField = (row: TextRow): TermField => ({
  name: row.field,
  queryByDefault: row.query_by_default === 1,
  boost: row.boost,
  text: row.text === 1,
});

/** `changed` is told of every document written or removed (../memory/document-columns.ts follows the table by it). */
export function createDocumentRows(
  s: RowStatements,
  termIndex: TermIndex,
  totals: SearchTotals,
  signatures: Signatures,
  changed: (docId: number) => void,
): DocumentRows {
  // Held back until flush(): the value rows of new documents, and the number of new documents per facet id.
  let newValues: [docId: number, field: string, value: string, lastPart: string | null, num: number | null][] = [];
  let newFacetCounts = new Map<number, number>();

  function flush(): void {
    if (newValues.length > 0) s.insertValues.run(JSON.stringify(newValues));
    termIndex.flush();
    if (newFacetCounts.size > 0) s.addFacetCounts.run(JSON.stringify([...newFacetCounts]));
    totals.flush();
    newValues = [];
    newFacetCounts = new Map();
  }

  /** The rows of stored documents are read (to be taken back) only once none is held back. */
  function flushBeforeReading(): void {
    if (newValues.length > 0 || termIndex.pending || newFacetCounts.size > 0) flush();
  }

  /** Text rows (and suggestions) of a field's values; returns the tokens of each value written. */
  function insertTextRows(id: number, doc: SearchDocument, removed: number, f: DocumentField): string[][] {
    if (!isAnalyzed(f.field)) return [];
    const { queryByDefault, enableAutocomplete, boost } = f.field;
    const text = isText(f.field);
    const written: string[][] = [];
    for (const v of f.values) {
      const tokens = indexTokens(v.value);
      if (tokens.length === 0) continue;
      const rowId = s.insertTextRow.run(
        id,
        v.field,
        v.value,
        queryByDefault ? 1 : 0,
        text ? 1 : 0,
        enableAutocomplete ? 1 : 0,
        boost,
      ).lastInsertRowid;
      if (enableAutocomplete) {
        s.insertAutocomplete.run(rowId, tokens.join(' '));
        s.insertSuggestion.run(rowId, id, doc.entity, removed, v.field, v.value, boost);
      }
      written.push(tokens);
    }
    return written;
  }

  /** The suggestions of stored text rows (the caller deletes the rows); returns the tokens of each row. */
  function dropSuggestions(rows: readonly TextRow[]): string[][] {
    return rows.map((row) => {
      if (row.autocomplete) {
        s.deleteAutocomplete.run(row.id);
        s.deleteSuggestion.run(row.id);
      }
      return indexTokens(row.value);
    });
  }

  /** Moves the token counts of a field from `before` to `after`; returns the change of the entity's ranked tokens. */
  function adjustTerms(id: number, field: TermField, before: readonly string[][], after: readonly string[][]): number {
    if (!field.queryByDefault && !field.text) return 0;
    const deltas = tokenCounts(after);
    for (const [token, n] of tokenCounts(before)) deltas.set(token, (deltas.get(token) ?? 0) - n);
    termIndex.adjust(id, field, deltas);
    return field.queryByDefault
      ? after.reduce((n, t) => n + t.length, 0) - before.reduce((n, t) => n + t.length, 0)
      : 0;
  }

  const insertValues = (id: number, f: DocumentField): void => {
    for (const v of f.values) s.insertValue.run(id, v.field, v.value, v.lastPart, v.num);
  };

  /** Replaces a field's value rows: one value that replaces one row is updated in place (one statement, and the index by document untouched). */
  function rewriteValues(id: number, f: DocumentField): void {
    const [only] = f.values;
    if (f.values.length === 1 && only) {
      const { type, name } = f.field;
      const plain = !URN_TYPES.has(type) && !NUMERIC_TYPES.has(type);
      const updated = (
        plain
          ? s.updatePlainValue.run(only.value, id, name)
          : s.updateFieldValue.run(only.value, only.lastPart, only.num, id, name)
      ).changes;
      if (updated === 1) return;
      if (updated === 0) return insertValues(id, f);
    }
    s.deleteFieldValues.run(id, f.field.name);
    insertValues(id, f);
  }

  /**
   * Replaces a field's text rows and moves its token counts (the tokens both versions hold keep their
   * rows: only the counts that changed are written); returns the change of the entity's ranked tokens.
   * One value with tokens that replaces one row without suggestions is updated in place.
   */
  function rewriteTextRows(id: number, doc: SearchDocument, removed: number, f: DocumentField): number {
    const rows = s.fieldTextRows.all(id, f.field.name);
    const [row] = rows;
    const [only] = f.values;
    if (
      rows.length === 1 &&
      row &&
      !row.autocomplete &&
      f.values.length === 1 &&
      only &&
      isAnalyzed(f.field) &&
      !f.field.enableAutocomplete
    ) {
      const tokens = indexTokens(only.value);
      if (tokens.length > 0) {
        s.updateTextRow.run(only.value, row.id);
        return adjustTerms(id, termField(f.field), [indexTokens(row.value)], [tokens]);
      }
    }
    const before = dropSuggestions(rows);
    s.deleteFieldTextRows.run(id, f.field.name);
    return adjustTerms(id, termField(f.field), before, insertTextRows(id, doc, removed, f));
  }

  function insertBrowseRows(id: number, doc: SearchDocument, removed: number): void {
    for (const [parent, child, leaf] of browseSteps(doc.browsePaths))
      s.insertBrowse.run(id, doc.entity, removed, parent, child, leaf);
  }

  /** The ids of the document's aggregated values, created on first use. */
  function facetsOf(doc: SearchDocument): number[] {
    const ids: number[] = [];
    for (const f of doc.fields.values()) {
      if (!f.field.addToFilters) continue;
      for (const v of f.values) {
        const known = s.facetId.get(doc.entity, v.field, v.value);
        ids.push(known ? known.id : Number(s.insertFacet.run(doc.entity, v.field, v.value).lastInsertRowid));
      }
    }
    return ids;
  }

  /** Every row of a stored document except its search_document row; its facet counts are taken back. */
  function dropRows(stored: StoredDoc): void {
    if (!stored.removed && stored.facets !== '') s.countFacets.run(-1, `[${stored.facets}]`);
    // Taken back with the flags they were written with (the field definitions may have changed since).
    const byField = new Map<string, TextRow[]>();
    for (const row of s.textRows.all(stored.doc_id)) byField.set(row.field, [...(byField.get(row.field) ?? []), row]);
    for (const rows of byField.values())
      adjustTerms(stored.doc_id, storedTermField(rows[0] as TextRow), dropSuggestions(rows), []);
    s.deleteTextRows.run(stored.doc_id);
    s.deleteValues.run(stored.doc_id);
    s.deleteBrowse.run(stored.doc_id);
  }

  /** Writes every row of a document that has none (its values and token rows in one statement each); returns its number of tokens in the ranking. */
  function insertRows(id: number, doc: SearchDocument, removed: number, signed: string): number {
    let ranked = 0;
    const terms = new DocumentTerms();
    for (const f of doc.fields.values()) {
      for (const v of f.values) newValues.push([id, v.field, v.value, v.lastPart, v.num]);
      const field = termField(f.field);
      const tokens = insertTextRows(id, doc, removed, f);
      terms.add(field, tokens);
      if (field.queryByDefault) ranked += tokens.reduce((n, t) => n + t.length, 0);
    }
    termIndex.insertDocument(id, terms);
    insertBrowseRows(id, doc, removed);
    const facets = facetsOf(doc);
    if (!removed) for (const facet of facets) newFacetCounts.set(facet, (newFacetCounts.get(facet) ?? 0) + 1);
    s.updateDoc.run(doc.entity, removed, facets.join(','), ranked, id);
    s.writeSignatures.run(id, signed);
    return ranked;
  }

  /**
   * Rewrites only the fields of a stored document (same entity type, removed flag and field
   * definitions) whose signature changed: a write usually changes one aspect.
   */
  function updateRows(stored: StoredDoc, doc: SearchDocument, before: string, after: string): void {
    const id = stored.doc_id;
    const changed = signatures.changedFields(doc, before, after);
    if (changed.length === 0) return;
    let ranked = 0;
    for (const f of changed) {
      rewriteValues(id, f);
      ranked += rewriteTextRows(id, doc, stored.removed, f);
    }
    if (ranked !== 0) {
      s.updateTerms.run(stored.terms + ranked, id);
      totals.add(0, ranked);
    }
    if (changed.some((f) => f.field.type === 'BROWSE_PATH')) {
      s.deleteBrowse.run(id);
      insertBrowseRows(id, doc, stored.removed);
    }
    if (changed.some((f) => f.field.addToFilters)) {
      const ids = facetsOf(doc);
      s.updateFacets.run(ids.join(','), id);
      if (!stored.removed) {
        const old = new Set(facetIds(stored.facets));
        const now = new Set(ids);
        s.countFacets.run(-1, JSON.stringify([...old].filter((x) => !now.has(x))));
        s.countFacets.run(1, JSON.stringify(ids.filter((x) => !old.has(x))));
      }
    }
    s.writeSignatures.run(id, after);
  }

  return {
    write(given, affected, whole) {
      const removed = given.removed ? 1 : 0;
      const stored = s.storedDoc.get(given.urn);
      if (stored) {
        flushBeforeReading();
        changed(stored.doc_id);
      }
      if (stored && stored.entity === given.entity && stored.removed === removed) {
        const before = stored.signatures;
        if (signatures.sameDefinitions(given, before)) {
          return updateRows(
            stored,
            given,
            before,
            affected ? signatures.resigned(given, before, affected) : signatures.of(given),
          );
        }
      }
      const doc = affected && whole ? whole() : given;
      const after = signatures.of(doc);
      if (stored) dropRows(stored);
      const id = stored ? stored.doc_id : Number(s.insertDoc.run(doc.urn, doc.entity, removed).lastInsertRowid);
      if (!stored) changed(id);
      const ranked = insertRows(id, doc, removed, after);
      totals.add(stored ? 0 : 1, ranked - (stored?.terms ?? 0));
    },
    remove(urn) {
      const stored = s.storedDoc.get(urn);
      if (!stored) return;
      flushBeforeReading();
      changed(stored.doc_id);
      dropRows(stored);
      s.deleteDoc.run(stored.doc_id);
      s.deleteSignatures.run(stored.doc_id);
      totals.add(-1, -stored.terms);
    },
    flush,
  };
}
