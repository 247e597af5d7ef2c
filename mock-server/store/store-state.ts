/**
 * The store's state as a whole: the snapshot digest that proves whether anything changed, and the
 * start-up state that reset() brings back.
 */
import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { DerivedIndex } from './types.js';

const PRIMARY_TABLES = ['aspects', 'timeseries'] as const;

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class StoreState {
  private readonly rowsOf: { table: string; rows: Statement<[], unknown[]> }[];
  private readonly save: Statement[];
  private readonly restore: Statement[];

  constructor(
    db: Database,
    private readonly derived: readonly DerivedIndex[],
  ) {
    const digested = [...PRIMARY_TABLES, ...derived.flatMap((index) => index.tables ?? [])];
    this.rowsOf = digested.map((table) => ({ table, rows: db.prepare(`SELECT * FROM ${quoted(table)}`).raw() as Statement<[], unknown[]> }));
    // The start-up copy lives in the connection's temporary schema, never in the data file.
    for (const table of PRIMARY_TABLES) db.exec(`CREATE TEMP TABLE IF NOT EXISTS startup_${table} AS SELECT * FROM main.${table} WHERE 0`);
    this.save = PRIMARY_TABLES.flatMap((table) => [
      db.prepare(`DELETE FROM temp.startup_${table}`),
      db.prepare(`INSERT INTO temp.startup_${table} SELECT * FROM main.${table}`),
    ]);
    this.restore = PRIMARY_TABLES.flatMap((table) => [
      db.prepare(`DELETE FROM main.${table}`),
      db.prepare(`INSERT INTO main.${table} SELECT * FROM temp.startup_${table}`),
    ]);
  }

  /** Counts per table and a sha256 over every row of the primary, time series and derived tables. */
  snapshot(): { tables: Record<string, number>; digest: string } {
    const hash = createHash('sha256');
    const tables: Record<string, number> = {};
    for (const { table, rows } of this.rowsOf) {
      // Rows sorted by their serialisation: the digest does not depend on insertion order, so a
      // rebuilt index has the digest of the index it replaced.
      const serialised = rows.all().map((row) => JSON.stringify(row)).sort();
      hash.update(`${table}\n`);
      for (const row of serialised) hash.update(`${row}\n`);
      if ((PRIMARY_TABLES as readonly string[]).includes(table)) tables[table] = serialised.length;
    }
    for (const index of this.derived) tables[index.name] = index.count();
    return { tables, digest: hash.digest('hex') };
  }

  /** Copies the primary and time series rows aside. */
  markStartup(): void {
    for (const statement of this.save) statement.run();
  }

  /** Puts the saved primary and time series rows back; derived indices are the caller's to rebuild. */
  restoreStartup(): void {
    for (const statement of this.restore) statement.run();
  }
}
