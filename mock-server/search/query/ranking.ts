/**
 * Relevance as SQLite FTS5's bm25() computes it (k1 = 1.2, b = 0.75), over the token index of
 * ../write/term-index.ts: a token's frequency in an entity is the sum of the boosts of the values holding it
 * (so a match on `id` or `name`, boost 10, outweighs one on `description`), the entity's length is
 * its number of tokens queried by default, and each token's IDF comes from the number of entities
 * holding it among all indexed entities. The rarest token drives the join: a selective word among
 * common ones reads a handful of rows.
 */
import { BOOST_UNIT } from '../write/term-index.js';
import type { SearchTables } from '../tables.js';

const K1 = 1.2;
const B = 0.75;

/** A token's part of the score: `scale · f / (f + base + perToken · length)`. */
export interface TokenWeight {
  scale: number;
  base: number;
  perToken: number;
}

export interface Ranking {
  /** FROM items joining the index rows of every token (`m0`, `m1`…) and the hit's document `d`. */
  from: string;
  /** The same without the document: the index rows of every token alone. */
  tokens: string;
  /** The condition on the driving token, for the WHERE clause. */
  where: string;
  /** The driving token (the rarest). */
  driving: string;
  /** The tokens in the order of `m0`, `m1`…, the rarest first, and the number of entities holding each. */
  held: readonly { token: string; docs: number }[];
  /** The parameters of `from` and `where`, in that order. */
  params: unknown[];
  /** Each token's frequency column (`m0.f`, `m1.f`…), in the order of `weights`. */
  frequencies: string[];
  /** The weights of the tokens, in the order the score adds them. */
  weights: TokenWeight[];
}

export function ranking(tables: SearchTables, tokens: readonly string[]): Ranking {
  const held = tokens.map((token) => ({ token, docs: tables.terms.docsWith(token) })).sort((a, b) => a.docs - b.docs);
  const joined = held
    .slice(1)
    .map((_, i) => `CROSS JOIN search_term m${i + 1} ON m${i + 1}.term = ? AND m${i + 1}.doc_id = m0.doc_id`);
  const { docs, terms } = tables.totals();
  // f·(k1+1) / (f + k1·(1 − b + b·length/avgdl)), f in thousandths of a boost: idf·(k1+1), and the
  // two parts of the denominator's constant term scaled alike, are bound.
  const base = BOOST_UNIT * K1 * (1 - B);
  const perToken = terms > 0 ? (BOOST_UNIT * K1 * B * docs) / terms : 0;
  const weights = held.map(({ docs: holders }) => {
    const idf = Math.log((docs - holders + 0.5) / (holders + 0.5));
    return { scale: (idf > 0 ? idf : 1e-6) * (K1 + 1), base, perToken };
  });
  return {
    // CROSS JOIN keeps this order: SQLite would otherwise start from the documents of the entity type.
    from: ['search_term m0', ...joined, 'CROSS JOIN search_document d ON d.doc_id = m0.doc_id'].join(' '),
    tokens: ['search_term m0', ...joined].join(' '),
    where: 'm0.term = ?',
    driving: held[0]?.token ?? '',
    held,
    params: [...held.slice(1).map((h) => h.token), held[0]?.token],
    frequencies: held.map((_, i) => `m${i}.f`),
    weights,
  };
}
