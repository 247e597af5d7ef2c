/**
 * The search index of the mock: a derived index kept in step with the primary table (the store
 * calls `indexEntity` with an entity's latest versioned aspects inside every write transaction)
 * that answers the discovery actions of document §4.6: search, autocomplete and browse. Each query
 * method takes the validated request body and returns the `value` record of the response.
 */
import type { Database } from 'better-sqlite3';
import type { Contract } from '../../spec/index.js';
import { badRequest } from '../errors.js';
import type { DerivedIndex } from '../store/types.js';
import { autocomplete } from './autocomplete.js';
import { browse } from './browse.js';
import { buildSearchDocument } from './document.js';
import { indexFieldsOf, type EntityIndexFields } from './index-fields.js';
import type {
  AutocompleteRequest,
  AutocompleteResultValue,
  BrowseRequest,
  BrowseResultValue,
  SearchRequest,
  SearchResultValue,
} from './requests.js';
import { search } from './search.js';
import { createSearchTables, type SearchTables } from './tables.js';

export type * from './requests.js';

export interface SearchIndex extends DerivedIndex {
  search(request: SearchRequest): SearchResultValue;
  autocomplete(request: AutocompleteRequest): AutocompleteResultValue;
  browse(request: BrowseRequest): BrowseResultValue;
}

export function createSearchIndex(contract: Contract): SearchIndex {
  const fieldsByEntity = indexFieldsOf(contract);
  let tables: SearchTables | undefined;

  const attached = (): SearchTables => {
    if (!tables) throw new Error('search index: createSchema(db) has not been called');
    return tables;
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
    indexEntity(urn, entityType, latest) {
      const fields = fieldsOfEntity(entityType);
      if (!fields || latest.size === 0) attached().remove(urn);
      else attached().write(buildSearchDocument(urn, fields, latest));
    },
    clear: () => attached().clear(),
    count: () => attached().count(),
    search: (request) => search(attached(), requestFields(request.entity), request),
    autocomplete: (request) => autocomplete(attached(), requestFields(request.entity), request),
    browse: (request) => browse(attached(), requestFields(request.entity), request),
  };
}
