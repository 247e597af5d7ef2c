/**
 * The pass that counts a search's result: one statement reads the candidate hits from index rows
 * alone (a token's `search_term` rows, a condition's `search_value` rows) and hands over their ids
 * (and, to rank a page, each token's frequency in them) as `group_concat` lists; what the pass
 * needs of each hit's document (its entity type, removed flag, length and facet ids) comes from the
 * document columns (../memory/document-columns.ts) instead of a lookup of its row per hit. A ranked search
 * of one token, or of tokens held by comparable numbers of entities, reads their posting lists
 * instead, kept in memory (../memory/term-lists.ts, ../memory/list-intersection.ts).
 */
import { facetPairs } from './aggregations.js';
import { integers } from '../memory/integer-list.js';
import { intersection } from '../memory/list-intersection.js';
import { positionsOfType } from '../memory/list-partition.js';
import { scratch, zeroedScratch } from '../memory/scratch-arrays.js';
import type { Columns } from '../memory/document-columns.js';
import type { SearchTables } from '../tables.js';
import type { PostingList } from '../memory/term-lists.js';

export interface CountedHits {
  n: number;
  /** The hits holding each facet id, `[[id, n], ...]` (aggregations.ts). */
  facetCounts: string;
  /** To rank: the first `n` are the hits' ids, each token's frequencies in them and their lengths (../memory/scratch-arrays.ts: read them before the next search). */
  ids: Float64Array;
  frequencies: Float64Array[];
  lengths: Float64Array;
  /** When the candidates could repeat: the stamp the hits are marked with (`search_hit`, ../memory/document-columns.ts). */
  stamp?: number;
  /** The posting list the hits were read from, the first of several (which keeps their urns, ../memory/term-lists.ts). */
  list?: PostingList;
}

export interface CountingQuery {
  /** The FROM and WHERE of the candidates, whose id is `idColumn`; `frequencyColumns` are read to rank. */
  from: string;
  params: unknown[];
  idColumn: string;
  frequencyColumns: readonly string[];
  entity: string;
  /** Whether soft-deleted entities are hits too (a filter names `removed`). */
  withRemoved: boolean;
  /** Whether a candidate may come more than once (a URN clause's two indexes, a criterion of several values). */
  repeats: boolean;
  /** Facet ids a hit must hold: one of each list (a filter's criteria on aggregated values). */
  requiredFacets?: readonly (readonly number[])[];
  /**
   * The candidates as the entities every one of these posting lists holds, instead of `from`: the
   * tokens' lists in the ranking's order (the frequency columns are theirs).
   */
  lists?: readonly PostingList[];
}

/** The facet ids of the conditions as bits: facet id → the conditions it meets; a hit meets every one (`all`). */
interface FacetMasks {
  bits: Int32Array;
  all: number;
  /** Sets the ids back to 0 (the array is kept for the next search). */
  clear(): void;
}

/**
 * At most 31 conditions (bits of an Int32Array); facet-conditions.ts gives no more. The masks cover
 * every facet id a document holds (`limit`): a read past a typed array's end, which gives undefined,
 * made the loop over a million documents' facet ids a fifth slower. The array is kept from one search
 * to the next, so that a filtered search does not allocate (and zero) an array as long as the
 * catalog has facet values: only the conditions' ids are set, and set back to 0 afterwards.
 */
function facetMasks(required: readonly (readonly number[])[], limit: number): FacetMasks {
  const largest = Math.max(0, ...required.flat());
  const bits = zeroedScratch(Math.max(largest + 1, limit));
  required.forEach((ids, k) => {
    for (const id of ids) bits[id]! |= 1 << k;
  });
  const clear = (): void => {
    for (const ids of required) for (const id of ids) bits[id] = 0;
  };
  return { bits, all: (1 << required.length) - 1, clear };
}

interface Lists {
  n: number;
  ids: string | null;
  [frequencies: `f${number}`]: string | null;
}

/**
 * The candidates whose documents are hits, counted (and their facet ids): the first `rows` of `ids`,
 * or every doc_id below `rows` without `ids`; given `positions`, only the candidates at those
 * positions of `ids` (the entity type's, of a kept posting list: ../memory/list-partition.ts). To
 * rank, the hits' ids, frequencies and lengths are copied to arrays of their own (the candidates'
 * may be a kept posting list).
 */
