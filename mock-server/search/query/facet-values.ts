/**
 * The values each facet of a search response shows, as upstream's AggregationQueryBuilder gives them
 * (metadata-io/.../search/elasticsearch/query/request/AggregationQueryBuilder.java):
 * - facetToAggregationBuilder sizes each terms aggregation by the search flags' `maxAggValues`
 *   (SearchFlags.pdl in metadata-models: 20 when absent), at most the server's
 *   `elasticsearch.search.maxTermBucketSize` (metadata-service/configuration/.../application.yaml,
 *   ELASTICSEARCH_QUERY_MAX_TERM_BUCKET_SIZE: 60 unless set); the values kept are the first by
 *   count, then by value (Elasticsearch's bucket order), counted over the whole result;
 * - addFiltersToAggregationMetadata then adds each value a filter criterion names that its facet
 *   does not show, with a count of 0, and a facet of its own for a criterion whose field has none
 *   (a criterion on `urn` adds nothing): a selected filter value shows whatever the cut left.
 */
import { indexFieldName } from '../index-fields.js';
import type { Filter, SearchResultValue } from '../requests.js';

const DEFAULT_FACET_VALUES = 20;
const MAX_FACET_VALUES = 60;

/** The number of values a facet keeps, given the search flags' `maxAggValues` (absent: upstream's default). */
export function facetValueLimit(maxAggValues?: number): number {
  return Math.min(maxAggValues ?? DEFAULT_FACET_VALUES, MAX_FACET_VALUES);
}

type Aggregations = SearchResultValue['metadata']['searchResultMetadatas'];

/**
 * The values the filter's criteria name, by the facet they belong to (the field without its
 * `.keyword`), in the filter's order; `urn` and the fields in `skip` left out. A criterion's
 * `values`, or its `value` alone (upstream converts one into the other before searching).
 */
export function filteredValues(
  filter: Filter | undefined,
  skip: ReadonlySet<string> = new Set(),
): Map<string, string[]> {
  const byFacet = new Map<string, string[]>();
  const criteria = filter?.or ? filter.or.flatMap((alternative) => alternative.and) : (filter?.criteria ?? []);
  for (const criterion of criteria) {
    const facet = indexFieldName(criterion.field);
    if (facet === 'urn' || skip.has(facet)) continue;
    const values = criterion.values?.length ? criterion.values : criterion.value !== undefined ? [criterion.value] : [];
    if (values.length === 0) continue;
    const known = byFacet.get(facet) ?? [];
    byFacet.set(facet, [...known, ...values.filter((v) => !known.includes(v))]);
  }
  return byFacet;
}

/** Elasticsearch's bucket order: by count, most first, then by value. */
const bucketOrder = (a: readonly [string, number], b: readonly [string, number]): number =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Facets as a search response shows them: each facet's values (value and count over the whole result)
 * cut to the first `limit` in bucket order, then the `filtered` values (filteredValues) each lacks
 * added at 0, and a facet for each filtered field without one.
 */
export function shownFacets(
  facets: Iterable<readonly [string, Iterable<readonly [string, number]>]>,
  limit: number,
  filtered: ReadonlyMap<string, readonly string[]>,
): [string, (readonly [string, number])[]][] {
  const out = [...facets].map(([name, values]): [string, (readonly [string, number])[]] => [
    name,
    [...values].sort(bucketOrder).slice(0, limit),
  ]);
  for (const [field, values] of filtered) {
    let facet = out.find(([name]) => name === field);
    if (!facet) out.push((facet = [field, []]));
    for (const value of values) if (!facet[1].some(([v]) => v === value)) facet[1].push([value, 0]);
  }
  return out;
}

/**
 * The shown facets of aggregations the index keeps for every search matching everything
 * (aggregations.ts), kept with them: each such search returns the same ones.
 */
const keptCuts = new WeakMap<Aggregations, { limit: number; cut: Aggregations }>();

/** The aggregations of a REST search response, shown (shownFacets) for its filter. */
export function shownFacetValues(aggregations: Aggregations, limit: number, filter: Filter | undefined): Aggregations {
  const filtered = filteredValues(filter);
  const kept = filtered.size === 0 ? keptCuts.get(aggregations) : undefined;
  if (kept?.limit === limit) return kept.cut;
  const shown = shownFacets(
    aggregations.map(({ name, aggregations: counts }) => [name, Object.entries(counts)] as const),
    limit,
    filtered,
  );
  // fromEntries makes every value an own key, even one spelled `__proto__`.
  const result = shown.map(([name, values]) => ({ name, aggregations: Object.fromEntries(values) }));
  if (filtered.size === 0 && Object.isFrozen(aggregations)) {
    for (const facet of result) Object.freeze(Object.freeze(facet).aggregations);
    keptCuts.set(aggregations, { limit, cut: Object.freeze(result) as Aggregations });
  }
  return result;
}
