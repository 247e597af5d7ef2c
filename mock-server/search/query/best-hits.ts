/**
 * The hits a ranked page can hold, chosen in JavaScript from the pass that counts the result: it
 * gives each hit's id and the integers its BM25 score is computed from (each token's frequency,
 * the entity's length; see counting-pass.ts). Scoring them here and keeping those at or
 * above the score of the page's last row lets the page (ranked-page.ts) order a handful of hits
 * instead of reading every hit's rows a second time.
 */
import { scratch } from '../memory/scratch-arrays.js';
import type { TokenWeight } from './ranking.js';

/** The k-th largest value (k from 1), by selection in place: linear on average, where a sort is not. */
function kthLargest(values: Float64Array, k: number): number {
  const target = k - 1;
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const v = values[i]!;
        values[i++] = values[j]!;
        values[j--] = v;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return pivot;
  }
  return values[target]!;
}

/** The hits a page can hold: their doc_ids and scores (in the counting pass's order). */
export interface ScoredHits {
  ids: number[];
  scores: number[];
}

/**
 * The hits whose score is at least the `rows`-th best: the first `n` of `ids`, of each token's
 * `frequencies` (in the ranking's order) and of `lengths` describe the hits. A score is the sum of
 * each token's `scale · f / (f + base + perToken · length)`, in that order, as SQLite computed it.
 */
export function bestHits(
  n: number,
  rows: number,
  ids: Float64Array,
  frequencies: readonly Float64Array[],
  lengths: Float64Array,
  weights: readonly TokenWeight[],
): ScoredHits {
  const scores = scratch('scores', n).fill(0);
  frequencies.forEach((f, t) => {
    const { scale, base, perToken } = weights[t]!;
    for (let i = 0; i < n; i++) scores[i] = scores[i]! + (scale * f[i]!) / (f[i]! + base + perToken * lengths[i]!);
  });
  let last = -Infinity;
  if (rows < n) {
    // The selection reorders its array: a copy of the scores.
    const selected = scratch('scores selected', n);
    selected.set(scores);
    last = kthLargest(selected, rows);
  }
  const kept: ScoredHits = { ids: [], scores: [] };
  for (let i = 0; i < n; i++) {
    if (scores[i]! < last) continue;
    kept.ids.push(ids[i]!);
    kept.scores.push(scores[i]!);
  }
  return kept;
}
