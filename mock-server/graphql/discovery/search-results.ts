/**
 * A search over one or several entity types as a SearchResults record (upstream's
 * UrnSearchResultsMapper): the index's search per type, its hits with their matched fields, and its
 * aggregations as facets, each value with its count over the whole result. Several types are searched
 * as upstream searches several indices: a type that lacks a field the query or a filter names has no
 * hit (the index's 400 for it is the response of a one-type search only); the page lists
 * the results of the types in the order given, each type's ranked as the index ranks them, or, with
 * sort criteria, the hits of every type in the order of the criteria (as upstream's one search over
 * several indices sorts them). The first facet is upstream's `_entityType`, the number of hits of
 * each type searched; the search flags may leave the facets out or cut their values (search-flags.ts).
 */
import { tryParseUrn, type Contract } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import {
  facetValueLimit,
  filteredValues,
  shownFacets,
  type Filter,
  type MatchedField,
  type SearchResultValue,
  type SortCriterion,
} from '../../search/index.js';
import { badRequestError } from '../errors.js';
import { ENTITY_TYPE_DISPLAY_NAME, ENTITY_TYPE_FIELD, filterForType } from './entity-type-facet.js';
import { entityTypeOf } from './entity-types.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import type { FacetShape } from './search-flags.js';

export interface SearchPage {
  query: string;
  filter: Filter | undefined;
  start: number;
  count: number;
  /** Fields to order by instead of relevance (sort-input.ts). */
  sort?: SortCriterion[];
  /** The facets' shape from the search flags (search-flags.ts); upstream's default number of values of each facet when absent. */
  facets?: FacetShape;
  /** A full-text search: the query's last word matches as a prefix too (search-flags.ts isFulltext). */
  fulltext?: boolean;
}

/** A start or count from the input: upstream's default when absent, a BAD_REQUEST naming it when negative. */
export function nonNegative(value: number | null | undefined, fallback: number, field: string): number {
  if (value == null) return fallback;
  if (value < 0) throw badRequestError(`${field}: must be 0 or more, got ${value}`);
  return value;
}

/** Display names of the filterable fields (the annotations' filterName), for the facets; read once per contract. */
const DISPLAY_NAMES = new WeakMap<Contract, ReadonlyMap<string, string>>();
function displayNameOf(contract: Contract, field: string): string | null {
  let names = DISPLAY_NAMES.get(contract);
  if (!names) {
    const found = new Map<string, string>();
    for (const aspect of contract.aspects.values()) {
      for (const f of aspect.searchable)
        if (f.addToFilters && !found.has(f.fieldName)) found.set(f.fieldName, f.filterName);
    }
    DISPLAY_NAMES.set(contract, found);
    names = found;
  }
  return names.get(field) ?? null;
}

const entityOfValue = (view: EntityView, value: string) => () => (tryParseUrn(value) ? view.entity(value) : null);

/** The aggregated fields' facets of all the types' hits (facet-values.ts): each cut to `maxValues`, then the filter's values added. */
function facets(
  view: EntityView,
  results: readonly SearchResultValue[],
  maxValues: number,
  filter: Filter | undefined,
): OutputRecord[] {
  const counts = new Map<string, Map<string, number>>();
  for (const result of results) {
    for (const { name, aggregations } of result.metadata.searchResultMetadatas) {
      const values = counts.get(name) ?? new Map<string, number>();
      counts.set(name, values);
      for (const [value, n] of Object.entries(aggregations)) values.set(value, (values.get(value) ?? 0) + n);
    }
  }
  return shownFacets(counts, maxValues, filteredValues(filter, new Set([ENTITY_TYPE_FIELD]))).map(([field, values]) =>
    view.shapes.record('FacetMetadata', {
      field,
      displayName: displayNameOf(view.contract, field),
      aggregations: values.map(([value, count]) =>
        view.shapes.record('AggregationMetadata', { value, count, entity: entityOfValue(view, value) }),
      ),
    }),
  );
}

/** The index's 400 for a field an entity type does not have, in a query (`tags:x`) or a filter. */
export const isUnknownField = (error: unknown): boolean =>
  error instanceof RestliError && error.status === 400 && UNKNOWN_FIELD.test(error.message);
const UNKNOWN_FIELD = /is not a searchable field of entity/;

