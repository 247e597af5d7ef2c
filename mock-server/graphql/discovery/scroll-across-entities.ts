/**
 * scrollAcrossEntities (upstream's ScrollAcrossEntitiesResolver over SearchRequestHandler.extractScrollResult,
 * v1.3.0.1): the search of searchAcrossEntities paged by an opaque `scrollId` instead of a start, 10 results when
 * `count` is absent. A page as full as `count` carries the `nextScrollId` of the page after it, a shorter page none,
 * so that following the ids from the first page reaches every result once. The mock's scroll id holds the offset of
 * the next result, over the live index (upstream keeps a point in time for `keepAlive`, then goes on from the last
 * hit's sort values): a write between two pages may move results across them. `keepAlive` is checked as a time
 * value (`30s`, `5m`) and otherwise unused. A scroll id the mock did not give is a BAD_REQUEST naming it.
 */
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { crossEntityPage, type CrossEntityArgs } from './resolvers.js';
import { nonNegative, searchHits, searchResultRecords } from './search-results.js';

const DEFAULT_COUNT = 10;
/** Elasticsearch's time units (TimeValue.parseTimeValue); -1 and 0 are its special values. */
const TIME_VALUE = /^(-1|0|\d+(\.\d+)?(d|h|m|s|ms|micros|nanos))$/;

interface ScrollArgs extends Omit<CrossEntityArgs, 'start'> {
  scrollId?: string | null;
  keepAlive?: string | null;
}

/** The scroll id of the page that starts at `offset`. */
export function scrollIdAt(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64url');
}

/** The offset a scroll id of `scrollIdAt` holds; 0 without one. */
export function offsetOf(scrollId: string | null | undefined, field: string): number {
  if (scrollId == null) return 0;
  let offset: unknown;
  try {
    offset = (JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8')) as { offset?: unknown }).offset;
  } catch {
    offset = undefined;
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    throw badRequestError(`${field}: '${scrollId}' is not a scroll id this server gave`);
  return offset;
}

export function checkKeepAlive(keepAlive: string | null | undefined, field: string): void {
  if (keepAlive != null && !TIME_VALUE.test(keepAlive))
    throw badRequestError(`${field}: '${keepAlive}' is not a time value such as 30s or 5m`);
}

/**
 * scrollAcrossEntities with one more criterion in each of the input's filter groups (an entity's scoped searches).
 * An equality on no value holds for no entity, so every group is empty: with a query that matches everything, the
 * arguments are checked and the page is empty without a search of each type (an entity without siblings, asked for
 * them by every node of a lineage graph).
 */
export function scrollWithCriterion(
  view: EntityView,
  input: ScrollArgs,
  criterion: { field: string; values: string[]; condition: string },
): OutputRecord {
  const groups = input.orFilters && input.orFilters.length > 0 ? input.orFilters : [{ and: [] }];
  const query = (input.query ?? '').trim();
  const noHit = criterion.condition === 'EQUAL' && criterion.values.length === 0 && (query === '' || query === '*');
  return scrollAcrossEntities(
    view,
    { ...input, orFilters: groups.map((group) => ({ and: [...(group.and ?? []), criterion] })) },
    noHit,
  );
}

/** `noHit`: the caller knows that no entity matches; the arguments are checked all the same. */
export function scrollAcrossEntities(view: EntityView, input: ScrollArgs, noHit = false): OutputRecord {
  checkKeepAlive(input.keepAlive, 'input.keepAlive');
  const start = offsetOf(input.scrollId, 'input.scrollId');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const { entities, page } = crossEntityPage(view, { ...input, start, count });
  if (entities.length === 0 || noHit)
    return view.shapes.record('ScrollResults', {
      nextScrollId: null,
      count: 0,
      total: 0,
      searchResults: [],
      facets: [],
    });
  const found = searchHits(view, entities, page, true);
  const hits = found.hits.slice(start, start + count);
  return view.shapes.record('ScrollResults', {
    nextScrollId: count > 0 && hits.length === count ? scrollIdAt(start + count) : null,
    count: hits.length,
    total: found.total,
    searchResults: searchResultRecords(view, hits),
    facets: found.facets,
  });
}
