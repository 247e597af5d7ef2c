/**
 * The page of a ranked search, ordered in JavaScript: the hits bestHits kept (best-hits.ts), by score,
 * highest first, then by urn as SQLite's `ORDER BY urn` does (BINARY: the bytes of the UTF-8 text),
 * and `start`, `count` of them. Ordering them in SQL read each kept hit's token and document rows
 * out of sequence: at 1,000,000 entities, the 6,250 hits of a broad term sharing the best score
 * cost 20 ms. The urns come from the posting list the hits were read from, which keeps those a page
 * read before (term-lists.ts).
 */
import type { ScoredHits } from './best-hits.js';
import type { TermLists, PostingList } from './term-lists.js';

export interface Hit {
  doc_id: number;
  urn: string;
}

/** `a` before `b` in the order of their UTF-8 bytes: code units compared, a surrogate (a code point above U+FFFF) after U+E000 to U+FFFF. */
export function compareUrns(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  while (a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i >= a.length) return -1;
  if (i >= b.length) return 1;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  if (x >= 0xd800 && y >= 0xd800) return utf8Rank(x) - utf8Rank(y);
  return x - y;
}

const utf8Rank = (unit: number): number => (unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** A page shorter than this share of the kept hits is selected by insertion into the page instead of a sort of every kept hit. */
const SELECTION_SHARE = 8;

export function rankedPage(lists: TermLists, list: PostingList | undefined, kept: ScoredHits, start: number, count: number): Hit[] {
  const urns = lists.urns(list, kept.ids);
  const { scores } = kept;
  const order = (a: number, b: number): number => scores[b]! - scores[a]! || compareUrns(urns[a]!, urns[b]!);
  const rows = start + count;
  let first: number[];
  if (rows * SELECTION_SHARE >= kept.ids.length) first = kept.ids.map((_, i) => i).sort(order);
  else {
    // The best `rows` so far, in order: a hit after the last of them is passed over.
    first = [];
    for (let i = 0; i < kept.ids.length; i++) {
      if (first.length === rows && order(i, first[rows - 1]!) > 0) continue;
      let at = first.length;
      while (at > 0 && order(i, first[at - 1]!) < 0) at--;
      first.splice(at, 0, i);
      if (first.length > rows) first.pop();
    }
  }
  return first.slice(start, rows).map((i) => ({ doc_id: kept.ids[i]!, urn: urns[i]! }));
}
