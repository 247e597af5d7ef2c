/**
 * The posting lists of the tokens ranked searches start from, kept in memory: a token's entities
 * (doc_id ascending) and its boosted frequency in each, as `search_term` holds them, so that a broad
 * term does not hand over its 100,000 index rows from SQLite at every search (about 0.15 µs a row at
 * 1,000,000 entities), and the urns of those entities that a page has read (a tie on the page's last
 * score is ordered by urn, and reading an entity's row out of sequence cost 3 µs at that size).
 *
 * A list stays exact because every change of a token's rows goes through the token index
 * (../write/term-index.ts), which drops the token's list (`touched`), or empties the tables (`cleared`): the
 * rows an entity gains, loses or changes, a new entity's rows (held back until the flush, dropped
 * when held back), an entity removed or rewritten whole. An entity's urn does not change while it
 * holds the token: removing it takes its rows (and the list) away, and a new entity that takes a
 * freed doc_id writes rows of its own. A search may run inside the store's transaction, whose
 * writes may yet be rolled back: a list read there is kept only when the transaction has not
 * touched its token (then it is what was committed, and stays so), and the record of the tokens a
 * transaction touched is dropped once none is open (on the next tick of the event loop, or at the
 * next read outside one). The lists are bounded by a byte budget; the least recently used go first.
 *
 * A prefix's list (the tokens it begins, merged: PREFIX_ROWS) is kept the same way, beside the
 * tokens' lists and within the same budget: a search across entity types reads it once per type, and
 * the search bar sends the same prefix at every keystroke that does not end a word. A change of any
 * token's rows drops the lists of every prefix of that token (the token itself and each of its
 * beginnings), and a list read inside a transaction is kept only when the transaction touched no
 * token the prefix begins.
 */
import type { Database, Statement } from 'better-sqlite3';
import { integers } from './integer-list.js';
import { afterTransaction, NotedKeys } from './transaction-notes.js';

/** The bytes the kept lists may hold (ids and frequencies 16 bytes an entity; urns about their length). */
export const TERM_LIST_BUDGET = 48 * 1024 * 1024;
/** Tokens a transaction touched, remembered one by one up to this many (then: every token). */
const MOST_TOUCHED = 4096;
/** What a kept list costs besides its arrays, and a kept urn besides its characters. */
const LIST_OVERHEAD = 256;
const URN_OVERHEAD = 64;

export interface PostingList {
  /** The number of entities holding the token: the length of `ids` and `f`. */
  readonly n: number;
  /** The entities' doc_ids, ascending. */
  readonly ids: Float64Array;
  /** The token's boosted frequency in each (`search_term.f`). */
  readonly f: Float64Array;
}

interface Entry extends PostingList {
  /** Where the list is kept: `t` and the token, or `p` and the prefix. */
  readonly key: string;
  readonly urns: Map<number, string>;
  bytes: number;
  /** Whether the list is kept (its urns may be kept too). */
  kept: boolean;
}

/**
 * A full-text search's last word matches the tokens it begins (upstream's `match_phrase_prefix` of
 * SearchQueryBuilder.getPrefixAndExactMatchQuery, metadata-io, v1.3.0.1), with their frequency
 * scaled by `exactMatch.prefixFactor / exactMatch.exactFactor` (1.1 / 16, application.yaml of
 * metadata-service/configuration, v1.3.0.1), so that an entity holding the word itself ranks above
 * one holding only a longer token; one holding the word keeps that token's frequency.
 */
export const PREFIX_ROWS =
  'SELECT doc_id, CASE WHEN MAX(term = ?) THEN MAX(CASE WHEN term = ? THEN f END) ELSE MAX(f) * 11 / 160 END AS f ' +
  'FROM search_term WHERE term >= ? AND term < ? GROUP BY doc_id';

/** The parameters of PREFIX_ROWS: the tokens from the prefix up to the last one it begins (UTF-8 order). */
export function prefixRowParams(prefix: string): string[] {
  return [prefix, prefix, prefix, `${prefix}\u{10ffff}`];
}

export interface TermLists {
  /** The posting list of a token: a kept one, or read now (and kept when it cannot go stale). */
  list(term: string): PostingList;
  /** The posting list of the tokens a prefix begins (PREFIX_ROWS): a kept one, or read now (and kept when it cannot go stale). */
  prefixList(prefix: string): PostingList;
  /**
   * The urns of these entities, in their order: of a list's entities, those kept and the others read
   * now (and kept with the list); without a list, read now.
   */
  urns(list: PostingList | undefined, docIds: readonly number[]): string[];
  /** The token's rows changed (or will, at the flush). */
  touched(term: string): void;
  /** Every token's rows were deleted. */
  cleared(): void;
}

