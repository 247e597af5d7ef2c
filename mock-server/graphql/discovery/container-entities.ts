/**
 * `Container.entities(input)` (upstream's ContainerEntitiesResolver): a search across datasets, charts,
 * dashboards and containers whose `container` field is the container, query `*`, start 0 and count 20
 * by default. The input's filters narrow it further in the document profile; upstream's resolver never
 * reads them (datahub-graphql-core/.../resolvers/container/ContainerEntitiesResolver.java, commit
 * 1d4c082be8eed0d2202e90c5affe1f55e60980b5: the container criterion is the whole filter), so the
 * upstream profile ignores them (upstream-differences: graphql-container-entities-filters).
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
  const narrowing = view.profile === 'upstream' ? undefined : searchFilter(input, 'input');
  const filter = withCriterion(narrowing, { field: 'container', values: [urn], condition: 'EQUAL' });
  return searchResults(
    view,
    CONTAINABLE_ENTITY_NAMES,
    {
      query: input.query ?? '*',
      filter,
      start: nonNegative(input.start, 0, 'input.start'),
      count: nonNegative(input.count, DEFAULT_COUNT, 'input.count'),
    },
    true,
  );
}
