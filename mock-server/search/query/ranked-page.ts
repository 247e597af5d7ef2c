/**
 * The page of a ranked search, ordered in JavaScript: the hits bestHits kept (best-hits.ts), by score,
 * highest first, then by urn as SQLite's `ORDER BY urn` does (BINARY: the bytes of the UTF-8 text),
 * and `start`, `count` of them (../memory/page-order.ts). Ordering them in SQL read each kept hit's token and document rows
 * out of sequence: at 1,000,000 entities, the 6,250 hits of a broad term sharing the best score
 * cost 20 ms. The urns come from the posting list the hits were read from, which keeps those a page
 * read before (../memory/term-lists.ts).
 */
import type { ScoredHits } from './best-hits.js';
import { compareUrns, firstInOrder } from '../memory/page-order.js';
import type { TermLists, PostingList } from '../memory/term-lists.js';

export interface Hit {
  doc_id: number;
  urn: string;
}

export function rankedPage(
  lists: TermLists,
  list: PostingList | undefined,
  kept: ScoredHits,
  start: number,
  count: number,
): Hit[] {
  const urns = lists.urns(list, kept.ids);
  const { scores } = kept;
  const order = (a: number, b: number): number => scores[b]! - scores[a]! || compareUrns(urns[a]!, urns[b]!);
  const rows = start + count;
  return firstInOrder(kept.ids.length, rows, order)
    .slice(start, rows)
    .map((i) => ({ doc_id: kept.ids[i]!, urn: urns[i]! }));
}
