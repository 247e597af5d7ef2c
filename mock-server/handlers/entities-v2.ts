/**
 * GET /entitiesV2/{urn} and the Rest.li batch get GET /entitiesV2?ids=List(...): the latest aspects
 * of an entity, each in its envelope, keyed by aspect name.
 */
import type { EntitySpec } from '../../spec/index.js';
import { RawJson } from '../http/raw-json.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { badRequest } from '../errors.js';
import type { Handler } from './context.js';
import { entityOf } from './entity-urn.js';
import { latestWithKey } from './latest-aspects.js';

/**
 * One entity as getEntityV2 answers it, written as JSON text at once: every aspect's value and system
 * metadata are stored texts already, so only the envelope's few strings need escaping. Unknown aspect
 * names in the filter are skipped, as upstream does.
 */
function entityResponse(store: CatalogStore, entity: EntitySpec, urn: string, aspectNames: string[] | undefined): RawJson {
  const aspects: string[] = [];
  // The aspects are distinct (one latest row each), so each is one member of the object.
  for (const a of latestWithKey(store, entity, urn, aspectNames)) {
    const name = JSON.stringify(a.aspect);
    const systemMetadata = a.systemMetadataJson ? `,"systemMetadata":${a.systemMetadataJson}` : '';
    aspects.push(`${name}:{"name":${name},"type":"VERSIONED","version":${a.version},"value":${a.valueJson},"created":${JSON.stringify(a.created)}${systemMetadata}}`);
  }
  return new RawJson(`{"urn":${JSON.stringify(urn)},"entityName":${JSON.stringify(entity.name)},"aspects":{${aspects.join(',')}}}`);
}

export const getEntityV2: Handler = ({ params, rawQuery }, { contract, store }) => {
  const urn = params.urn ?? '';
  return { json: entityResponse(store, entityOf(contract, urn, 'path.urn'), urn, rawQuery.list('aspects')) };
};

/** Rest.li's batch get: every URN checked first (a bad one fails the call, naming it), then each read as getEntityV2 reads it. */
export const batchGetEntitiesV2: Handler = ({ rawQuery }, { contract, store }) => {
  const urns = rawQuery.encodedList('ids') ?? [];
  if (urns.length === 0) throw badRequest('query.ids: name at least one URN, as List(<urn>,...)');
  const entities = urns.map((urn, i) => entityOf(contract, urn, `query.ids[${i}]`));
  const aspectNames = rawQuery.list('aspects');
  const results: Record<string, unknown> = {};
  urns.forEach((urn, i) => {
    results[urn] = entityResponse(store, entities[i]!, urn, aspectNames);
  });
  return { json: { results, statuses: {}, errors: {} } };
};