interface Rows {
  n: number;
  ids: string | null;
  f: string | null;
}

export function createTermLists(db: Database, budget = TERM_LIST_BUDGET): TermLists {
  const read: Statement = db.prepare(
    'SELECT COUNT(*) AS n, group_concat(doc_id) AS ids, group_concat(f) AS f FROM search_term WHERE term = ?',
  );
  const readPrefix: Statement = db.prepare(
    `SELECT COUNT(*) AS n, group_concat(doc_id) AS ids, group_concat(f) AS f FROM (${PREFIX_ROWS})`,
  );
  const readUrns: Statement = db
    .prepare('SELECT d.doc_id, d.urn FROM json_each(?) h CROSS JOIN search_document d ON d.doc_id = h.value')
    .raw();
  // Least recently used first (a Map keeps the order entries were set in).
  const kept = new Map<string, Entry>();
  let bytes = 0;
  /** The prefixes' lists kept: while there are none, a touched token looks none up. */
  let keptPrefixes = 0;
  const touched = new NotedKeys<string>(MOST_TOUCHED);

  const drop = (entry: Entry): void => {
    kept.delete(entry.key);
    if (entry.key[0] === 'p') keptPrefixes--;
    entry.kept = false;
    bytes -= entry.bytes;
  };
  const grow = (entry: Entry, more: number): void => {
    entry.bytes += more;
    if (!entry.kept) return;
    bytes += more;
    for (const oldest of kept.values()) {
      if (bytes <= budget) break;
      drop(oldest);
    }
  };
  const keep = (entry: Entry): void => {
    if (entry.bytes > budget) return;
    kept.set(entry.key, entry);
    if (entry.key[0] === 'p') keptPrefixes++;
    entry.kept = true;
    bytes += entry.bytes;
    grow(entry, 0);
  };
  /** Outside a transaction every row is committed: the record of touched tokens can go. */
  const committed = (): boolean => {
    if (db.inTransaction) return false;
    touched.clear();
    return true;
  };
  const settle = afterTransaction(db, () => touched.clear());
  /** Whether the open transaction touched a token the prefix begins. */
  const touchedUnder = (prefix: string): boolean => {
    if (touched.everything) return true;
    for (const term of touched.values()) if (term.startsWith(prefix)) return true;
    return false;
  };
  /** The kept list under the key, now the most recently used; or the rows read now, kept when `fresh` says they cannot go stale. */
  const lookUp = (key: string, readRows: () => Rows, fresh: () => boolean): Entry => {
    const found = kept.get(key);
    if (found) {
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const rows = readRows();
    const entry: Entry = {
      key,
      n: rows.n,
      ids: integers(rows.ids ?? '', rows.n),
      f: integers(rows.f ?? '', rows.n),
      urns: new Map(),
      bytes: LIST_OVERHEAD + rows.n * 16,
      kept: false,
    };
    if (committed() || fresh()) keep(entry);
    return entry;
  };
  const dropKey = (key: string): void => {
    const found = kept.get(key);
    if (found) drop(found);
  };

  return {
    list(term) {
      return lookUp(
        `t${term}`,
        () => read.get(term) as Rows,
        () => !touched.has(term),
      );
    },
    prefixList(prefix) {
      return lookUp(
        `p${prefix}`,
        () => readPrefix.get(...prefixRowParams(prefix)) as Rows,
        () => !touchedUnder(prefix),
      );
    },
    urns(list, docIds) {
      const entry = list as Entry | undefined;
      const urns = entry?.urns ?? new Map<number, string>();
      const missing = entry ? docIds.filter((id) => !urns.has(id)) : docIds;
      if (missing.length > 0) {
        let more = 0;
        for (const [id, urn] of readUrns.all(JSON.stringify(missing)) as [number, string][]) {
          urns.set(id, urn);
          more += URN_OVERHEAD + urn.length;
        }
        if (entry) grow(entry, more);
      }
      return docIds.map((id) => urns.get(id)!);
    },
    touched(term) {
      dropKey(`t${term}`);
      // Every prefix of the token begins it: the token whole, and each of its beginnings.
      for (let end = term.length; keptPrefixes > 0 && end >= 0; end--) dropKey(`p${term.slice(0, end)}`);
      if (!db.inTransaction) return;
      touched.note(term);
      settle();
    },
    cleared() {
      for (const entry of kept.values()) entry.kept = false;
      kept.clear();
      bytes = 0;
      keptPrefixes = 0;
      if (!db.inTransaction) return;
      touched.noteEverything();
      settle();
    },
  };
}
