/**
 * The search index of the mock: a derived index kept in step with the primary table (the store
 * calls `indexEntity` with an entity's latest aspects inside every write transaction)
 * that serves the discovery actions of document §4.6: search, autocomplete and browse. Each query
 * method takes the validated request body and returns the `value` record of the response.
 */
import type { Database } from 'better-sqlite3';
import type { Contract } from '../../spec/index.js';
import { badRequest } from '../errors.js';
import type { DerivedIndex } from '../store/types.js';
import { autocomplete, autocompleteWithEntities } from './query/autocomplete.js';
import { browse } from './query/browse.js';
import { buildSearchDocument } from './write/document.js';
import { indexFieldsOf, type EntityIndexFields } from './index-fields.js';
import type {
  AutocompleteRequest,
  AutocompleteResultValue,
  BrowseRequest,
  BrowseResultValue,
  SearchRequest,
  SearchResultValue,
  SortCriterion,
} from './requests.js';
import { search } from './query/search.js';
import { checkedSort, sortHits, type GivenSortCriterion, type SortedHit } from './query/sort-order.js';
import { createSearchTables, type SearchTables } from './tables.js';

export type * from './requests.js';
export { filterAlternatives } from './requests.js';
export { ENTITY_INDEX_FIELD, entityIndexName } from './index-fields.js';
export { givenSort, type GivenSortCriterion } from './query/sort-order.js';
export { upstreamSearchCount } from './query/search.js';
export { shownFacetValues, facetValueLimit, filteredValues, shownFacets } from './query/facet-values.js';

export interface SearchIndex extends DerivedIndex {
  search(request: SearchRequest): SearchResultValue;
  autocomplete(request: AutocompleteRequest): AutocompleteResultValue;
  /** The suggestions and the URNs of the entities an autocomplete request matches, best first. */
  autocompleteWithEntities(request: AutocompleteRequest): AutocompleteResultValue & { entities: string[] };
  browse(request: BrowseRequest): BrowseResultValue;
  /** The sort criteria of a search over these entity types (query/sort-order.ts); a field none of them can sort on is a 400 naming it by `at`. */
  sortCriteria(entities: readonly string[], given: readonly GivenSortCriterion[]): SortCriterion[];
  /** Indexed entities of any types in the order of the sort criteria, then of their urns (a search's sort, across types). */
  sortUrns(urns: readonly string[], sort: readonly SortCriterion[]): string[];
}

/** The search fields the annotations of these aspects write (hasValues booleans included). */
function fieldsOfAspects(fields: EntityIndexFields, aspects: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const aspect of aspects) {
    for (const annotation of fields.byAspect.get(aspect) ?? []) {
      out.add(annotation.fieldName);
      if (annotation.hasValuesFieldName) out.add(annotation.hasValuesFieldName);
    }
  }
  return out;
}

/**
 * The fields a partial document needs to rewrite the affected ones: those, and when one of them is
 * aggregated every aggregated field (an entity's facets are written together), when one is a browse
 * path every browse path field.
 */
function documentFieldsFor(fields: EntityIndexFields, affected: ReadonlySet<string>): Set<string> {
  const out = new Set(affected);
  for (const group of [fields.aggregatedFields, fields.browsePathFields]) {
    if (group.some((name) => affected.has(name))) for (const name of group) out.add(name);
  }
  return out;
}

export function createSearchIndex(contract: Contract): SearchIndex {
  const fieldsByEntity = indexFieldsOf(contract);
  let tables: SearchTables | undefined;

  const attached = (): SearchTables => {
    if (!tables) throw new Error('search index: createSchema(db) has not been called');
    return tables;
  };
  // Queries read every row, those a write of the open transaction held back too.
  const flushed = (): SearchTables => {
    const t = attached();
    t.flush();
    return t;
  };
  const fieldsOfEntity = (name: string): EntityIndexFields | undefined => {
    const entity = contract.entity(name);
    return entity ? fieldsByEntity.get(entity.name) : undefined;
  };
  // Upstream's message for an entity name the registry does not know.
  const requestFields = (name: string): EntityIndexFields => {
    const fields = fieldsOfEntity(name);
    if (!fields) throw badRequest(`Failed to find entity with name ${name} in EntityRegistry`);
    return fields;
  };

  return {
    name: 'search',
    createSchema(db: Database) {
      tables = createSearchTables(db);
      return tables.replaced;
    },
    derivesFrom: (aspect) => (contract.aspects.get(aspect)?.searchable.length ?? 0) > 0,
    indexEntity(urn, entityType, latest, changed) {
      const fields = fieldsOfEntity(entityType);
      if (!fields || latest.size === 0) return attached().remove(urn);
      if (!changed) return attached().write(buildSearchDocument(urn, fields, latest));
      const affected = fieldsOfAspects(fields, changed);
      const whole = () => buildSearchDocument(urn, fields, latest);
      attached().write(buildSearchDocument(urn, fields, latest, documentFieldsFor(fields, affected)), affected, whole);
    },
    flush: () => attached().flush(),
    clear: () => attached().clear(),
    count: () => attached().count(),
    search: (request) => search(flushed(), requestFields(request.entity), request, fieldsOfEntity),
    autocomplete: (request) => autocomplete(flushed(), requestFields(request.entity), request),
    autocompleteWithEntities: (request) => autocompleteWithEntities(flushed(), requestFields(request.entity), request),
    browse: (request) => browse(flushed(), requestFields(request.entity), request),
    sortCriteria: (entities, given) => checkedSort(requestFields, entities, given),
    sortUrns(urns, sort) {
      const t = flushed();
      const hits = t
        .statement(
          'SELECT d.doc_id AS doc_id, d.urn AS urn, d.entity AS entity FROM json_each(?) j CROSS JOIN search_document d ON d.urn = j.value',
        )
        .all(JSON.stringify(urns)) as SortedHit[];
      return sortHits(t, fieldsOfEntity, hits, sort).map((hit) => hit.urn);
    },
  };
}
