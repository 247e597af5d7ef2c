/**
 * `searchResultMetadatas`: one terms aggregation per field the entity adds to filters, counted over
 * the whole result (not the page), keyed by the stored value (the full URN for URN fields). Buckets
 * with no hits do not exist, and a field without buckets is left out, as upstream drops them.
 */
import type { Columns } from '../memory/document-columns.js';
import type { EntityIndexFields } from '../index-fields.js';
import type { SearchResultValue } from '../requests.js';
import type { SearchTables } from '../tables.js';

type Aggregations = SearchResultValue['metadata']['searchResultMetadatas'];

interface Bucket {
  field: string;
  value: string;
  n: number;
}

/**
 * The result a search aggregates over: the number of its hits holding each facet id, as
 * `[[id, n], ...]` (JSON), or every entity of the type that is not soft-deleted.
 */
export type AggregationScope = { kind: 'hits'; counts: string } | { kind: 'entity' };

const ORDER = 'ORDER BY field, n DESC, value';

const COMMA = 44;
const ZERO = 48;

/** `[[id, n], ...]` of the facet ids counted (an array indexed by id: ids are the small rowids of `search_facet`). */
export function facetPairs(counts: ArrayLike<number>): string {
  const pairs: [number, number][] = [];
  for (let i = 0; i < counts.length; i++) if (counts[i]) pairs.push([i, counts[i]!]);
  return JSON.stringify(pairs);
}

/**
 * Counts of each facet id in the `group_concat` of hits' `facets` (comma-separated), read digit by
 * digit: the string holds every hit's ids, and splitting it costs ten times more.
 */
export function countFacets(facets: string): string {
  const counts: number[] = [];
  let id = 0;
  let digits = false;
  for (let i = 0; i <= facets.length; i++) {
    const c = i < facets.length ? facets.charCodeAt(i) : COMMA;
    if (c !== COMMA) {
      id = id * 10 + (c - ZERO);
      digits = true;
    } else if (digits) {
      counts[id] = (counts[id] ?? 0) + 1;
      id = 0;
      digits = false;
    }
  }
  return facetPairs(counts);
}

/**
 * The aggregations of a search matching everything, by entity type, as worked out at one version of
 * the store's document columns: the maintained counts they read change only with a document written
 * or removed, which the columns read again before the next search (moving their version). Frozen:
 * every such search returns the same objects.
 */
const kept = new WeakMap<Columns, { version: number; byEntity: Map<string, Aggregations> }>();

function deepFrozen(aggregations: Aggregations): Aggregations {
  for (const a of aggregations) Object.freeze(Object.freeze(a).aggregations);
  return Object.freeze(aggregations) as Aggregations;
}

export function aggregations(tables: SearchTables, fields: EntityIndexFields, scope: AggregationScope): Aggregations {
  if (scope.kind === 'hits') return counted(tables, fields, scope);
  const columns = tables.columns();
  let held = kept.get(columns);
  if (held?.version !== columns.version())
    kept.set(columns, (held = { version: columns.version(), byEntity: new Map() }));
  let result = held.byEntity.get(fields.entity);
  if (!result) held.byEntity.set(fields.entity, (result = deepFrozen(counted(tables, fields, scope))));
  return result;
}

function counted(tables: SearchTables, fields: EntityIndexFields, scope: AggregationScope): Aggregations {
  const names = fields.aggregatedFields;
  if (names.length === 0) return [];
  const wanted = JSON.stringify(names);
  // Matching everything reads the maintained counts instead of reading every document.
  const buckets = (
    scope.kind === 'entity'
      ? tables
          .statement(
            `SELECT field, value, n FROM search_facet WHERE entity = ? AND field IN (SELECT value FROM json_each(?)) AND n > 0 ${ORDER}`,
          )
          .all(fields.entity, wanted)
      : tables
          .statement(
            `SELECT f.field AS field, f.value AS value, c.value ->> 1 AS n FROM json_each(?) c JOIN search_facet f ON f.id = c.value ->> 0 ${ORDER}`,
          )
          .all(scope.counts)
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