/** Each searched type with its number of hits, as upstream's `_entityType` facet (entity-type-facet.ts). */
function entityTypeFacet(
  view: EntityView,
  counts: readonly { entity: string; total: number }[],
  maxValues: number,
): OutputRecord {
  return view.shapes.record('FacetMetadata', {
    field: ENTITY_TYPE_FIELD,
    displayName: ENTITY_TYPE_DISPLAY_NAME,
    aggregations: [...counts]
      .sort((a, b) => b.total - a.total)
      .slice(0, maxValues)
      .map(({ entity, total }) =>
        view.shapes.record('AggregationMetadata', { value: entityTypeOf(entity), count: total, entity: null }),
      ),
  });
}

/** One type's hits, undefined when the filter rules the type out or (`lenient`) names a field it lacks. */
function searchType(
  view: EntityView,
  entity: string,
  page: SearchPage,
  lenient: boolean,
): SearchResultValue | undefined {
  const filter = filterForType(page.filter, entity, entityTypeOf(entity));
  if (filter === null) return undefined;
  try {
    const request = {
      input: page.query,
      entity,
      start: 0,
      count: page.start + page.count,
      ...(filter ? { filter } : {}),
      ...(page.sort ? { sort: page.sort } : {}),
      ...(page.fulltext ? { fulltext: true } : {}),
    };
    return view.discovery.search(request);
  } catch (error) {
    if (lenient && isUnknownField(error)) return undefined;
    throw error;
  }
}

/** The hits of a search over several types: each type's result, in the order the types were given. */
export interface SearchHits {
  hits: { urn: string; matched: MatchedField[] }[];
  total: number;
  /** The facets of all the hits: `_entityType` first, then the aggregated fields (none when the flags skip them). */
  facets: () => OutputRecord[];
}

/** The hits of several types (each type's sorted) in the order of the sort criteria. */
function inSortOrder<H extends { urn: string }>(
  view: EntityView,
  hits: readonly H[],
  sort: readonly SortCriterion[],
): H[] {
  const byUrn = new Map(hits.map((hit) => [hit.urn, hit]));
  return view.discovery.sortUrns([...byUrn.keys()], sort).map((urn) => byUrn.get(urn)!);
}

/** `types` are entity names; with `lenient` (several indices) a type lacking a named field has no hit. */
export function searchHits(view: EntityView, types: readonly string[], page: SearchPage, lenient: boolean): SearchHits {
  const searched = types.map((entity) => ({ entity, result: searchType(view, entity, page, lenient) }));
  const results = searched.flatMap(({ result }) => (result ? [result] : []));
  const counts = searched.map(({ entity, result }) => ({ entity, total: result?.numEntities ?? 0 }));
  const hits = results.flatMap((result) =>
    result.entities.map((urn, i) => ({ urn, matched: result.metadata.matches[i]?.matchedFields ?? [] })),
  );
  return {
    hits: page.sort && results.length > 1 ? inSortOrder(view, hits, page.sort) : hits,
    total: results.reduce((sum, result) => sum + result.numEntities, 0),
    facets: () => {
      if (page.facets?.skip) return [];
      const maxValues = page.facets?.maxValues ?? facetValueLimit();
      return [entityTypeFacet(view, counts, maxValues), ...facets(view, results, maxValues, page.filter)];
    },
  };
}

export function matchedFieldRecords(view: EntityView, matched: readonly MatchedField[]): OutputRecord[] {
  return matched.map(({ name, value }) =>
    view.shapes.record('MatchedField', { name, value, entity: entityOfValue(view, value) }),
  );
}

/** The hits as SearchResult records, each entity resolved when selected. */
export function searchResultRecords(view: EntityView, hits: SearchHits['hits']): OutputRecord[] {
  return hits.map(({ urn, matched }) =>
    view.shapes.record('SearchResult', {
      entity: () => view.entity(urn),
      matchedFields: matchedFieldRecords(view, matched),
    }),
  );
}

/** A SearchResults record of the page's hits (upstream's UrnSearchResultsMapper). */
export function searchResults(
  view: EntityView,
  types: readonly string[],
  page: SearchPage,
  lenient: boolean,
): OutputRecord {
  const found = searchHits(view, types, page, lenient);
  const searchResults = searchResultRecords(view, found.hits.slice(page.start, page.start + page.count));
  return view.shapes.record('SearchResults', {
    start: page.start,
    count: searchResults.length,
    total: found.total,
    searchResults,
    facets: found.facets,
  });
}
