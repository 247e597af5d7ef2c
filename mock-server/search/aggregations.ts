/**
 * `searchResultMetadatas`: one terms aggregation per field the entity adds to filters, counted over
 * the whole result (not the page), keyed by the stored value (the full URN for URN fields). Buckets
 * with no hits do not exist, and a field without buckets is left out, as upstream drops them.
 */
import type { EntityIndexFields } from './index-fields.js';
import type { SearchResultValue } from './requests.js';
import type { SearchTables } from './tables.js';

type Aggregations = SearchResultValue['metadata']['searchResultMetadatas'];

interface Bucket {
  field: string;
  value: string;
  n: number;
}

/** The result a search aggregates over: its hits (a SELECT with a `doc_id` column), or every entity of the type that is not soft-deleted. */
export type AggregationScope = { kind: 'hits'; sql: string; params: unknown[] } | { kind: 'entity' };

export function aggregations(tables: SearchTables, fields: EntityIndexFields, scope: AggregationScope): Aggregations {
  const names = [...fields.fields.values()].filter((f) => f.addToFilters).map((f) => f.name);
  if (names.length === 0) return [];
  const wanted = JSON.stringify(names);
  const order = 'ORDER BY field, n DESC, value';
  // Matching everything reads the maintained counts instead of joining every document.
  const buckets = (
    scope.kind === 'entity'
      ? tables
          .statement(`SELECT field, value, n FROM search_facet WHERE entity = ? AND field IN (SELECT value FROM json_each(?)) AND n > 0 ${order}`)
          .all(fields.entity, wanted)
      : tables
          .statement(
            `SELECT v.field AS field, v.value AS value, COUNT(*) AS n FROM (${scope.sql}) hit JOIN search_value v ON v.doc_id = hit.doc_id ` +
              `WHERE v.facet = 1 GROUP BY v.field, v.value ${order}`,
          )
          .all(...scope.params)
  ) as Bucket[];
  const byField = new Map<string, [string, number][]>();
  for (const b of buckets) {
    let counts = byField.get(b.field);
    if (!counts) byField.set(b.field, (counts = []));
    counts.push([b.value, b.n]);
  }
  // fromEntries makes every value an own key, even one spelled `__proto__`.
  return names.flatMap((name) => {
    const counts = byField.get(name);
    return counts ? [{ name, aggregations: Object.fromEntries(counts) }] : [];
  });
}
