/**
 * The SQL of a `field:value` query clause: a SELECT of the (doc_id, field, value) rows it matches
 * (a row may come more than once; for a text field, every value of the field in a matching entity).
 * It matches a text field when its values hold every token of the value (as a search engine reads a
 * field of several values, e.g. the descriptions of a schema's columns), a URN field by the
 * full URN or its last key part, a number field by numeric equality and any other field by the
 * whole value.
 */
import { queryTokens } from '../analyzer.js';
import { NUMERIC_TYPES, TEXT_TYPES, URN_TYPES } from '../index-fields.js';
import type { FieldClause } from './query-parser.js';

export interface ClauseSql {
  sql: string;
  params: unknown[];
}

/** The values of a text field in the entities whose values of it hold every token (a (token, field) pair of `?` per token after the field's name). */
function textRows(tokens: number): string {
  const holding = Array.from(
    { length: tokens },
    () => 'SELECT doc_id FROM search_field_term WHERE term = ? AND field = ?',
  ).join(' INTERSECT ');
  return `SELECT r.doc_id AS doc_id, r.field AS field, r.value AS value FROM search_text_row r WHERE r.field = ? AND r.doc_id IN (${holding})`;
}

/** Matches nothing, for a `field:value` whose value cannot match (no tokens, not a number). */
const NOTHING: ClauseSql = { sql: 'SELECT NULL AS doc_id, NULL AS field, NULL AS value WHERE 0', params: [] };

export function clauseSql(clause: FieldClause): ClauseSql {
  const { field, value } = clause;
  if (TEXT_TYPES.has(field.type)) {
    const tokens = queryTokens(value);
    if (tokens.length === 0) return NOTHING;
    const distinct = [...new Set(tokens)];
    return { sql: textRows(distinct.length), params: [field.name, ...distinct.flatMap((t) => [t, field.name])] };
  }
  const values = 'SELECT doc_id, field, value FROM search_value WHERE field = ?';
  // A UNION ALL lets each side use its own index (an OR would scan every value of the field); a row
  // both sides find comes twice, which neither an IN nor matchedFields minds.
  if (URN_TYPES.has(field.type)) {
    return {
      sql: `${values} AND value = ? UNION ALL ${values} AND last_part = ?`,
      params: [field.name, value, field.name, value],
    };
  }
  if (NUMERIC_TYPES.has(field.type)) {
    const n = Number(value);
    return Number.isFinite(n) && value.trim() !== ''
      ? { sql: `${values} AND num = ?`, params: [field.name, n] }
      : NOTHING;
  }
  return {
    sql: `${values} AND value = ?`,
    params: [field.name, field.type === 'BOOLEAN' ? value.toLowerCase() : value],
  };
}
