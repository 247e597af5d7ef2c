/**
 * The analytics page (upstream's analytics/resolver/ at v1.3.0.1), enabled as in a quickstart:
 * - `isAnalyticsEnabled`: quickstart-config.ts;
 * - `getMetadataAnalyticsCharts` (GetMetadataAnalyticsResolver): one group, `FilteredMetadataAnalytics`, of bar
 *   charts of the assets matching the input (one entity type, one domain, a query) by domain (when no domain is
 *   given), by platform, by glossary term, and by environment (when there are several), each the 10 values with
 *   the most assets, named by the entity's display name where it has one;
 * - `getAnalyticsCharts` (GetChartsResolver): the `DataHubUsageAnalytics` group and the `GlobalMetadataAnalytics`
 *   group of every asset by domain (segmented by platform), by platform, by glossary term and by environment.
 *   Upstream draws the usage group from its usage events index; the mock keeps none, so that group has no charts.
 */
import type { QueryGetMetadataAnalyticsChartsArgs } from '../../../generated/graphql/resolvers.js';
import type { Filter } from '../../search/index.js';
import { entityNameOf, SEARCHABLE_TYPES } from '../discovery/entity-types.js';
import { byCount, countsByValue, DEFAULT_SEARCH_ENTITIES } from '../discovery/value-counts.js';
import type { EntityView } from '../entities/entity-view.js';
import { objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { urnLastPart } from '../../../spec/index.js';

const TOP = 10;

/** The display name of a bar's entity (upstream's AnalyticsUtil.get*Name), or its value when it has none. */
const DISPLAY_NAMES: Readonly<Record<string, (view: EntityView, urn: string) => string | null>> = {
  domains: (view, urn) => stringOr(view.aspectsOf(urn).aspect('domainProperties')?.name),
  platform: (view, urn) => {
    if (!view.store.entityExists(urn)) return null;
    const info = objectOf(view.aspectsOf(urn).aspect('dataPlatformInfo'));
    return stringOr(info?.displayName) ?? stringOr(info?.name) ?? urnLastPart(urn);
  },
  glossaryTerms: (view, urn) => {
    const info = view.aspectsOf(urn).aspect('glossaryTermInfo');
    return stringOr(info?.name) ?? (view.store.entityExists(urn) ? urnLastPart(urn) : null);
  },
};

const displayName = (view: EntityView, field: string, value: string): string =>
  DISPLAY_NAMES[field]?.(view, value) ?? value;

interface AssetSearch {
  entities: readonly string[];
  query?: string;
  filter?: Filter | undefined;
}

/** A bar per value of the field, the TOP with the most assets, one `Count` segment each (or `segments`). */
function bars(
  view: EntityView,
  search: AssetSearch,
  field: string,
  segments?: (value: string) => OutputRecord[],
): OutputRecord[] {
  return byCount(countsByValue(view, search.entities, field, search))
    .slice(0, TOP)
    .map(([value, count]) =>
      view.shapes.record('NamedBar', {
        name: displayName(view, field, value),
        segments: segments ? segments(value) : [view.shapes.record('BarSegment', { label: 'Count', value: count })],
      }),
    );
}

const barChart = (view: EntityView, title: string, namedBars: OutputRecord[]): OutputRecord =>
  view.shapes.record('BarChart', { title, bars: namedBars });

export function getMetadataAnalyticsCharts(
  view: EntityView,
  { input }: QueryGetMetadataAnalyticsChartsArgs,
): OutputRecord[] {
  const domain = input.domain && input.domain !== 'ALL' ? input.domain : undefined;
  const search: AssetSearch = {
    entities:
      input.entityType != null
        ? [entityNameOf(input.entityType, 'input.entityType')]
        : SEARCHABLE_TYPES.map((type) => entityNameOf(type, 'input.entityType')),
    query: input.query?.trim() ? input.query : '*',
    filter: domain ? { or: [{ and: [{ field: 'domains', value: domain, condition: 'EQUAL' }] }] } : undefined,
  };
  const charts: OutputRecord[] = [];
  const add = (title: string, field: string, atLeast = 1) => {
    const found = bars(view, search, field);
    if (found.length >= atLeast) charts.push(barChart(view, title, found));
  };
  if (!input.domain) add('Data Assets by Domain', 'domains');
  add('Data Assets by Platform', 'platform');
  add('Data Assets by Term', 'glossaryTerms');
  add('Data Assets by Environment', 'origin', 2);
  return [view.shapes.record('AnalyticsChartGroup', { groupId: 'FilteredMetadataAnalytics', title: '', charts })];
}

function landscapeCharts(view: EntityView): OutputRecord[] {
  const every: AssetSearch = { entities: DEFAULT_SEARCH_ENTITIES };
  const perPlatform = (domain: string) =>
    byCount(
      countsByValue(view, every.entities, 'platform', {
        filter: { or: [{ and: [{ field: 'domains', value: domain, condition: 'EQUAL' }] }] },
      }),
    ).map(([platform, count]) =>
      view.shapes.record('BarSegment', { label: displayName(view, 'platform', platform), value: count }),
    );
  const charts: OutputRecord[] = [];
  const add = (title: string, found: OutputRecord[], atLeast = 1) => {
    if (found.length >= atLeast) charts.push(barChart(view, title, found));
  };
  add('Entities By Domain', bars(view, every, 'domains', perPlatform));
  add('Assets By Platform', bars(view, every, 'platform'));
  add('Entities With Term', bars(view, every, 'glossaryTerms'));
  add('Entities By Environment', bars(view, every, 'origin'), 2);
  return charts;
}

export function getAnalyticsCharts(view: EntityView): OutputRecord[] {
  return [
    view.shapes.record('AnalyticsChartGroup', {
      groupId: 'DataHubUsageAnalytics',
      title: 'Usage Analytics',
      charts: [],
    }),
    view.shapes.record('AnalyticsChartGroup', {
      groupId: 'GlobalMetadataAnalytics',
      title: 'Data Landscape Summary',
      charts: landscapeCharts(view),
    }),
  ];
}
