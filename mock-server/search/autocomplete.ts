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

/**
 * The rows the query's tokens match (the last token a prefix), grouped and ranked: `select` and
 * `groupBy` name what a row is (a suggested value, or the entity holding it).
 */
function matchingRows<Row>(tables: SearchTables, fields: EntityIndexFields, request: AutocompleteRequest, select: string, groupBy: string): Row[] {
  const tokens = queryTokens(request.query);
  const filter = compileFilter(fields, request.filter);
  const onField = fieldCondition(fields, request.field);
  const limit = Math.max(0, request.limit);
  if (tokens.length === 0 || limit === 0) return [];
  const match = tokens.map((t, i) => ftsTerm(t, i === tokens.length - 1)).join(' AND ');
  // The suggestion rows carry the entity type and removed flag, so `d` here is search_suggestion
  // (its doc_id is all a filter reads).
  return tables
    .statement(
      `SELECT ${select}, MAX(d.boost) AS boost FROM search_autocomplete JOIN search_suggestion d ON d.id = search_autocomplete.rowid ` +
        `WHERE search_autocomplete MATCH ? AND d.entity = ? AND d.removed = 0 AND ${onField.sql} AND ${filter.sql} ` +
        `GROUP BY ${groupBy} ORDER BY boost DESC, length(d.value), d.value LIMIT ? OFFSET ?`,
    )
    .all(match, fields.entity, ...onField.params, ...filter.params, limit, Math.max(0, request.start ?? 0)) as Row[];
}

export function autocomplete(tables: SearchTables, fields: EntityIndexFields, request: AutocompleteRequest): AutocompleteResultValue {
  const rows = matchingRows<{ value: string }>(tables, fields, request, 'd.value AS value', 'd.value');
  return { suggestions: rows.map((r) => r.value), query: request.query };
}

/** The entities whose autocomplete values the query matches, best first (upstream's AutoCompleteResult.entities). */
export function autocompleteEntities(tables: SearchTables, fields: EntityIndexFields, request: AutocompleteRequest): string[] {
  const rows = matchingRows<{ urn: string }>(tables, fields, request, '(SELECT urn FROM search_document WHERE doc_id = d.doc_id) AS urn', 'd.doc_id');
  return rows.map((r) => r.urn);
}
