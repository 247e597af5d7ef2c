/**
 * `getEntityCounts` (upstream's EntityCountsResolver at v1.3.0.1): for each type asked for, how many entities
 * its search index holds (soft-deleted ones left out), within a saved view's filters when one is named, as
 * upstream's batchGetTotalEntityCount counts them. Types are answered in the order asked; a type this schema
 * does not serve, or that the view rules out, has no count. No types asks for nothing.
 */
import type { QueryGetEntityCountsArgs } from '../../../generated/graphql/resolvers.js';
import { savedView, withViewFilter, withViewTypes } from '../discovery/saved-views.js';
import { servedEntityName } from '../discovery/entity-types.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';

export function getEntityCounts(view: EntityView, { input }: QueryGetEntityCountsArgs): OutputRecord {
  const saved = savedView(view, input?.viewUrn, 'input.viewUrn');
  const filter = withViewFilter(undefined, saved);
  const counts: OutputRecord[] = [];
  for (const type of new Set(input?.types ?? [])) {
    const entity = servedEntityName(type);
    if (entity === undefined || withViewTypes([entity], saved).length === 0) continue;
    const { numEntities } = view.discovery.search({
      input: '*',
      entity,
      start: 0,
      count: 0,
      ...(filter ? { filter } : {}),
    });
    counts.push(view.shapes.record('EntityCountResult', { entityType: type, count: numEntities }));
  }
  return view.shapes.record('EntityCountResults', { counts });
}
