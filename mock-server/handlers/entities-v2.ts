/**
 * GET /entitiesV2/{urn} and the Rest.li batch get GET /entitiesV2?ids=List(...): the latest aspects
 * of an entity, each in its envelope, keyed by aspect name.
 */
import type { EntitySpec } from '../../spec/index.js';
import { RawJson } from '../wire/raw-json.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { badRequest } from '../errors.js';
import type { Handler } from './context.js';
import { entityOf } from './entity-urn.js';
import { latestAspectsWithKey } from './latest-aspects.js';
import { responseCaches } from '../store/response-cache.js';

// Each store's answers to entity reads, kept until its next write: a read of an unchanged entity is
// then a look-up. A budget of text per store (each answer is kept as text and as its UTF-8 bytes), small
// enough that every session of a server (64 by default) may fill its own.
const RESPONSE_CACHE_BUDGET = 1024 * 1024;
const responseCacheOf = responseCaches<RawJson>(RESPONSE_CACHE_BUDGET);

/**
 * One entity as getEntityV2 answers it, written as JSON text at once: every aspect's value and system
 * metadata are stored texts already, so only the envelope's few strings need escaping. Unknown aspect
 * names in the filter are skipped, as upstream does.
 */
function entityResponse(
  store: CatalogStore,
  entity: EntitySpec,
  urn: string,
  aspectNames: string[] | undefined,
): { text: string; synthesisedKey: boolean } {
  const aspects: string[] = [];
  const latest = latestAspectsWithKey(store, entity, urn, aspectNames);
  // The aspects are distinct (one latest row each), so each is one member of the object.
  for (const a of latest.aspects) {
    const name = JSON.stringify(a.aspect);
    const systemMetadata = a.systemMetadataJson ? `,"systemMetadata":${a.systemMetadataJson}` : '';
    aspects.push(
      `${name}:{"name":${name},"type":"VERSIONED","version":${a.version},"value":${a.valueJson},"created":${JSON.stringify(a.created)}${systemMetadata}}`,
    );
  }
  const text = `{"urn":${JSON.stringify(urn)},"entityName":${JSON.stringify(entity.name)},"aspects":{${aspects.join(',')}}}`;
  return { text, synthesisedKey: latest.synthesisedKey };
}

export const getEntityV2: Handler = ({ params, rawQuery }, { contract, store }) => {
  const urn = params.urn ?? '';
  const aspectNames = rawQuery.list('aspects');
  // The answer is a function of the URN, the aspect list and the store's rows: the URN alone without
  // a list (the route's own string, its hash computed once), else JSON of the list, which ends where
  // it closes and starts with '[' where a URN starts with 'urn:', so no two (list, URN) pairs make one key.
  const key = aspectNames ? JSON.stringify(aspectNames) + urn : urn;
  const json = responseCacheOf(store).getOrPut(key, () => {
    const { text, synthesisedKey } = entityResponse(store, entityOf(contract, urn, 'path.urn'), urn, aspectNames);
    // A synthesised key aspect is stamped with the time of the read: such an answer is not kept.
    return synthesisedKey
      ? { value: new RawJson(text) }
      : { value: new RawJson(text, Buffer.from(text, 'utf8')), size: text.length };
  });
  return { json };
};

/** Rest.li's batch get: every URN checked first (a bad one fails the call, naming it), then each read as getEntityV2 reads it. */
export const batchGetEntitiesV2: Handler = ({ rawQuery }, { contract, store }) => {
  const urns = rawQuery.encodedList('ids') ?? [];
  if (urns.length === 0) throw badRequest('query.ids: name at least one URN, as List(<urn>,...)');
  const entities = urns.map((urn, i) => entityOf(contract, urn, `query.ids[${i}]`));
  const aspectNames = rawQuery.list('aspects');
  const results: Record<string, unknown> = {};
  urns.forEach((urn, i) => {
    results[urn] = new RawJson(entityResponse(store, entities[i]!, urn, aspectNames).text);
  });
  return { json: { results, statuses: {}, errors: {} } };
};
