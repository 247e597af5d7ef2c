/** GET /entitiesV2/{urn}: the latest aspects of an entity, each in its envelope, keyed by aspect name. */
import { RawJson } from '../raw-json.js';
import type { Handler } from './context.js';
import { entityOf } from './entity-urn.js';
import { latestWithKey } from './latest-aspects.js';

export const getEntityV2: Handler = ({ params, rawQuery }, { contract, store }) => {
  const urn = params.urn ?? '';
  const entity = entityOf(contract, urn, 'path.urn');
  // Unknown aspect names in the filter are skipped, as upstream does.
  const aspects: Record<string, unknown> = {};
  for (const a of latestWithKey(store, entity, urn, rawQuery.list('aspects'))) {
    aspects[a.aspect] = {
      name: a.aspect,
      type: 'VERSIONED',
      version: a.version,
      value: new RawJson(a.valueJson),
      created: a.created,
      ...(a.systemMetadataJson ? { systemMetadata: new RawJson(a.systemMetadataJson) } : {}),
    };
  }
  return { json: { urn, entityName: entity.name, aspects } };
};
