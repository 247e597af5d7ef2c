/**
 * `listRecommendations` (upstream's ListRecommendationsResolver and RecommendationsService at v1.3.0.1, the
 * candidate sources of metadata-service/services/.../recommendation/candidatesource/ in the order
 * RecommendationServiceFactory lists them). The mock computes the sources that aggregate the search index:
 * - Platforms (TopPlatformsSource): on the home page, the platforms of the searchable entity types with the most
 *   entities, at most 40, only platforms whose dataPlatformInfo has a logo;
 * - Domains (DomainsCandidateSource): on the home page, the domains with the most entities, at most 10;
 * - TopTags and TopTerms (TopTagsSource, TopTermsSource): on the home page and search results, the tags and
 *   glossary terms with the most entities, at most 10 each.
 * A value counts only when its entity exists (EntitySearchAggregationSource.isValidCandidateUrn); values are
 * ordered by count, most first (ties by value). The sources upstream reads from its usage events index
 * (recently viewed, recently edited, most popular, recently searched) have no events to read in the mock, so,
 * as upstream with an empty usage index, they give no module. A module without content is left out, a saved
 * view's filters narrow every count, and `limit` caps the number of modules.
 */
import type { QueryListRecommendationsArgs } from '../../../generated/graphql/resolvers.js';
import type { Filter } from '../../search/index.js';
import { savedView, withViewFilter } from '../discovery/saved-views.js';
import { byCount, countsByValue, DEFAULT_SEARCH_ENTITIES } from '../discovery/value-counts.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';

/** TopPlatformsSource's entity types (upstream's SEARCHABLE_ENTITY_TYPES there), by registry name. */
const PLATFORM_ENTITY_TYPES = [
  'dataset',
  'dashboard',
  'chart',
  'mlModel',
  'mlModelGroup',
  'mlFeatureTable',
  'mlFeature',
  'mlPrimaryKey',
  'dataFlow',
  'dataJob',
  'tag',
  'container',
  'notebook',
];

interface AggregationSource {
  moduleId: string;
  title: string;
  renderType: string;
  scenarios: readonly string[];
  entityTypes: readonly string[];
  field: string;
  maxContent: number;
  valid: (view: EntityView, urn: string) => boolean;
}

const exists = (view: EntityView, urn: string): boolean => view.store.entityExists(urn);

/** The aggregating candidate sources, in upstream's order. */
const SOURCES: readonly AggregationSource[] = [
  {
    moduleId: 'Platforms',
    title: 'Platforms',
    renderType: 'PLATFORM_SEARCH_LIST',
    scenarios: ['HOME'],
    entityTypes: PLATFORM_ENTITY_TYPES,
    field: 'platform',
    maxContent: 40,
    valid: (view, urn) => typeof objectOf(view.aspectsOf(urn).aspect('dataPlatformInfo'))?.logoUrl === 'string',
  },
  {
    moduleId: 'Domains',
    title: 'Domains',
    renderType: 'DOMAIN_SEARCH_LIST',
    scenarios: ['HOME'],
    entityTypes: DEFAULT_SEARCH_ENTITIES,
    field: 'domains',
    maxContent: 10,
    valid: exists,
  },
  {
    moduleId: 'TopTags',
    title: 'Top Tags',
    renderType: 'TAG_SEARCH_LIST',
    scenarios: ['HOME', 'SEARCH_RESULTS'],
    entityTypes: DEFAULT_SEARCH_ENTITIES,
    field: 'tags',
    maxContent: 10,
    valid: exists,
  },
  {
    moduleId: 'TopTerms',
    title: 'Top Glossary Terms',
    renderType: 'GLOSSARY_TERM_SEARCH_LIST',
    scenarios: ['HOME', 'SEARCH_RESULTS'],
    entityTypes: DEFAULT_SEARCH_ENTITIES,
    field: 'glossaryTerms',
    maxContent: 10,
    valid: exists,
  },
];

function moduleOf(view: EntityView, source: AggregationSource, filter?: Filter): OutputRecord | undefined {
  const top = byCount(countsByValue(view, source.entityTypes, source.field, { filter }))
    .filter(([value]) => source.valid(view, value))
    .slice(0, source.maxContent);
  if (top.length === 0) return undefined;
  return view.shapes.record('RecommendationModule', {
    title: source.title,
    moduleId: source.moduleId,
    renderType: source.renderType,
    content: top.map(([value, count]) =>
      view.shapes.record('RecommendationContent', {
        value,
        entity: () => view.entity(value),
        params: view.shapes.record('RecommendationParams', {
          searchParams: view.shapes.record('SearchParams', {
            types: null,
            query: '',
            filters: [view.shapes.record('FacetFilter', { field: source.field, values: [value] })],
          }),
          contentParams: view.shapes.record('ContentParams', { count }),
        }),
      }),
    ),
  });
}

export function listRecommendations(view: EntityView, { input }: QueryListRecommendationsArgs): OutputRecord {
  if (input.limit != null && input.limit < 0)
    throw badRequestError(`input.limit: must be 0 or more, got ${input.limit}`);
  const scenario = input.requestContext?.scenario;
  const filter = withViewFilter(undefined, savedView(view, input.viewUrn, 'input.viewUrn'));
  const modules: OutputRecord[] = [];
  for (const source of SOURCES) {
    if (input.limit != null && modules.length >= input.limit) break;
    if (scenario === undefined || !source.scenarios.includes(scenario)) continue;
    const module = moduleOf(view, source, filter);
    if (module) modules.push(module);
  }
  return view.shapes.record('ListRecommendationsResult', { modules });
}
