/**
 * The entities every token of a ranked search holds, from the tokens' posting lists (term-lists.ts)
 * merged in doc_id order, with each token's frequency in them: the candidates the SQL join of
 * their `search_term` rows gives (../query/ranking.ts), in the same order. Two tokens that every dataset
 * holds took that join 640 ms at 1,000,000 datasets (a B-tree probe per entity and token); the merge
 * of the kept lists takes a few.
 */
import { scratch } from './scratch-arrays.js';
import type { PostingList } from './term-lists.js';

/** The entities all the lists hold (the first list's order), and each list's frequency in them (scratch-arrays.ts). */
export function intersection(lists: readonly PostingList[]): PostingList & { frequencies: Float64Array[] } {
  const [first, ...others] = lists as [PostingList, ...PostingList[]];
  const ids = scratch('candidate ids', first.n);
  const frequencies = lists.map((_, t) => scratch(`candidate frequencies ${t}`, first.n));
  const at = new Array<number>(others.length).fill(0);
  let n = 0;
  for (let i = 0; i < first.n; i++) {
    const id = first.ids[i]!;
    let everywhere = true;
    for (let k = 0; k < others.length && everywhere; k++) {
      const list = others[k]!;
      let j = at[k]!;
      while (j < list.n && list.ids[j]! < id) j++;
      at[k] = j;
      everywhere = j < list.n && list.ids[j] === id;
    }
    if (!everywhere) continue;
    ids[n] = id;
    frequencies[0]![n] = first.f[i]!;
    for (let k = 0; k < others.length; k++) frequencies[k + 1]![n] = others[k]!.f[at[k]!]!;
    n++;
  }
  return { n, ids, f: frequencies[0]!, frequencies };
}
