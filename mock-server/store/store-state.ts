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

/**
 * The start-up state kept as an undo log rather than a copy: temporary triggers save a row the first
 * time it changes after the mark (its old values, or that it did not exist), so marking costs
 * nothing however large the store is, and a reset touches only what changed since.
 */
class UndoLog {
  private readonly restore: Statement[];
  private readonly clear: Statement;
  private readonly touched: Statement<[], string>;

  constructor(db: Database, table: string) {
    const columns = (db.pragma(`main.table_info(${quoted(table)})`) as { name: string; pk: number }[]).map((c) => ({ name: quoted(c.name), pk: c.pk }));
    const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const all = columns.map((c) => c.name);
    const log = quoted(`startup_undo_${table}`);
    const same = (left: string, right: string) => key.map((k) => `${left}.${k} = ${right}.${k}`).join(' AND ');
    // Guarded by NOT EXISTS, not OR IGNORE: a trigger's statements take the conflict clause of the
    // statement that fired it, so an INSERT OR REPLACE would turn OR IGNORE into OR REPLACE.
    const unlogged = (ref: string) => `NOT EXISTS (SELECT 1 FROM ${log} AS logged WHERE ${same('logged', ref)})`;
    const saveOld = `INSERT INTO ${log} SELECT 1, ${all.map((c) => `OLD.${c}`).join(', ')} WHERE ${unlogged('OLD')};`;
    const markNew = `INSERT INTO ${log} (existed, ${key.join(', ')}) SELECT 0, ${key.map((k) => `NEW.${k}`).join(', ')} WHERE ${unlogged('NEW')};`;
    // Temporary: the log lives in the connection, never in the data file.
    db.exec(`
      CREATE TEMP TABLE IF NOT EXISTS ${log} (existed INTEGER NOT NULL, ${all.join(', ')}, PRIMARY KEY (${key.join(', ')}));
      CREATE TEMP TRIGGER IF NOT EXISTS ${quoted(`startup_undo_${table}_insert`)} BEFORE INSERT ON main.${quoted(table)} BEGIN
        INSERT INTO ${log} SELECT 1, * FROM main.${quoted(table)} AS stored WHERE ${same('stored', 'NEW')} AND ${unlogged('NEW')};
        ${markNew}
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS ${quoted(`startup_undo_${table}_update`)} BEFORE UPDATE ON main.${quoted(table)} BEGIN
        ${saveOld}
        ${markNew}
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS ${quoted(`startup_undo_${table}_delete`)} BEFORE DELETE ON main.${quoted(table)} BEGIN
        ${saveOld}
      END;
    `);
    // The triggers fire during the restore too, but every key they see is in the log already.
    this.restore = [
      db.prepare(`DELETE FROM main.${quoted(table)} WHERE (${key.join(', ')}) IN (SELECT ${key.join(', ')} FROM ${log})`),
      db.prepare(`INSERT INTO main.${quoted(table)} (${all.join(', ')}) SELECT ${all.join(', ')} FROM ${log} WHERE existed = 1`),
    ];
    this.clear = db.prepare(`DELETE FROM ${log}`);
    this.touched = db.prepare(`SELECT DISTINCT urn FROM ${log}`).pluck() as Statement<[], string>;
  }

  mark(): void {
    this.clear.run();
  }

  /** Puts back every changed row; the URNs whose rows changed. */
  undo(): string[] {
    const urns = this.touched.all();
    for (const statement of this.restore) statement.run();
    this.clear.run();
    return urns;
  }
}

export class StoreState {
  private readonly rowsOf: { table: string; rows: Statement<[], unknown[]> }[];
  private readonly undoLogs: UndoLog[];

  constructor(
    db: Database,
    private readonly derived: readonly DerivedIndex[],
  ) {
    const digested = [...PRIMARY_TABLES, ...derived.flatMap((index) => index.tables ?? [])];
    this.rowsOf = digested.map((table) => ({ table, rows: db.prepare(`SELECT * FROM ${quoted(table)}`).raw() as Statement<[], unknown[]> }));
    this.undoLogs = PRIMARY_TABLES.map((table) => new UndoLog(db, table));
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

  /** Makes the current primary and time series rows the start-up state. */
  markStartup(): void {
    for (const log of this.undoLogs) log.mark();
  }

  /**
   * Puts the start-up primary and time series rows back; returns the URNs whose rows changed, whose
   * derived rows the caller rebuilds.
   */
  restoreStartup(): string[] {
    return [...new Set(this.undoLogs.flatMap((log) => log.undo()))];
  }
}
