/**
 * What a search's counting pass needs of each `search_document` row (entity type, removed, number
 * of ranked tokens, facet ids), held as typed arrays indexed by doc_id, so that the pass reads only
 * the token or value index rows of its hits and never their document rows: looking a document row
 * up cost more than everything else a hit costs (see ../../scripts/bench/README.md).
 *
 * The columns follow the table without a copy of the write path's logic: every document the
 * search tables write or remove is noted (`changed`) and read again from the table before the next
 * search uses the columns. A search runs inside the store's transaction, whose writes may still be
 * rolled back, so what it reads there stays noted; the notes are read again and dropped once no
 * transaction is open (on the next tick of the event loop, or at the next search outside one),
 * when what the table holds is committed. When documents were written that the notes do not name
 * (too many, or the tables cleared), the columns are built again from the whole table, and again
 * once no transaction is open when they were built inside one.
 */
import type { Database, Statement } from 'better-sqlite3';
import { integers } from './integer-list.js';
import { LiveCounts } from './live-counts.js';
import { afterTransaction, NotedKeys } from './transaction-notes.js';

/** Documents noted before the columns are simply built again from the whole table. */
const MOST_NOTED = 4096;

/**
 * The doc_ids whose rows one statement of a build reads. The lists of the whole table at once were
 * strings of tens of MB at 1,000,000 documents, alive together while parsed: the collector then set
 * its next full collection by them, and the heap grew by hundreds of MB of garbage before it.
 */
const BUILD_CHUNK = 65_536;

export interface Columns {
  /** The code of an entity type in `entity` (0: no document holds it). */
  entityCode(entity: string): number;
  /** Per doc_id: the entity type's code, 0 where there is no document. */
  readonly entity: Uint16Array;
  readonly removed: Uint8Array;
  /** The number of ranked tokens (the length BM25 reads). */
  readonly terms: Int32Array;
  /** The document's facet ids are `pool[facetStart[id]]` and the `facetCount[id] - 1` after it. */
  readonly facetStart: Int32Array;
  readonly facetCount: Uint16Array;
  readonly pool: Int32Array;
  /** One past the largest facet id a document has held: arrays indexed by facet id this long are never read past their end. */
  readonly facetLimit: number;
  /**
   * A mark per doc_id, for a pass to tell a hit it has already seen: `stamp()` gives a fresh value.
   * SQL reads the marks as `search_hit(doc_id, stamp)` (1 when marked with that stamp).
   */
  readonly seen: Int32Array;
  stamp(): number;
  /** The documents of the entity type that are not soft-deleted (live-counts.ts). */
  liveDocuments(entity: string): number;
  /**
   * Moves whenever these columns take a document in or out (read again, even unchanged): what was
   * worked out of the search tables at one version of these columns holds until it moves.
   */
  version(): number;
}

export interface DocumentColumns {
  /** The columns, in step with the table (what changed since they were read is read again). */
  read(): Columns;
  /** Notes a document the tables wrote or removed. */
  changed(docId: number): void;
  /** The tables were emptied. */
  cleared(): void;
}

type Row = [docId: number, entity: string, removed: number, terms: number, facets: string];

/** A range of the table as lists (`group_concat`): a row object per document cost several times more. */
interface Table {
  n: number;
  ids: string | null;
  entities: string | null;
  removed: string | null;
  terms: string | null;
  facets: string | null;
}

const COMMA = 44;
const SEMICOLON = 59;
const ZERO = 48;

class Arrays implements Columns {
  entity = new Uint16Array(0);
  removed = new Uint8Array(0);
  terms = new Int32Array(0);
  facetStart = new Int32Array(0);
  facetCount = new Uint16Array(0);
  seen = new Int32Array(0);
  pool = new Int32Array(1024);
  facetLimit = 0;
  private poolLength = 0;
  private livePool = 0;
  private lastStamp = 0;
  private readonly codes = new Map<string, number>();
  private readonly live = new LiveCounts();
  private changes = 0;

  entityCode(entity: string): number {
    return this.codes.get(entity) ?? 0;
  }

  liveDocuments(entity: string): number {
    return this.live.of(this.entityCode(entity));
  }

  version(): number {
    return this.changes;
  }

  stamp(): number {
    if (this.lastStamp === 0x7fffffff) {
      this.seen.fill(0);
      this.lastStamp = 0;
    }
    return ++this.lastStamp;
  }

  /** Makes room for the documents up to `docId`. */
  grow(docId: number): void {
    if (docId < this.entity.length) return;
    const size = Math.max(1024, docId + 1, this.entity.length * 2);
    const wider = <T extends Uint16Array | Uint8Array | Int32Array>(old: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(old);
      return next;
    };
    this.entity = wider(this.entity, (n) => new Uint16Array(n));
    this.removed = wider(this.removed, (n) => new Uint8Array(n));
    this.terms = wider(this.terms, (n) => new Int32Array(n));
    this.facetStart = wider(this.facetStart, (n) => new Int32Array(n));
    this.facetCount = wider(this.facetCount, (n) => new Uint16Array(n));
    this.seen = wider(this.seen, (n) => new Int32Array(n));
  }

  private code(entity: string): number {
    let code = this.codes.get(entity);
    if (code === undefined) this.codes.set(entity, (code = this.codes.size + 1));
    return code;
  }

