/**
 * Saved views (`viewUrn` of searchAcrossEntities, searchAcrossLineage and autoCompleteForMultiple), as
 * upstream's resolvers apply them (datahub-graphql-core/.../resolvers/search/SearchUtils.java:
 * resolveView, combineFilters, intersectEntityTypes): the view is the dataHubViewInfo aspect stored
 * at its URN; its filter joins the input's in conjunction (each alternative of one with each of the
 * other, either alone when the other has none), and its entity types narrow the searched ones (either
 * list, when empty, meaning every type). A view URN that names no stored view is searched without,
 * as upstream logs "View does not exist!" and goes on; a view URN that is not a URN is a BAD_REQUEST
 * (UrnUtils.getUrn's IllegalArgumentException).
 */
import { tryParseUrn } from '../../../spec/index.js';
import { filterAlternatives, type Filter } from '../../search/index.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { searched, type StoredCriterion } from './facet-filters.js';

export interface SavedView {
  /** Registry names; empty for every type. */
  entityTypes: readonly string[];
  filter: Filter;
}

/** A stored filter's alternatives as the search takes them. */
function alternatives(
  filter: { or?: { and: StoredCriterion[] }[]; criteria?: StoredCriterion[] } | undefined,
): Filter['or'] {
  return filterAlternatives(filter).map(({ and }) => ({ and: and.map(searched) }));
}

/** The view `viewUrn` names (`field` names the input in messages); undefined without one, or when none is stored there. */
export function savedView(view: EntityView, viewUrn: string | null | undefined, field: string): SavedView | undefined {
  if (viewUrn == null) return undefined;
  if (!tryParseUrn(viewUrn)) throw badRequestError(`${field}: '${viewUrn}' is not a URN`);
  const info = view.store.getAspect(viewUrn, 'dataHubViewInfo', 0)?.value as
    { definition?: { entityTypes?: string[]; filter?: Parameters<typeof alternatives>[0] } } | undefined;
  if (!info?.definition) return undefined;
  return { entityTypes: info.definition.entityTypes ?? [], filter: { or: alternatives(info.definition.filter) } };
}

/** The input's filter joined with the view's in conjunction, in disjunctive normal form (SearchUtils.combineFilters). */
export function withViewFilter(base: Filter | undefined, saved: SavedView | undefined): Filter | undefined {
  if (!saved) return base;
  const own = alternatives(base) ?? [];
  const theirs = saved.filter.or ?? [];
  if (own.length === 0) return theirs.length > 0 ? saved.filter : base;
  if (theirs.length === 0) return { or: own };
  return { or: own.flatMap((mine) => theirs.map((other) => ({ and: [...mine.and, ...other.and] }))) };
}

/** The searched entity types narrowed to the view's (SearchUtils.intersectEntityTypes): either list, when empty, is every type. */
export function withViewTypes(names: readonly string[], saved: SavedView | undefined): readonly string[] {
  if (!saved || saved.entityTypes.length === 0) return names;
  if (names.length === 0) return saved.entityTypes;
  return names.filter((name) => saved.entityTypes.includes(name));
}