function tally(
  c: Columns,
  q: Omit<CountingQuery, 'from' | 'params' | 'idColumn' | 'frequencyColumns'>,
  rows: number,
  ids: Float64Array | undefined,
  frequencies: readonly Float64Array[],
  positions?: Int32Array,
): CountedHits {
  const ranks = frequencies.length > 0;
  const walked = positions ? positions.length : rows;
  const lengths = scratch('hit lengths', ranks ? walked : 0);
  const hitIds = scratch('hit ids', ranks ? walked : 0);
  const hitFrequencies = frequencies.map((_, t) => scratch(`hit frequencies ${t}`, walked));
  const code = c.entityCode(q.entity);
  const stamp = q.repeats ? c.stamp() : 0;
  const masks = q.requiredFacets && facetMasks(q.requiredFacets, c.facetLimit);
  // The columns as locals: the loop runs once per candidate.
  const { entity, removed, terms, facetStart, facetCount, pool, seen } = c;
  const { withRemoved, repeats } = q;
  const bits = masks?.bits;
  const all = masks?.all ?? 0;
  // Grown to the largest facet id the hits hold: a search of a few hits counts a few ids.
  let counts = new Int32Array(256);
  let n = 0;
  try {
    for (let k = 0; k < walked; k++) {
      const i = positions ? positions[k]! : k;
      const id = ids ? ids[i]! : i;
      if (entity[id] !== code || code === 0 || (!withRemoved && removed[id] !== 0)) continue;
      const first = facetStart[id]!;
      const end = first + facetCount[id]!;
      if (bits) {
        // One of each condition's facet ids (facet id → the conditions it meets, as bits).
        let met = 0;
        for (let j = first; j < end; j++) met |= bits[pool[j]!]!;
        if (met !== all) continue;
      }
      if (repeats) {
        if (seen[id] === stamp) continue;
        seen[id] = stamp;
      }
      if (ranks) {
        hitIds[n] = id;
        for (let t = 0; t < frequencies.length; t++) hitFrequencies[t]![n] = frequencies[t]![i]!;
        lengths[n] = terms[id]!;
      }
      for (let j = first; j < end; j++) {
        const facet = pool[j]!;
        if (facet >= counts.length) {
          const wider = new Int32Array(Math.max(facet + 1, counts.length * 2));
          wider.set(counts);
          counts = wider;
        }
        counts[facet]!++;
      }
      n++;
    }
  } finally {
    masks?.clear();
  }
  return {
    n,
    facetCounts: facetPairs(counts),
    ids: hitIds,
    frequencies: hitFrequencies,
    lengths,
    ...(q.repeats ? { stamp } : {}),
    ...(q.lists ? { list: q.lists[0] } : {}),
  };
}

export function countHits(tables: SearchTables, q: CountingQuery): CountedHits {
  if (q.lists) {
    const [only] = q.lists;
    const columns = tables.columns();
    const candidates =
      q.lists.length === 1 && only ? { n: only.n, ids: only.ids, frequencies: [only.f] } : intersection(q.lists);
    // One kept list: only its entities of the type are walked (a search across types counts each type's).
    const positions =
      q.lists.length === 1 && only ? positionsOfType(only, columns, columns.entityCode(q.entity)) : undefined;
    return tally(
      columns,
      q,
      candidates.n,
      candidates.ids,
      q.frequencyColumns.length > 0 ? candidates.frequencies : [],
      positions,
    );
  }
  const lists = q.frequencyColumns.map((c, i) => `, group_concat(${c}) AS f${i}`).join('');
  const row = tables
    .statement(`SELECT COUNT(*) AS n, group_concat(${q.idColumn}) AS ids${lists} ${q.from}`)
    .get(...q.params) as Lists;
  const frequencies = q.frequencyColumns.map((_, i) =>
    integers(row[`f${i}`] ?? '', row.n, scratch(`candidate frequencies ${i}`, row.n)),
  );
  return tally(
    tables.columns(),
    q,
    row.n,
    integers(row.ids ?? '', row.n, scratch('candidate ids', row.n)),
    frequencies,
  );
}

/**
 * The hits among every document of the entity type that hold the required facets, without SQL: a
 * condition on aggregated values matching a large share of the catalog reads its many index rows
 * at several times the cost of testing every document's facet ids (the hits are marked, as repeats).
 */
export function scanHits(
  tables: SearchTables,
  entity: string,
  requiredFacets: readonly (readonly number[])[],
): CountedHits {
  const c = tables.columns();
  return tally(c, { entity, withRemoved: false, repeats: true, requiredFacets }, c.entity.length, undefined, []);
}