  /** The documents of a range, from its lists (the facet ids of each document end with `;`), after those loaded before. */
  load(table: Table): void {
    const { n } = table;
    const ids = integers(table.ids ?? '', n);
    const removed = integers(table.removed ?? '', n);
    const terms = integers(table.terms ?? '', n);
    // Entity type names are identifiers: no comma.
    const entities = n > 0 ? (table.entities ?? '').split(',') : [];
    let last = 0;
    for (let i = 0; i < n; i++) last = Math.max(last, ids[i]!);
    this.grow(last);
    const facets = table.facets ?? '';
    // Each id takes a digit and a separator at least.
    const room = this.poolLength + Math.ceil(facets.length / 2);
    if (room > this.pool.length) {
      const pool = new Int32Array(Math.max(room, this.pool.length * 2));
      pool.set(this.pool.subarray(0, this.poolLength));
      this.pool = pool;
    }
    let at = 0;
    let length = this.poolLength;
    for (let i = 0; i < n; i++) {
      const id = ids[i]!;
      this.entity[id] = this.code(entities[i]!);
      this.removed[id] = removed[i]!;
      this.live.move(this.entity[id]!, removed[i]!, 1);
      this.terms[id] = terms[i]!;
      this.facetStart[id] = length;
      let value = 0;
      let digits = false;
      for (; at < facets.length; at++) {
        const c = facets.charCodeAt(at);
        if (c === COMMA || c === SEMICOLON) {
          if (digits) {
            this.pool[length++] = value;
            if (value >= this.facetLimit) this.facetLimit = value + 1;
          }
          value = 0;
          digits = false;
          if (c === SEMICOLON) break;
        } else {
          value = value * 10 + (c - ZERO);
          digits = true;
        }
      }
      at++;
      this.facetCount[id] = length - this.facetStart[id]!;
    }
    this.poolLength = length;
    this.livePool = length;
  }

  set([docId, entity, removed, terms, facets]: Row): void {
    this.grow(docId);
    this.changes++;
    this.live.move(this.entity[docId]!, this.removed[docId]!, -1);
    this.entity[docId] = this.code(entity);
    this.removed[docId] = removed;
    this.live.move(this.entity[docId]!, removed, 1);
    this.terms[docId] = terms;
    this.setFacets(docId, facets);
  }

  unset(docId: number): void {
    this.changes++;
    if (docId >= this.entity.length) return;
    this.live.move(this.entity[docId]!, this.removed[docId]!, -1);
    this.entity[docId] = 0;
    this.livePool -= this.facetCount[docId]!;
    this.facetCount[docId] = 0;
  }

  /** Facet ids as stored: comma-separated; written where the document's were when they fit. */
  private setFacets(docId: number, facets: string): void {
    const ids = facets === '' ? [] : facets.split(',').map(Number);
    for (const id of ids) if (id >= this.facetLimit) this.facetLimit = id + 1;
    const old = this.facetCount[docId]!;
    this.livePool += ids.length - old;
    let start = this.facetStart[docId]!;
    if (ids.length > old) {
      if (this.poolLength + ids.length > this.pool.length) this.compact(ids.length);
      start = this.poolLength;
      this.poolLength += ids.length;
    }
    this.pool.set(ids, start);
    this.facetStart[docId] = start;
    this.facetCount[docId] = ids.length;
  }

  /** Moves every document's facet ids to the start of a pool with room for `more` (and half again). */
  private compact(more: number): void {
    const pool = new Int32Array(Math.max(1024, Math.ceil((this.livePool + more) * 1.5)));
    let length = 0;
    for (let id = 0; id < this.entity.length; id++) {
      const n = this.facetCount[id]!;
      if (n === 0) continue;
      pool.set(this.pool.subarray(this.facetStart[id]!, this.facetStart[id]! + n), length);
      this.facetStart[id] = length;
      length += n;
    }
    this.pool = pool;
    this.poolLength = length;
  }
}

export function createDocumentColumns(db: Database): DocumentColumns {
  const bounds = db.prepare('SELECT min(doc_id), max(doc_id) FROM search_document').raw() as Statement<
    [],
    [number | null, number | null]
  >;
  const range: Statement = db.prepare(
    "SELECT COUNT(*) AS n, group_concat(doc_id) AS ids, group_concat(entity) AS entities, group_concat(removed) AS removed, group_concat(terms) AS terms, group_concat(facets || ';', '') AS facets FROM search_document WHERE doc_id BETWEEN ? AND ?",
  );
  const one: Statement = db
    .prepare('SELECT doc_id, entity, removed, terms, facets FROM search_document WHERE doc_id = ?')
    .raw();
  let columns: Arrays | undefined;
  // Past MOST_NOTED (or the tables cleared), documents were written that the notes do not name:
  // columns read now must be built again once committed.
  const noted = new NotedKeys<number>(MOST_NOTED);
  db.function('search_hit', { varargs: false }, (docId, stamp) => (columns?.seen[docId as number] === stamp ? 1 : 0));

  const build = (): Arrays => {
    const built = new Arrays();
    const [first, last] = bounds.get() ?? [null, null];
    if (first === null || last === null) return built;
    built.grow(last);
    for (let from = first; from <= last; from += BUILD_CHUNK)
      built.load(range.get(from, from + BUILD_CHUNK - 1) as Table);
    return built;
  };
  const reread = (c: Arrays, docId: number): void => {
    const row = one.get(docId) as Row | undefined;
    if (row) c.set(row);
    else c.unset(docId);
  };
  /** Reads the table again where it may differ; outside a transaction what it holds is committed. */
  const refresh = (): Arrays => {
    const committed = !db.inTransaction;
    if (!columns || noted.everything) columns = build();
    else for (const docId of noted.values()) reread(columns, docId);
    if (committed) noted.clear();
    else settle();
    return columns;
  };
  // Once the transaction is over (committed or rolled back), what the notes name is read again.
  const settle = afterTransaction(db, () => {
    if (noted.any) refresh();
  });

  return {
    read: refresh,
    changed: (docId) => noted.note(docId),
    cleared: () => noted.noteEverything(),
  };
}
