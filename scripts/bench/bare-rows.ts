/**
 * The bulk write's ceiling: the rows a bulk load of the mock wrote, read back from its data file and
 * written again by bare better-sqlite3 into a new file holding the store's schema (created by the
 * store's own code), with plain prepared statements and the same transactions (1,000 new entities
 * each). None of the mock's code runs in the timed loop, so the rate is what SQLite itself takes to
 * insert those rows into those B-trees: how fast the mock could write them at best.
 */
import type { Database, Statement } from 'better-sqlite3';
import BetterSqlite3 from 'better-sqlite3';
import { createMockServer } from '../../mock-server/index.js';
import { indexTokens } from '../../mock-server/search/analyzer.js';
import { openDatabase } from '../../mock-server/store/database.js';

type Row = unknown[];

/** One statement of a transaction and the rows it writes, in the order the load wrote them. */
interface Step {
  sql: string;
  rows: Row[];
}

/** A load of new entities as transactions of statements and rows, with the number of entities. */
export interface BareLoad {
  entities: number;
  transactions: Step[][];
}

/** An empty store on a new file (its schema, and the entities every store starts with). */
export async function createEmptyStore(file: string): Promise<void> {
  const server = await createMockServer({ port: 0, sample: false, data: file, logger: () => {} });
  await server.close();
}

