/**
 * getQuickFilters, the shortcuts under the search bar (upstream's GetQuickFiltersResolver, v1.3.0.1): a search for
 * everything (`*`) over every searchable type, narrowed by the saved view `viewUrn` names, whose facets give the five
 * platforms with the most entities (then ordered by URN), and the entity types with results: at most three of the
 * source types and two of the catalog's own, each list in upstream's order of priority
 * (SearchUtils.PRIORITIZED_SOURCE_ENTITY_TYPES, PRIORITIZED_DATAHUB_ENTITY_TYPES; the types this schema does not
 * serve are skipped).
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { ENTITY_TYPE_FIELD } from './entity-type-facet.js';
import { crossEntityPage } from './resolvers.js';
import { searchHits } from './search-results.js';

const PLATFORM = 'platform';
const PLATFORM_COUNT = 5;
const SOURCE_TYPES = [
  'DATASET',
  'DASHBOARD',
  'DATA_FLOW',
  'DATA_JOB',
  'CHART',
  'CONTAINER',
  'MLMODEL',
  'MLMODEL_GROUP',
  'MLFEATURE',
  'MLFEATURE_TABLE',
  'MLPRIMARY_KEY',
];
const SOURCE_TYPE_COUNT = 3;
const CATALOG_TYPES = ['DOMAIN', 'GLOSSARY_TERM', 'CORP_GROUP', 'CORP_USER'];
const CATALOG_TYPE_COUNT = 2;

interface FacetValue {
  value: string;
  count: number;
  entity: unknown;
}

export function getQuickFilters(view: EntityView, input: { viewUrn?: string | null }): OutputRecord {
  const { entities, page } = crossEntityPage(view, { query: '*', start: 0, count: 0, viewUrn: input.viewUrn ?? null });
  const facets = entities.length === 0 ? [] : searchHits(view, entities, page, true).facets();
  const valuesOf = (field: string): FacetValue[] =>
    (facets.find((facet) => facet.field === field)?.aggregations as FacetValue[] | undefined) ?? [];
  const quickFilter = (field: string, { value, entity }: FacetValue) =>
    view.shapes.record('QuickFilter', { field, value, entity });

  const platforms = valuesOf(PLATFORM)
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, PLATFORM_COUNT)
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const types = valuesOf(ENTITY_TYPE_FIELD).filter(({ count }) => count > 0);
  const prioritized = (order: readonly string[], most: number) =>
    order.flatMap((type) => types.filter(({ value }) => value === type)).slice(0, most);
  return view.shapes.record('GetQuickFiltersResult', {
    quickFilters: [
      ...platforms.map((value) => quickFilter(PLATFORM, value)),
      ...[...prioritized(SOURCE_TYPES, SOURCE_TYPE_COUNT), ...prioritized(CATALOG_TYPES, CATALOG_TYPE_COUNT)].map(
        (value) => quickFilter(ENTITY_TYPE_FIELD, value),
      ),
    ],
  });
}
