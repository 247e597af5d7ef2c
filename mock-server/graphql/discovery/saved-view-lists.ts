/**
 * listMyViews and listGlobalViews, as upstream's ListMyViewsResolver and ListGlobalViewsResolver list
 * them (datahub-graphql-core/.../resolvers/view/): a search of the dataHubView entities (their query on
 * the name, every view without one) filtered on `createdBy` = the caller (and `type` when asked) or on
 * `type` = GLOBAL, newest `createdAt` first, start 0 and count 20 by default.
 */
import type { Criterion } from '../../search/index.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { nonNegative } from './search-results.js';

const DEFAULT_COUNT = 20;
const NEWEST_FIRST = [{ field: 'createdAt', order: 'DESCENDING' as const, at: 'createdAt' }];

interface ListInput {
  start?: number | null;
  count?: number | null;
  query?: string | null;
}

function listViews(view: EntityView, input: ListInput, criteria: Criterion[]): OutputRecord {
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const found = view.discovery.search({
    input: input.query || '*',
    entity: 'dataHubView',
    start,
    count,
    filter: { or: [{ and: criteria }] },
    sort: view.discovery.sortCriteria(['dataHubView'], NEWEST_FIRST),
  });
  const views = found.entities.flatMap((urn) => view.entity(urn) ?? []);
  return view.shapes.record('ListViewsResult', {
    start: found.from,
    count: found.pageSize,
    total: found.numEntities,
    views,
  });
}

export function listMyViews(
  view: EntityView,
  input: ListInput & { viewType?: string | null },
  caller: string,
): OutputRecord {
  const criteria: Criterion[] = [{ field: 'createdBy', values: [caller], condition: 'EQUAL' }];
  if (input.viewType != null) criteria.push({ field: 'type', values: [input.viewType], condition: 'EQUAL' });
  return listViews(view, input, criteria);
}

export function listGlobalViews(view: EntityView, input: ListInput): OutputRecord {
  return listViews(view, input, [{ field: 'type', values: ['GLOBAL'], condition: 'EQUAL' }]);
}
