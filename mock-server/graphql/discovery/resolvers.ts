/**
 * The discovery root fields, over the same search index as the metadata-store API's search,
 * autocomplete and browse actions (so both always agree, soft-deleted entities left out alike):
 * search, searchAcrossEntities (SearchResolver, SearchAcrossEntitiesResolver: start 0, count 10 by
 * default), autoComplete and autoCompleteForMultiple (AutoCompleteResolver: limit 5 by default, a
 * blank query is an error), browse (BrowseResolver and BrowseResultMapper: the index's browse with
 * upstream's folders, an entity listed at each of its browse paths) and browsePaths (the entity's browsePaths aspect).
 */
import type { EntityView } from '../entities/entity-view.js';
import { browsePathRecords } from '../entities/page-fields.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { entityNameOf, entityTypeOf, SEARCHABLE_TYPES } from './entity-types.js';
import { searchFilter, type FilterArgs } from './facet-filters.js';
import { facetShape, isFulltext, type SearchFlagsArgs } from './search-flags.js';
import { savedView, withViewFilter, withViewTypes } from './saved-views.js';
import { nonNegative, searchResults, type SearchPage } from './search-results.js';
import { sortCriteria, type SortInputArgs } from './sort-input.js';

const DEFAULT_COUNT = 10;
const DEFAULT_LIMIT = 5;

export interface SearchArgs extends FilterArgs, SearchFlagsArgs {
  query: string;
  start?: number | null;
  count?: number | null;
}

interface AutoCompleteArgs extends FilterArgs {
  query: string;
  field?: string | null;
  limit?: number | null;
}

const page = (input: SearchArgs) => ({
  query: input.query,
  filter: searchFilter(input, 'input'),
  start: nonNegative(input.start, 0, 'input.start'),
  count: nonNegative(input.count, DEFAULT_COUNT, 'input.count'),
  facets: facetShape(input),
  fulltext: isFulltext(input),
});

export function search(view: EntityView, input: SearchArgs & { type: string }): OutputRecord {
  return searchResults(view, [entityNameOf(input.type, 'input.type')], page(input), false);
}

/** The input of a search over several entity types (searchAcrossEntities, scrollAcrossEntities, aggregateAcrossEntities). */
export interface CrossEntityArgs extends SearchArgs, SortInputArgs {
  types?: readonly string[] | null;
  viewUrn?: string | null;
}

/**
 * The entity types and the page of a search over several types: every searchable type when the input names none,
 * a saved view's (saved-views.ts) types narrowing them and its filter joined to the input's; no type left is no
 * result (SearchUtils.createEmptySearchResults).
 */
export function crossEntityPage(
  view: EntityView,
  input: CrossEntityArgs,
): { entities: readonly string[]; page: SearchPage } {
  const saved = savedView(view, input.viewUrn, 'input.viewUrn');
  const types = input.types && input.types.length > 0 ? input.types : SEARCHABLE_TYPES;
  const entities = withViewTypes(
    types.map((type) => entityNameOf(type, 'input.types')),
    saved,
  );
  const request = { ...page(input), filter: withViewFilter(searchFilter(input, 'input'), saved) };
  const sort = entities.length > 0 ? sortCriteria(view, input, entities) : undefined;
  return { entities, page: { ...request, ...(sort ? { sort } : {}) } };
}

export function searchAcrossEntities(view: EntityView, input: CrossEntityArgs): OutputRecord {
  const { entities, page: request } = crossEntityPage(view, input);
  if (entities.length === 0)
    return view.shapes.record('SearchResults', {
      start: request.start,
      count: request.count,
      total: 0,
      searchResults: [],
      suggestions: [],
      facets: [],
    });
  return searchResults(view, entities, request, true);
}

