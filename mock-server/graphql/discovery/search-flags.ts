/**
 * The `searchFlags` of a search that shape its facets (upstream's SearchFlagsInputMapper,
 * datahub-graphql-core/.../types/common/mappers/SearchFlagsInputMapper.java, read by the search's
 * aggregations in metadata-io): `skipAggregates` leaves the facets out, `maxAggValues` keeps the
 * first values of each facet, by count (Elasticsearch's terms aggregation `size`, which refuses a size
 * below 1: a BAD_REQUEST naming it here), 20 when absent and 60 at most (../../search/facet-values.ts).
 * `fulltext` (isFulltext) makes the input's last word match as a prefix too. The other flags are accepted and ignored.
 */
import { facetValueLimit } from '../../search/index.js';
import { badRequestError } from '../errors.js';

export interface SearchFlagsArgs {
  searchFlags?: { maxAggValues?: number | null; skipAggregates?: boolean | null; fulltext?: boolean | null } | null;
}

/**
 * Whether a search is full text (its last word also matches as a prefix): `searchFlags.fulltext`,
 * true when absent, as upstream's SearchResolver and SearchAcrossEntitiesResolver default it
 * (datahub-graphql-core/.../resolvers/search/, v1.3.0.1).
 */
export function isFulltext(args: SearchFlagsArgs): boolean {
  return args.searchFlags?.fulltext !== false;
}

/** What a search's facets hold: none (`skip`), or at most `maxValues` values each. */
export interface FacetShape {
  skip: boolean;
  maxValues: number;
}

export function facetShape(args: SearchFlagsArgs): FacetShape {
  const flags = args.searchFlags;
  const max = flags?.maxAggValues;
  if (max != null && max < 1) throw badRequestError(`input.searchFlags.maxAggValues: must be 1 or more, got ${max}`);
  return { skip: flags?.skipAggregates === true, maxValues: facetValueLimit(max ?? undefined) };
}
