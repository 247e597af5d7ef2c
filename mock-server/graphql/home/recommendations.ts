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
 * ordered by count, most first (ties by value). Between them, on the home page, the caller's recently viewed and
 * recently edited entities (RecentlyViewedSource, RecentlyEditedSource), which upstream reads from its usage
 * events and the mock from the session's journal (recent-entities.ts). The most popular entities and the recent
 * searches, which upstream counts over every user's usage events, give no module, as upstream's with an empty
 * usage index. A module without content is left out, a saved view's filters narrow every count, and `limit`
 * caps the number of modules.
 */
import type { QueryListRecommendationsArgs } from '../../../generated/graphql/resolvers.js';
import type { Filter } from '../../search/index.js';
import { savedView, withViewFilter } from '../discovery/saved-views.js';
import type { GraphqlContext } from '../context.js';
import { byCount, countsByValue, DEFAULT_SEARCH_ENTITIES } from '../discovery/value-counts.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { QUICKSTART_CONFIG } from '../shell/quickstart-config.js';
import { recentEntities, type RecentKind } from './recent-entities.js';

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

interface Module {
  moduleId: string;
  title: string;
  renderType: string;
  scenarios: readonly string[];
}

/** A source counting the entities per value of an aggregated field. */
interface AggregationSource extends Module {
  entityTypes: readonly string[];
  field: string;
  maxContent: number;
  valid: (view: EntityView, urn: string) => boolean;
}

/** A source reading the caller's requests (recent-entities.ts). */
interface RecentSource extends Module {
  recent: RecentKind;
}

const recentSource = (recent: RecentKind, moduleId: string, title: string): RecentSource => ({
  moduleId,
  title,
  renderType: 'ENTITY_NAME_LIST',
  // Eligible on the home page when analytics are enabled, as a quickstart's are.
  scenarios: QUICKSTART_CONFIG.analyticsEnabled ? ['HOME'] : [],
  recent,
});

const exists = (view: EntityView, urn: string): boolean => view.store.entityExists(urn);

/** The candidate sources the mock computes, in upstream's order. */
const SOURCES: readonly (AggregationSource | RecentSource)[] = [
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
  recentSource('viewed', 'RecentlyViewedEntities', 'Recently Viewed'),
  recentSource('edited', 'RecentlyEditedEntities', 'Recently Edited'),
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

function aggregationContent(view: EntityView, source: AggregationSource, filter?: Filter): OutputRecord[] {
  const top = byCount(countsByValue(view, source.entityTypes, source.field, { filter }))
    .filter(([value]) => source.valid(view, value))
    .slice(0, source.maxContent);
  return top.map(([value, count]) =>
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
  );
}

export function listRecommendations(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryListRecommendationsArgs,
): OutputRecord {
  if (input.limit != null && input.limit < 0)
    throw badRequestError(`input.limit: must be 0 or more, got ${input.limit}`);
  const scenario = input.requestContext?.scenario;
  const filter = withViewFilter(undefined, savedView(view, input.viewUrn, 'input.viewUrn'));
  const modules: OutputRecord[] = [];
  for (const source of SOURCES) {
    if (input.limit != null && modules.length >= input.limit) break;
    if (scenario === undefined || !source.scenarios.includes(scenario)) continue;
    const content =
      'recent' in source ? recentEntities(ctx, view, source.recent) : aggregationContent(view, source, filter);
    if (content.length === 0) continue;
    const { title, moduleId, renderType } = source;
    modules.push(view.shapes.record('RecommendationModule', { title, moduleId, renderType, content }));
  }
  return view.shapes.record('ListRecommendationsResult', { modules });
}
