/**
 * browseV2, the browse sidebar of the search page (upstream's BrowseV2Resolver over ESBrowseDAO.browseV2, v1.3.0.1):
 * the entities of the input's types (`types`, else the deprecated `type`, else every browsable type the schema serves)
 * that match its query (`*` when absent), filters and saved view, and whose browse path V2 (browse-paths-v2.ts) goes
 * deeper than `path`, grouped by their next entry: each group with its number of entities, whether any goes deeper
 * still, and the entity its name is the URN of. Groups are ordered by count, then name (a terms aggregation's order),
 * and paged by start (0) and count (10); `total` is the number of groups, `totalNumEntities` of the entities grouped.
 * The mock reads the matching entities' paths on each request; upstream aggregates its index.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { browsePathV2Ids } from './browse-paths-v2.js';
import { entityNameOf, servedEntityName } from './entity-types.js';
import type { FilterArgs } from './facet-filters.js';
import { crossEntityPage } from './resolvers.js';
import type { SearchFlagsArgs } from './search-flags.js';
import { nonNegative, searchHits } from './search-results.js';

const DEFAULT_COUNT = 10;
/** Upstream's SearchUtils.BROWSE_ENTITY_TYPES, those the schema serves. */
const BROWSE_TYPES = [
  'DATASET',
  'DASHBOARD',
  'CHART',
  'CONTAINER',
  'MLMODEL',
  'MLMODEL_GROUP',
  'MLFEATURE_TABLE',
  'DATA_FLOW',
  'DATA_JOB',
  'NOTEBOOK',
];

interface BrowseV2Args extends FilterArgs, SearchFlagsArgs {
  type?: string | null;
  types?: readonly string[] | null;
  path?: readonly string[] | null;
  start?: number | null;
  count?: number | null;
  viewUrn?: string | null;
  query?: string | null;
}

function browsedTypes(input: BrowseV2Args): readonly string[] {
  if (input.types && input.types.length > 0) return input.types;
  if (input.type != null) return [input.type];
  return BROWSE_TYPES.filter((type) => servedEntityName(type) !== undefined);
}

export function browseV2(view: EntityView, input: BrowseV2Args): OutputRecord {
  const path = input.path ?? [];
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const types = browsedTypes(input);
  types.forEach((type) => entityNameOf(type, input.types?.length ? 'input.types' : 'input.type'));
  const query = input.query != null && input.query.trim() !== '' ? input.query : '*';
  const { entities, page } = crossEntityPage(view, { ...input, types, query, start: 0, count: 0 });
  const total = entities.length === 0 ? 0 : searchHits(view, entities, page, true).total;
  const hits = total === 0 ? [] : searchHits(view, entities, { ...page, count: total }, true).hits;

  const groups = new Map<string, { count: number; deeper: boolean }>();
  let grouped = 0;
  for (const { urn } of hits) {
    const ids = browsePathV2Ids(view, urn);
    if (ids.length <= path.length || path.some((id, i) => ids[i] !== id)) continue;
    grouped += 1;
    const name = ids[path.length]!;
    const group = groups.get(name) ?? { count: 0, deeper: false };
    group.count += 1;
    group.deeper ||= ids.length > path.length + 1;
    groups.set(name, group);
  }
  const ordered = [...groups].sort(([a, x], [b, y]) => y.count - x.count || (a < b ? -1 : a > b ? 1 : 0));
  return view.shapes.record('BrowseResultsV2', {
    groups: ordered.slice(start, start + count).map(([name, group]) =>
      view.shapes.record('BrowseResultGroupV2', {
        name,
        count: group.count,
        hasSubGroups: group.deeper,
        entity: () => (name.startsWith(view.urnPrefix) && tryParseUrn(name) ? view.entity(name) : null),
      }),
    ),
    start,
    count,
    total: groups.size,
    metadata: view.shapes.record('BrowseResultMetadata', { path: [...path], totalNumEntities: grouped }),
  });
}
