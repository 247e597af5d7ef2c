/**
 * `Container.entities(input)` (upstream's ContainerEntitiesResolver): a search across datasets, charts,
 * dashboards and containers whose `container` field is the container, query `*`, start 0 and count 20
 * by default. The input's filters narrow it further.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { searchFilter, withCriterion, type FacetFilterInput } from './facet-filters.js';
import { nonNegative, searchResults } from './search-results.js';

export interface ContainerEntitiesInput {
  query?: string | null;
  start?: number | null;
  count?: number | null;
  filters?: readonly FacetFilterInput[] | null;
}

const CONTAINABLE_ENTITY_NAMES = ['dataset', 'chart', 'dashboard', 'container'];
const DEFAULT_COUNT = 20;

export function containerEntities(view: EntityView, urn: string, input: ContainerEntitiesInput): OutputRecord {
  const filter = withCriterion(searchFilter(input, 'input'), { field: 'container', values: [urn], condition: 'EQUAL' });
  return searchResults(
    view,
    CONTAINABLE_ENTITY_NAMES,
    { query: input.query ?? '*', filter, start: nonNegative(input.start, 0, 'input.start'), count: nonNegative(input.count, DEFAULT_COUNT, 'input.count') },
    true,
  );
}
