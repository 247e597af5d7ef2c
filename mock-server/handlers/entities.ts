/**
 * The entities resource: the legacy snapshot ingest and read, and the discovery actions (search,
 * browse, autocomplete), which the search index answers.
 */
import type { Contract } from '../../spec/index.js';
import { badRequest } from '../errors.js';
import { RawJson } from '../wire/raw-json.js';
import {
  shownFacetValues,
  facetValueLimit,
  givenSort,
  upstreamSearchCount,
  type AutocompleteRequest,
  type SearchIndex,
  type SearchRequest,
  type SortCriterion,
} from '../search/index.js';
import { upstreamAutocompleteResult, upstreamBrowseResult, upstreamSearchResult } from './upstream-shapes.js';
import { writeContext, type Handler } from './context.js';
import { entityNamed, entityOf } from './entity-urn.js';
import { latestWithKey } from './latest-aspects.js';

/** The one key of a union value such as `{<snapshot record>: {...}}`. */
function unionMember(value: unknown, field: string): [string, unknown] {
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
  const [entry] = entries;
  if (entries.length !== 1 || !entry)
    throw badRequest(`${field}: must be an object with exactly one key, a record name`);
  return entry;
}

export const ingestEntity: Handler = ({ body, caller }, { contract, store }) => {
  const request = body as { entity: { value: unknown }; systemMetadata?: Record<string, unknown> };
  const [snapshotRecord, snapshot] = unionMember(request.entity.value, 'body.entity.value');
  const field = `body.entity.value['${snapshotRecord}']`;
  const entity = [...contract.entities.values()].find((e) => e.snapshot === snapshotRecord);
  if (!entity) throw badRequest(`body.entity.value: unknown snapshot record ${snapshotRecord}`);
  const { urn, aspects } = snapshot as { urn: string; aspects: unknown[] };
  const urnEntity = entityOf(contract, urn, `${field}.urn`);
  if (urnEntity.name !== entity.name)
    throw badRequest(`${field}.urn: '${urn}' is a ${urnEntity.name} URN, not a ${entity.name} URN`);
  const ctx = writeContext(caller, request.systemMetadata);
  aspects.forEach((member, i) => {
    const [record, value] = unionMember(member, `${field}.aspects[${i}]`);
    const aspectName = contract.aspectOfRecord(record);
    if (!aspectName) throw badRequest(`${field}.aspects[${i}]: unknown aspect record ${record}`);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw badRequest(`${field}.aspects[${i}]['${record}']: must be an object`);
    store.upsertAspect(entity.name, urn, aspectName, value as Record<string, unknown>, ctx);
  });
  return {};
};

export const getEntity: Handler = ({ params }, { contract, store }) => {
  const urn = params.urn ?? '';
  const entity = entityOf(contract, urn, 'path.urn');
  if (!entity.snapshot)
    throw badRequest(`path.urn: entity ${entity.name} has no snapshot record; read it with entitiesV2`);
  const aspects = latestWithKey(store, entity, urn)
    .map((a) => [contract.recordOfAspect(a.aspect), new RawJson(a.valueJson)] as const)
    .filter(([record]) => record !== undefined)
    .map(([record, value]) => ({ [record as string]: value }));
  return { json: { value: { [entity.snapshot]: { urn, aspects } } } };
};

/** The discovery actions: the entity name normalised as the registry spells it, then the search index answers. */
function discoveryRequest<T>(body: unknown, contract: Contract): T {
  const request = body as Record<string, unknown>;
  return { ...request, entity: entityNamed(contract, String(request.entity), 'body.entity').name } as T;
}

/**
 * The REST search's sort: `sortCriteria` when given (empty: relevance), else `sort`, as upstream's
 * EntityResource.getSortCriteria picks them (metadata-service/restli-servlet-impl/.../entity/EntityResource.java);
 * the index checks each field.
 */
function searchSort(
  discovery: SearchIndex,
  entity: string,
  sort?: SortCriterion,
  sortCriteria?: SortCriterion[],
): SortCriterion[] | undefined {
  const given = givenSort(sortCriteria, sort, 'body.sortCriteria', 'body.sort');
  return given.length > 0 ? discovery.sortCriteria([entity], given) : undefined;
}

// Each discovery read first lets the store index the writes whose index lag has passed.
export const searchEntities: Handler = ({ body }, { contract, discovery, store, profile }) => {
  store.catchUp();
  const { sort, sortCriteria, ...rest } = body as { sort?: SortCriterion; sortCriteria?: SortCriterion[] };
  const found = discoveryRequest<SearchRequest>(rest, contract);
  const criteria = searchSort(discovery, found.entity, sort, sortCriteria);
  const request: SearchRequest = criteria ? { ...found, sort: criteria } : found;
  const searched = discovery.search(
    profile === 'upstream' ? { ...request, count: upstreamSearchCount(request.count) } : request,
  );
  // The REST action takes no search flags here, so each facet keeps upstream's default number of values.
  const facets = shownFacetValues(searched.metadata.searchResultMetadatas, facetValueLimit(), request.filter);
  const result = { ...searched, metadata: { ...searched.metadata, searchResultMetadatas: facets } };
  return { json: { value: profile === 'upstream' ? upstreamSearchResult(result) : result } };
};

export const browseEntities: Handler = ({ body }, { contract, discovery, store, profile }) => {
  store.catchUp();
  const result = discovery.browse(discoveryRequest(body, contract));
  return { json: { value: profile === 'upstream' ? upstreamBrowseResult(result) : result } };
};

export const autocompleteEntities: Handler = ({ body }, { contract, discovery, store, profile }) => {
  store.catchUp();
  const request = discoveryRequest<AutocompleteRequest>(body, contract);
  if (profile !== 'upstream') return { json: { value: discovery.autocomplete(request) } };
  const { entities, ...result } = discovery.autocompleteWithEntities(request);
  return { json: { value: upstreamAutocompleteResult(result, entities) } };
};
