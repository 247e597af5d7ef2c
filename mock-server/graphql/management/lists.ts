/**
 * What the management lists share: upstream's paging (start 0 and count 20 unless given, a negative one a
 * BAD_REQUEST naming it), the query as the screens use it (words of a name or description, any case), and a
 * search page of one entity type.
 */
import type { GraphqlContext } from '../context.js';
import { nonNegative } from '../discovery/search-results.js';

const DEFAULT_COUNT = 20;

export interface ListInput {
  start?: number | null;
  count?: number | null;
  query?: string | null;
}

export interface Page<T> {
  start: number;
  count: number;
  total: number;
  items: T[];
}

/** The page asked for: start 0 and count 20 unless given. */
export function pageBounds(input: ListInput): { start: number; count: number } {
  return {
    start: nonNegative(input.start, 0, 'input.start'),
    count: nonNegative(input.count, DEFAULT_COUNT, 'input.count'),
  };
}

/** One page of `items`, counted as upstream's list results count: `count` is the page's size. */
export function pageOf<T>(items: readonly T[], input: ListInput): Page<T> {
  const { start, count } = pageBounds(input);
  const page = items.slice(start, start + count);
  return { start, count: page.length, total: items.length, items: page };
}

/** Whether every word of the query is in one of the texts (no query: everything). */
export function matchesQuery(query: string | null | undefined, ...texts: unknown[]): boolean {
  const words = (query ?? '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word && word !== '*');
  if (!words.length) return true;
  const haystack = texts
    .filter((text): text is string => typeof text === 'string')
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** A search page of one entity type, newest first or by relevance, as upstream's list resolvers search. */
export function searchPage(
  ctx: GraphqlContext,
  entity: string,
  input: ListInput,
): { start: number; count: number; total: number; urns: string[] } {
  const { start, count } = pageBounds(input);
  const found = ctx.discovery.search({ input: input.query || '*', entity, start, count, fulltext: true });
  return { start: found.from, count: found.pageSize, total: found.numEntities, urns: found.entities };
}
