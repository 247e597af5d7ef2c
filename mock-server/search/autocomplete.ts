/**
 * The `autocomplete` action: values of the entity's autocomplete fields that contain every token
 * of the query, the last one as a prefix (`Baz Ch` suggests `Baz Chart 1`). Suggestions are
 * ranked by the field's boost, then shorter values first, then alphabetically, de-duplicated,
 * skipped by `start` and capped at `limit`. Soft-deleted entities are never suggested (upstream's
 * autocomplete always excludes them, whatever the filter says).
 */
import { ftsTerm, queryTokens } from './analyzer.js';
import { compileFilter } from './filters.js';
import type { EntityIndexFields } from './index-fields.js';
import type { AutocompleteRequest, AutocompleteResultValue } from './requests.js';
import type { SearchTables } from './tables.js';

export function autocomplete(tables: SearchTables, fields: EntityIndexFields, request: AutocompleteRequest): AutocompleteResultValue {
  const tokens = queryTokens(request.query);
  const filter = compileFilter(fields, request.filter);
  const limit = Math.max(0, request.limit);
  if (tokens.length === 0 || limit === 0) return { suggestions: [], query: request.query };
  const match = tokens.map((t, i) => ftsTerm(t, i === tokens.length - 1)).join(' AND ');
  const rows = tables
    .statement(
      'SELECT r.value AS value, MAX(r.boost) AS boost FROM search_text JOIN search_text_row r ON r.id = search_text.rowid ' +
        'JOIN search_document d ON d.doc_id = r.doc_id ' +
        `WHERE search_text MATCH ? AND r.autocomplete = 1 AND d.entity = ? AND d.removed = 0 AND ${filter.sql} ` +
        'GROUP BY r.value ORDER BY boost DESC, length(r.value), r.value LIMIT ? OFFSET ?',
    )
    .all(match, fields.entity, ...filter.params, limit, Math.max(0, request.start ?? 0)) as { value: string }[];
  return { suggestions: rows.map((r) => r.value), query: request.query };
}
