/**
 * `matchedFields` of the hits of one page, as upstream's highlighting reports them: one
 * `{name, value}` per (field queried by default, stored value) that a query token matched, and for
 * a `field:value` clause the field with the full stored value it matched (e.g. the whole tag URN).
 */
import { indexTokens, queryTokens } from './analyzer.js';
import { clauseSql } from './clause-sql.js';
import { TEXT_TYPES, URN_TYPES } from './index-fields.js';
import type { ParsedQuery } from './query-parser.js';
import type { MatchedField } from './requests.js';
import type { SearchTables } from './tables.js';

interface Row {
  doc_id: number;
  field: string;
  value: string;
}

const DEFAULT_FIELD_ROWS =
  'SELECT doc_id, field, value FROM search_text_row WHERE query_by_default = 1 AND doc_id IN (SELECT value FROM json_each(?)) ORDER BY id';

export function matchedFields(tables: SearchTables, query: ParsedQuery, docIds: readonly number[]): Map<number, MatchedField[]> {
  const out = new Map<number, MatchedField[]>(docIds.map((id) => [id, []]));
  if (docIds.length === 0 || query.matchAll) return out;
  const seen = new Set<string>();
  const add = (row: Row): void => {
    const key = JSON.stringify([row.doc_id, row.field, row.value]);
    if (seen.has(key)) return;
    seen.add(key);
    out.get(row.doc_id)?.push({ name: row.field, value: row.value });
  };
  const ids = JSON.stringify(docIds);
  const tokens = new Set(query.clauses.flatMap((c) => (c.kind === 'token' ? [c.token] : [])));
  if (tokens.size > 0) {
    for (const row of tables.statement(DEFAULT_FIELD_ROWS).all(ids) as Row[]) {
      if (indexTokens(row.value).some((t) => tokens.has(t))) add(row);
    }
  }
  for (const clause of query.clauses) {
    if (clause.kind !== 'field') continue;
    const { sql, params } = clauseSql(clause);
    // A URN clause reads two indexes one after the other; its rows come in the order of one.
    const order = URN_TYPES.has(clause.field.type) ? ' ORDER BY doc_id, field, value' : '';
    const rows = tables.statement(`SELECT doc_id, field, value FROM (${sql}) WHERE doc_id IN (SELECT value FROM json_each(?))${order}`).all(...params, ids) as Row[];
    // A text clause matches the field as a whole: the values it names are those holding one of its tokens.
    const wanted = TEXT_TYPES.has(clause.field.type) ? new Set(queryTokens(clause.value)) : undefined;
    for (const row of rows) if (!wanted || indexTokens(row.value).some((t) => wanted.has(t))) add(row);
  }
  return out;
}
