/**
 * The SQL of a `field:value` query clause: a SELECT of the (doc_id, field, value) rows it matches
 * (a row may come more than once).
 * It matches a text field when every token of the value is in one stored value, a URN field by the
 * full URN or its last key part, a number field by numeric equality and any other field by the
 * whole value.
 */
import { ftsTerm, queryTokens } from './analyzer.js';
import { NUMERIC_TYPES, TEXT_TYPES, URN_TYPES } from './index-fields.js';
import type { FieldClause } from './query-parser.js';

export interface ClauseSql {
  sql: string;
  params: unknown[];
}

const FTS_ROWS =
  'SELECT r.doc_id AS doc_id, r.field AS field, r.value AS value ' +
  'FROM search_text JOIN search_text_row r ON r.id = search_text.rowid WHERE search_text MATCH ?';

/** Matches nothing, for a `field:value` whose value cannot match (no tokens, not a number). */
const NOTHING: ClauseSql = { sql: 'SELECT NULL AS doc_id, NULL AS field, NULL AS value WHERE 0', params: [] };

export function clauseSql(clause: FieldClause): ClauseSql {
  const { field, value } = clause;
  if (TEXT_TYPES.has(field.type)) {
    const tokens = queryTokens(value);
    if (tokens.length === 0) return NOTHING;
    return { sql: `${FTS_ROWS} AND r.field = ?`, params: [tokens.map((t) => ftsTerm(t)).join(' AND '), field.name] };
  }
  const values = 'SELECT doc_id, field, value FROM search_value WHERE field = ?';
  // A UNION ALL lets each side use its own index (an OR would scan every value of the field); a row
  // both sides find comes twice, which neither an IN nor matchedFields minds.
  if (URN_TYPES.has(field.type)) {
    return { sql: `${values} AND value = ? UNION ALL ${values} AND last_part = ?`, params: [field.name, value, field.name, value] };
  }
  if (NUMERIC_TYPES.has(field.type)) {
    const n = Number(value);
    return Number.isFinite(n) && value.trim() !== '' ? { sql: `${values} AND num = ?`, params: [field.name, n] } : NOTHING;
  }
  return { sql: `${values} AND value = ?`, params: [field.name, field.type === 'BOOLEAN' ? value.toLowerCase() : value] };
}
