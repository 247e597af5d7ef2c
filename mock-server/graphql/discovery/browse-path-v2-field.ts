/**
 * The `browsePathV2` field of the browsable entity types (upstream's BrowsePathsV2Mapper, v1.3.0.1): the entity's
 * browse path V2 (browse-paths-v2.ts, the stored aspect or upstream's default), each entry named by its id and
 * resolved to the entity it stands for, if any.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import type { Resolver, ViewOf } from '../resolver-types.js';
import { browsePathV2Entries } from './browse-paths-v2.js';

/** The types given the field: those upstream gives it that the schema serves. */
export const BROWSE_PATH_V2_TYPES = ['Dataset', 'Chart', 'Dashboard', 'DataFlow', 'DataJob', 'Container'];

function browsePathV2(view: EntityView, urn: string): OutputRecord {
  return view.shapes.record('BrowsePathV2', {
    path: browsePathV2Entries(view, urn).map(({ id, urn: entity }) =>
      view.shapes.record('BrowsePathEntry', { name: id, entity: () => (entity ? view.entity(entity) : null) }),
    ),
  });
}

export const browsePathV2Field =
  (viewOf: ViewOf): Resolver<Record<string, never>> =>
  (source, _args, ctx) =>
    browsePathV2(viewOf(ctx), (source as { urn: string }).urn);
