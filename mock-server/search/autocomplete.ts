/**
 * The `autocomplete` action: values of the entity's autocomplete fields that contain every token
 * of the query, the last one as a prefix (`Baz Ch` suggests `Baz Chart 1`). Suggestions are
 * ranked by the field's boost, then shorter values first, then alphabetically, de-duplicated,
 * skipped by `start` and capped at `limit`. Upstream's optional `field` restricts the suggestions to
 * that one autocomplete field. Soft-deleted entities are never suggested (upstream's autocomplete
 * always excludes them, whatever the filter says).
 */
import { badRequest } from '../errors.js';
import { queryTokens } from './analyzer.js';
import { compileFilter } from './filters.js';
import type { EntityIndexFields } from './index-fields.js';
import type { AutocompleteRequest, AutocompleteResultValue } from './requests.js';
import type { SearchTables } from './tables.js';

/** The SQL condition of the optional `field` on the suggestion row `d`; only the entity's autocomplete fields have rows to suggest from. */
function fieldCondition(fields: EntityIndexFields, field: string | undefined): { sql: string; params: unknown[] } {
  if (field === undefined) return { sql: '1', params: [] };
  if (!fields.fields.get(field)?.enableAutocomplete) throw badRequest(`body.field: '${field}' is not an autocomplete field of entity ${fields.entity}`);
  return { sql: 'd.field = ?', params: [field] };
}

/** An FTS5 string literal of one token (quoted, so that FTS5 keywords such as AND stay literal), a prefix when asked. */
function ftsTerm(token: string, prefix: boolean): string {
  return `"${token.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
}

/** The rows the query's tokens match (the last token a prefix), as a FROM ... WHERE clause and its parameters; none for an empty query. */
function matching(fields: EntityIndexFields, request: AutocompleteRequest): { sql: string; params: unknown[] } | undefined {
  const tokens = queryTokens(request.query);
  const filter = compileFilter(fields, request.filter);
  const onField = fieldCondition(fields, request.field);
  if (tokens.length === 0 || request.limit <= 0) return undefined;
  const match = tokens.map((t, i) => ftsTerm(t, i === tokens.length - 1)).join(' AND ');
  // The suggestion rows carry the entity type and removed flag, so `d` here is search_suggestion
  // (its doc_id is all a filter reads).
  return {
    sql:
      'FROM search_autocomplete JOIN search_suggestion d ON d.id = search_autocomplete.rowid ' +
      `WHERE search_autocomplete MATCH ? AND d.entity = ? AND d.removed = 0 AND ${onField.sql} AND ${filter.sql}`,
    params: [match, fields.entity, ...onField.params, ...filter.params],
  };
}

/** Suggestion rows read at least per round; a value held by several rows (several fields, entities) needs more rows than suggestions. */
const MIN_ROWS = 32;

/**
 * The suggested values, ranked by their best boost, then shorter first, then alphabetically. The
 * rows are read in that order and each value kept where it first shows (there with its best boost,
 * so the order of first showings is the ranking of the values): SQLite keeps only the first rows
 * of the order instead of grouping every matching row by value. When the rows read hold too few
 * distinct values, the next round reads four times as many.
 */
export function autocomplete(tables: SearchTables, fields: EntityIndexFields, request: AutocompleteRequest): AutocompleteResultValue {
  const rows = matching(fields, request);
  if (!rows) return { suggestions: [], query: request.query };
  const start = Math.max(0, request.start ?? 0);
  const wanted = start + request.limit;
  const statement = tables.statement(`SELECT d.value ${rows.sql} ORDER BY d.boost DESC, length(d.value), d.value LIMIT ?`, true);
  for (let read = Math.max(MIN_ROWS, 2 * wanted); ; read *= 4) {
    const values = statement.all(...rows.params, read) as string[];
    const distinct = [...new Set(values)];
    if (distinct.length >= wanted || values.length < read) return { suggestions: distinct.slice(start, wanted), query: request.query };
  }
}

/** The entities whose autocomplete values the query matches, best first (upstream's AutoCompleteResult.entities). */
export function autocompleteEntities(tables: SearchTables, fields: EntityIndexFields, request: AutocompleteRequest): string[] {
  const rows = matching(fields, request);
  if (!rows) return [];
  return tables
    .statement(
      `SELECT (SELECT urn FROM search_document WHERE doc_id = d.doc_id) AS urn, MAX(d.boost) AS boost ${rows.sql} ` +
        'GROUP BY d.doc_id ORDER BY boost DESC, length(d.value), d.value LIMIT ? OFFSET ?',
      true,
    )
    .all(...rows.params, request.limit, Math.max(0, request.start ?? 0)) as string[];
}