function suggestions(
  view: EntityView,
  entity: string,
  input: AutoCompleteArgs,
  filter = searchFilter(input, 'input'),
): { suggestions: string[]; entities: string[] } {
  if (input.query.trim() === '') throw badRequestError("'query' parameter can not be null or empty");
  const limit = nonNegative(input.limit, DEFAULT_LIMIT, 'input.limit');
  const request = {
    query: input.query,
    entity,
    limit,
    ...(input.field ? { field: input.field } : {}),
    ...(filter ? { filter } : {}),
  };
  const { suggestions, entities } = view.discovery.autocompleteWithEntities(request);
  return { suggestions, entities };
}

export function autoComplete(view: EntityView, input: AutoCompleteArgs & { type?: string | null }): OutputRecord {
  if (input.type == null) throw badRequestError('input.type: required, the entity type to complete');
  const found = suggestions(view, entityNameOf(input.type, 'input.type'), input);
  return view.shapes.record('AutoCompleteResults', {
    query: input.query,
    suggestions: found.suggestions,
    entities: () => found.entities.map((urn) => view.entity(urn)),
  });
}

/**
 * The types upstream autocompletes (AutoCompleteForMultipleResolver: AUTO_COMPLETE_ENTITY_TYPES, of
 * which the schema serves the searchable ones) among the input's, narrowed to a saved view's (the
 * view's alone when the input names none); the default types when none is left.
 */
export function autoCompleteForMultiple(
  view: EntityView,
  input: AutoCompleteArgs & { types?: readonly string[] | null; viewUrn?: string | null },
): OutputRecord {
  const saved = savedView(view, input.viewUrn, 'input.viewUrn');
  const given = (input.types ?? []).map((type) => entityNameOf(type, 'input.types'));
  const defaults = SEARCHABLE_TYPES.map((type) => entityNameOf(type, 'input.types'));
  const narrowed = withViewTypes(given, saved).filter((entity) => defaults.includes(entity));
  const filter = withViewFilter(searchFilter(input, 'input'), saved);
  const groups = (narrowed.length > 0 ? narrowed : defaults).flatMap((entity) => {
    const found = suggestions(view, entity, input, filter);
    if (found.suggestions.length === 0 && found.entities.length === 0) return [];
    return [
      view.shapes.record('AutoCompleteResultForEntity', {
        type: entityTypeOf(entity),
        suggestions: found.suggestions,
        entities: () => found.entities.map((urn) => view.entity(urn)),
      }),
    ];
  });
  return view.shapes.record('AutoCompleteMultipleResults', { query: input.query, suggestions: groups });
}

export function browse(
  view: EntityView,
  input: FilterArgs & { type: string; path?: readonly string[] | null; start?: number | null; count?: number | null },
): OutputRecord {
  const entity = entityNameOf(input.type, 'input.type');
  const filter = searchFilter(input, 'input');
  // Upstream's BrowsableEntityType joins the segments with a leading slash; the root is the empty path.
  const path = input.path && input.path.length > 0 ? `/${input.path.join('/')}` : '';
  const start = nonNegative(input.start, 0, 'input.start');
  const limit = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const result = view.discovery.browse({ path, entity, start, limit, listedAt: 'path', ...(filter ? { filter } : {}) });
  return view.shapes.record('BrowseResults', {
    entities: () => result.entities.map(({ urn }) => view.entity(urn)),
    groups: result.metadata.groups.map(({ name, count }) => view.shapes.record('BrowseResultGroup', { name, count })),
    start: result.from,
    count: result.pageSize,
    total: result.numEntities,
    metadata: view.shapes.record('BrowseResultMetadata', {
      path: result.metadata.path.split('/').filter((s) => s !== ''),
      totalNumEntities: result.metadata.totalNumEntities,
    }),
  });
}

export function browsePaths(view: EntityView, input: { type: string; urn: string }): OutputRecord[] {
  entityNameOf(input.type, 'input.type');
  return browsePathRecords(view, view.store.getAspect(input.urn, 'browsePaths', 0)?.value) ?? [];
}
