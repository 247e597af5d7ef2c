/**
 * Relevance as SQLite FTS5's bm25() computes it (k1 = 1.2, b = 0.75), over the token index of
 * ../write/term-index.ts: a token's frequency in an entity is the sum of the boosts of the values holding it
 * (so a match on `id` or `name`, boost 10, outweighs one on `description`), the entity's length is
 * its number of tokens queried by default, and each token's IDF comes from the number of entities
 * holding it among all indexed entities. The rarest token drives the join: a selective word among
 * common ones reads a handful of rows. A prefix term (a full-text search's last word) reads the rows
 * of every token it begins, one row per entity (../memory/term-lists.ts PREFIX_ROWS); the entities
 * holding it are counted as the sum of those tokens' counts, at most every entity.
 */
import { PREFIX_ROWS, prefixRowParams } from '../memory/term-lists.js';
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

/** A term of a ranked query: a token, or (`prefix`) any token it begins. */
export interface RankedTerm {
  token: string;
  prefix: boolean;
}

export interface Ranking {
  /** FROM items joining the index rows of every token (`m0`, `m1`…) and the hit's document `d`. */
  from: string;
  /** The same without the document: the index rows of every token alone. */
  tokens: string;
  /** The condition on the driving token, for the WHERE clause. */
  where: string;
  /** The driving term's entities (the rarest), a SELECT of `doc_id` in doc_id order, and its parameters. */
  driving: { sql: string; params: unknown[] };
  /** The terms in the order of `m0`, `m1`…, the rarest first, and the number of entities holding each. */
  held: readonly (RankedTerm & { docs: number })[];
  /** The parameters of `from` and `where`, in that order. */
  params: unknown[];
  /** Each token's frequency column (`m0.f`, `m1.f`…), in the order of `weights`. */
  frequencies: string[];
  /** The weights of the tokens, in the order the score adds them. */
  weights: TokenWeight[];
}

/** The rows of one term as the FROM item `m<i>`, and the condition selecting them. */
function termRows(
  term: RankedTerm,
  alias: string,
): { table: string; tableParams: unknown[]; on: string; onParams: unknown[] } {
  return term.prefix
    ? { table: `(${PREFIX_ROWS}) ${alias}`, tableParams: prefixRowParams(term.token), on: '1', onParams: [] }
    : { table: `search_term ${alias}`, tableParams: [], on: `${alias}.term = ?`, onParams: [term.token] };
}

export function ranking(tables: SearchTables, terms: readonly RankedTerm[]): Ranking {
  const { docs, terms: tokenCount } = tables.totals();
  const held = terms
    .map((t) => ({
      ...t,
      docs: t.prefix ? Math.min(docs, tables.terms.docsWithPrefix(t.token)) : tables.terms.docsWith(t.token),
    }))
    .sort((a, b) => a.docs - b.docs);
  const rows = held.map((t, i) => termRows(t, `m${i}`));
  const joined = rows.slice(1).map((r, i) => `CROSS JOIN ${r.table} ON ${r.on} AND m${i + 1}.doc_id = m0.doc_id`);
  const joinedParams = rows.slice(1).flatMap((r) => [...r.tableParams, ...r.onParams]);
  // f·(k1+1) / (f + k1·(1 − b + b·length/avgdl)), f in thousandths of a boost: idf·(k1+1), and the
  // two parts of the denominator's constant term scaled alike, are bound.
  const base = BOOST_UNIT * K1 * (1 - B);
  const perToken = tokenCount > 0 ? (BOOST_UNIT * K1 * B * docs) / tokenCount : 0;
  const weights = held.map(({ docs: holders }) => {
    const idf = Math.log((docs - holders + 0.5) / (holders + 0.5));
    return { scale: (idf > 0 ? idf : 1e-6) * (K1 + 1), base, perToken };
  });
  const first = rows[0] ?? termRows({ token: '', prefix: false }, 'm0');
  const drivingTerm = held[0] ?? { token: '', prefix: false };
  return {
    // CROSS JOIN keeps this order: SQLite would otherwise start from the documents of the entity type.
    from: [first.table, ...joined, 'CROSS JOIN search_document d ON d.doc_id = m0.doc_id'].join(' '),
    tokens: [first.table, ...joined].join(' '),
    where: first.on,
    driving: drivingTerm.prefix
      ? { sql: `SELECT doc_id FROM (${PREFIX_ROWS})`, params: prefixRowParams(drivingTerm.token) }
      : { sql: 'SELECT doc_id FROM search_term WHERE term = ?', params: [drivingTerm.token] },
    held,
    params: [...first.tableParams, ...joinedParams, ...first.onParams],
    frequencies: held.map((_, i) => `m${i}.f`),
    weights,
  };
}
