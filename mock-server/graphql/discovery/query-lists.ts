/**
 * listQueries (upstream's ListQueriesResolver, datahub-graphql-core/.../resolvers/query/ListQueriesResolver.java,
 * v1.3.0.1): a full-text search of Query entities for `query` (every one when absent), narrowed by the input's
 * `orFilters`, its `source` (index field `source`) and its `datasetUrn` (index field `entities`, the query's
 * subjects); sorted by `sortInput.sortCriterion`, else the newest created first (`createdAt`); start 0 and
 * count 100 by default.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { searchFilter, withCriterion, type FilterArgs } from './facet-filters.js';
import { nonNegative } from './search-results.js';
import { sortCriteria, type SortInputArgs } from './sort-input.js';

interface ListQueriesInput extends FilterArgs {
  start?: number | null;
  count?: number | null;
  query?: string | null;
  source?: string | null;
  datasetUrn?: string | null;
  sortInput?: { sortCriterion: NonNullable<SortInputArgs['sortInput']>['sortCriterion'] } | null;
}

const QUERY_ENTITY = 'query';
const DEFAULT_COUNT = 100;
const NEWEST_FIRST = [{ field: 'createdAt', order: 'DESCENDING' as const }];

export function listQueries(view: EntityView, input: ListQueriesInput): OutputRecord {
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  let filter = searchFilter({ orFilters: input.orFilters }, 'input');
  if (input.source) filter = withCriterion(filter, { field: 'source', values: [input.source], condition: 'EQUAL' });
  if (input.datasetUrn)
    filter = withCriterion(filter, { field: 'entities', values: [input.datasetUrn], condition: 'EQUAL' });
  const sort = sortCriteria(view, { sortInput: input.sortInput }, [QUERY_ENTITY]) ?? NEWEST_FIRST;
  const result = view.discovery.search({
    input: input.query || '*',
    entity: QUERY_ENTITY,
    start,
    count,
    sort,
    fulltext: true,
    ...(filter ? { filter } : {}),
  });
  return view.shapes.record('ListQueriesResult', {
    start: result.from,
    count: result.pageSize,
    total: result.numEntities,
    queries: result.entities.map((urn) => view.entity(urn)),
  });
}
