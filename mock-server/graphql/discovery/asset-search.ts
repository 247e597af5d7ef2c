/**
 * `DataProduct.entities(input)` (upstream's ListDataProductAssetsResolver,
 * datahub-graphql-core/.../resolvers/dataproduct/ListDataProductAssetsResolver.java, v1.3.0.1): a search
 * over the product's assets only (the input's filters and a criterion on their URNs), across the input's
 * types or else the entity types of the assets, query `*`, start 0 and count 10 by default. A product
 * without assets has no results, without a search.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { entityNameOf } from './entity-types.js';
import { searchFilter, withCriterion, type FilterArgs } from './facet-filters.js';
import { nonNegative, searchResults } from './search-results.js';

export interface AssetSearchInput extends FilterArgs {
  types?: readonly string[] | null;
  query?: string | null;
  start?: number | null;
  count?: number | null;
}

const DEFAULT_COUNT = 10;

export function searchAssets(view: EntityView, assets: readonly string[], input: AssetSearchInput): OutputRecord {
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const named = (input.types ?? []).map((type, i) => entityNameOf(type, `input.types[${i}]`));
  const ofAssets = [...new Set(assets.flatMap((urn) => tryParseUrn(urn)?.entityType ?? []))].filter((entity) =>
    view.serves(entity),
  );
  const types = named.length > 0 ? named : ofAssets;
  if (assets.length === 0 || types.length === 0)
    return view.shapes.record('SearchResults', { start, count, total: 0, searchResults: [], facets: [] });
  const filter = withCriterion(searchFilter(input, 'input'), { field: 'urn', values: [...assets], condition: 'EQUAL' });
  return searchResults(view, types, { query: input.query ?? '*', filter, start, count }, true);
}
