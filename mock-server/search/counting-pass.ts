/**
 * The pass that counts a search's result: one statement reads the candidate hits from index rows
 * alone (a token's `search_term` rows, a condition's `search_value` rows) and hands over their ids
 * (and, to rank a page, each token's frequency in them) as `group_concat` lists; what the pass
 * needs of each hit's document (its entity type, removed flag, length and facet ids) comes from the
 * document columns (document-columns.ts) instead of a lookup of its row per hit.
 */
import { facetPairs } from './aggregations.js';
import { integers } from './best-hits.js';
import type { Columns } from './document-columns.js';
import type { SearchTables } from './tables.js';

export interface CountedHits {
  n: number;
  /** The hits holding each facet id, `[[id, n], ...]` (aggregations.ts). */
  facetCounts: string;
  /** The first `n` are the hits' ids, each token's frequencies in them and their lengths. */
  ids: Float64Array;
  frequencies: Float64Array[];
  lengths: Float64Array;
  /** When the candidates could repeat: the stamp the hits are marked with (`search_hit`, document-columns.ts). */
  stamp?: number;
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
}

/** Whether the document holds one of the facet ids of each list. */
function holds(c: Columns, id: number, required: readonly (readonly number[])[]): boolean {
  const first = c.facetStart[id]!;
  const end = first + c.facetCount[id]!;
  return required.every((ids) => {
    for (let j = first; j < end; j++) if (ids.includes(c.pool[j]!)) return true;
    return false;
  });
}

interface Lists {
  n: number;
  ids: string | null;
  [frequencies: `f${number}`]: string | null;
}

export function countHits(tables: SearchTables, q: CountingQuery): CountedHits {
  const lists = q.frequencyColumns.map((c, i) => `, group_concat(${c}) AS f${i}`).join('');
  const row = tables.statement(`SELECT COUNT(*) AS n, group_concat(${q.idColumn}) AS ids${lists} ${q.from}`).get(...q.params) as Lists;
  const rows = row.n;
  const ids = integers(row.ids ?? '', rows);
  const frequencies = q.frequencyColumns.map((_, i) => integers(row[`f${i}`] ?? '', rows));
  const lengths = new Float64Array(rows);
  const c = tables.columns();
  const code = c.entityCode(q.entity);
  const stamp = q.repeats ? c.stamp() : 0;
  let counts = new Int32Array(256);
  let n = 0;
  for (let i = 0; i < rows; i++) {
    const id = ids[i]!;
    if (c.entity[id] !== code || code === 0 || (!q.withRemoved && c.removed[id] !== 0)) continue;
    if (q.requiredFacets && !holds(c, id, q.requiredFacets)) continue;
    if (q.repeats) {
      if (c.seen[id] === stamp) continue;
      c.seen[id] = stamp;
    }
    ids[n] = id;
    for (const f of frequencies) f[n] = f[i]!;
    lengths[n] = c.terms[id]!;
    const first = c.facetStart[id]!;
    const end = first + c.facetCount[id]!;
    for (let j = first; j < end; j++) {
      const facet = c.pool[j]!;
      if (facet >= counts.length) {
        const wider = new Int32Array(Math.max(facet + 1, counts.length * 2));
        wider.set(counts);
        counts = wider;
      }
      counts[facet]!++;
    }
    n++;
  }
  return { n, facetCounts: facetPairs(counts), ids, frequencies, lengths, ...(q.repeats ? { stamp } : {}) };
}