const insertInto = (db: Database, table: string): string => {
  const columns = db.pragma(`table_info(${table})`) as { name: string }[];
  return `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
};

/**
 * The rows `loaded` holds beyond those of the empty store `empty` (the entities whose search
 * documents are new), grouped into transactions of `perTransaction` entities in document order.
 * Each table's rows come in the order the load inserted them (rowid, or the entity's document id);
 * the counts the load adds up per transaction (entities per token and per facet value, the totals)
 * are added up per transaction the same way.
 */
export function captureLoad(loaded: string, empty: string, perTransaction = 1000): BareLoad {
  const before = new BetterSqlite3(empty, { readonly: true });
  const firstDoc = (before.prepare('SELECT coalesce(max(doc_id), 0) FROM search_document').pluck().get() as number) + 1;
  let lastFacet = before.prepare('SELECT coalesce(max(id), 0) FROM search_facet').pluck().get() as number;
  before.close();
  const db = new BetterSqlite3(loaded, { readonly: true });
  try {
    const lastDoc = db.prepare('SELECT max(doc_id) FROM search_document').pluck().get() as number;
    const byDoc = (table: string, order: string): { sql: string; select: Statement } => ({
      sql: insertInto(db, table),
      select: db.prepare(`SELECT * FROM ${table} WHERE doc_id BETWEEN ? AND ? ORDER BY ${order}`).raw(),
    });
    const tables = [
      {
        sql: insertInto(db, 'aspects'),
        select: db
          .prepare(
            'SELECT a.* FROM aspects a JOIN search_document d USING (urn) WHERE d.doc_id BETWEEN ? AND ? ORDER BY d.doc_id, a.aspect, a.version',
          )
          .raw(),
      },
      {
        sql: insertInto(db, 'relationships'),
        select: db
          .prepare(
            'SELECT r.* FROM relationships r JOIN search_document d ON d.urn = r.source WHERE d.doc_id BETWEEN ? AND ? ORDER BY d.doc_id, r.type, r.destination, r.aspect',
          )
          .raw(),
      },
      byDoc('search_document', 'doc_id'),
      byDoc('search_signature', 'doc_id'),
      byDoc('search_text_row', 'id'),
      byDoc('search_suggestion', 'id'),
      byDoc('search_browse', 'rowid'),
      byDoc('search_value', 'rowid'),
      byDoc('search_term', 'doc_id, term'),
      byDoc('search_field_term', 'doc_id, field, term'),
    ];
    const suggestions = db
      .prepare('SELECT id, value FROM search_suggestion WHERE doc_id BETWEEN ? AND ? ORDER BY id')
      .raw();
    const termDocs = db
      .prepare('SELECT term, count(*) FROM search_term WHERE doc_id BETWEEN ? AND ? GROUP BY term')
      .raw();
    const documents = db
      .prepare('SELECT removed, facets, terms FROM search_document WHERE doc_id BETWEEN ? AND ?')
      .raw();
    const facet = db.prepare('SELECT id, entity, field, value FROM search_facet WHERE id = ?').raw();
    const transactions: Step[][] = [];
    for (let lo = firstDoc; lo <= lastDoc; lo += perTransaction) {
      const hi = Math.min(lastDoc, lo + perTransaction - 1);
      const steps: Step[] = tables.map(({ sql, select }) => ({ sql, rows: select.all(lo, hi) as Row[] }));
      steps.push({
        sql: 'INSERT INTO search_autocomplete (rowid, tokens) VALUES (?, ?)',
        rows: (suggestions.all(lo, hi) as [number, string][]).map(([id, value]) => [id, indexTokens(value).join(' ')]),
      });
      steps.push({
        sql: 'INSERT INTO search_term_docs (term, docs) VALUES (?, ?) ON CONFLICT DO UPDATE SET docs = docs + excluded.docs',
        rows: termDocs.all(lo, hi) as Row[],
      });
      const facetCounts = new Map<number, number>();
      let docs = 0;
      let terms = 0;
      for (const [removed, facets, ranked] of documents.all(lo, hi) as [number, string, number][]) {
        docs++;
        terms += ranked;
        if (removed || facets === '') continue;
        for (const id of facets.split(',').map(Number)) facetCounts.set(id, (facetCounts.get(id) ?? 0) + 1);
      }
      const fresh = [...facetCounts].filter(([id]) => id > lastFacet).sort(([a], [b]) => a - b);
      steps.push({
        sql: 'INSERT INTO search_facet (id, entity, field, value, n) VALUES (?, ?, ?, ?, ?)',
        rows: fresh.map(([id, n]) => [...(facet.get(id) as Row), n]),
      });
      steps.push({
        sql: 'UPDATE search_facet SET n = n + ? WHERE id = ?',
        rows: [...facetCounts].filter(([id]) => id <= lastFacet).map(([id, n]) => [n, id]),
      });
      lastFacet = Math.max(lastFacet, ...fresh.map(([id]) => id));
      steps.push({ sql: 'UPDATE search_totals SET docs = docs + ?, terms = terms + ?', rows: [[docs, terms]] });
      transactions.push(steps);
    }
    return { entities: lastDoc - firstDoc + 1, transactions };
  } finally {
    db.close();
  }
}

/** The table a step writes (the name after INSERT INTO or UPDATE). */
function tableOf(sql: string): string {
  return /^(?:INSERT INTO|UPDATE) (\w+)/.exec(sql)?.[1] ?? sql;
}

/** Where a replay's time went: each table's statements, and the transactions' BEGIN and COMMIT, wall ms. */
export type ReplaySplit = Map<string, number>;

/** The share of a replay's time that is not a table's statements: BEGIN and COMMIT. */
export const COMMIT = 'BEGIN and COMMIT';

/**
 * Writes a captured load into `file` (a copy of the empty store), opened as the store opens its data
 * file; returns the time of the transactions alone, wall and CPU, in ms, and the wall time split by
 * table (each step timed whole, so the clock is read a few dozen times per transaction, not per row).
 */
export function replayLoad(load: BareLoad, file: string): { wallMs: number; cpuMs: number; split: ReplaySplit } {
  const db = openDatabase(file);
  try {
    const prepared = new Map<string, Statement>();
    const statement = (sql: string): Statement => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;
    const transactions = load.transactions.map((steps) =>
      steps.map(({ sql, rows }) => ({ statement: statement(sql), table: tableOf(sql), rows })),
    );
    const split: ReplaySplit = new Map();
    const write = db.transaction((steps: { statement: Statement; table: string; rows: Row[] }[]) => {
      for (const { statement, table, rows } of steps) {
        const started = performance.now();
        for (const row of rows) statement.run(row);
        split.set(table, (split.get(table) ?? 0) + performance.now() - started);
      }
    });
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const steps of transactions) write(steps);
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    let statementsMs = 0;
    for (const ms of split.values()) statementsMs += ms;
    split.set(COMMIT, wallMs - statementsMs);
    return { wallMs, cpuMs: (used.user + used.system) / 1000, split };
  } finally {
    db.close();
  }
}

/** Every table's number of rows, to check that a replay wrote what the load wrote. */
export function rowCounts(file: string): Map<string, number> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    return new Map(tables.map((t) => [t, db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]));
  } finally {
    db.close();
  }
}
