/**
 * The result shapes a current DataHub GMS answers where the document's differ, for the upstream
 * profile (spec/upstream-differences.yaml search-result-shape, browse-result-shape, relationships-shape,
 * index-sizes-value-type, autocomplete-entities). Each takes the document's shape the mock computes and rewrites it, so both
 * profiles answer from the same search and store.
 */
import { tryParseUrn } from '../../spec/index.js';
import type { AutocompleteResultValue, BrowseResultValue, SearchResultValue } from '../search/requests.js';

/**
 * An aggregation's values as upstream's FilterValue records (SearchUtil.convertToFilters and
 * createFilterValue in metadata-io/.../search/utils/SearchUtil.java), most counted first: `filtered`
 * only on a value a filter names that the aggregation lacked, which upstream adds at 0
 * (../search/facet-values.ts; a counted value is never 0), and `entity` for a value that is a URN.
 */
function filterValues(aggregations: Record<string, number>): Record<string, unknown>[] {
  return Object.entries(aggregations)
    .sort((a, b) => b[1] - a[1])
    .map(([value, facetCount]) => ({
      value,
      facetCount,
      filtered: facetCount === 0,
      ...(tryParseUrn(value) ? { entity: value } : {}),
    }));
}

/** metadata-events/mxe-schemas/.../metadata/search/SearchResult.pdl: hits as SearchEntity, aggregations as AggregationMetadata. */
export function upstreamSearchResult(result: SearchResultValue): Record<string, unknown> {
  return {
    entities: result.entities.map((entity, i) => ({
      entity,
      matchedFields: result.metadata.matches[i]?.matchedFields ?? [],
    })),
    metadata: {
      aggregations: result.metadata.searchResultMetadatas.map(({ name, aggregations }) => ({
        name,
        displayName: name,
        aggregations,
        filterValues: filterValues(aggregations),
      })),
      suggestions: [],
    },
    from: result.from,
    pageSize: result.pageSize,
    numEntities: result.numEntities,
  };
}

/** .../metadata/browse/BrowseResult.pdl: groups at the top level, each entity named by its URN. */
export function upstreamBrowseResult(result: BrowseResultValue): Record<string, unknown> {
  const { groups, path, totalNumEntities } = result.metadata;
  return {
    entities: result.entities.map(({ urn }) => ({ name: urn, urn })),
    groups,
    metadata: { path, totalNumEntities },
    from: result.from,
    pageSize: result.pageSize,
    numEntities: result.numEntities,
    numGroups: groups.length,
    numElements: groups.length + result.numEntities,
  };
}

/**
 * .../metadata/query/AutoCompleteResult.pdl: the entities behind the suggestions as {urn}, best first
 * (AutocompleteRequestHandler.extractResult fills them from the same hits as the suggestions).
 */
export function upstreamAutocompleteResult(result: AutocompleteResultValue, urns: string[]): Record<string, unknown> {
  return { ...result, entities: urns.map((urn) => ({ urn })) };
}
