/**
 * The store's state as a whole: the snapshot digest that proves whether anything changed, and the
 * start-up state that reset() brings back.
 */
import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { quoted } from './sql-name.js';
import { GroupUndoLog, RowUndoLog, type UndoLog } from './startup-undo.js';
import type { DerivedIndex } from './types.js';

const PRIMARY_TABLES = ['aspects', 'timeseries'] as const;

export class StoreState {
  private readonly rowsOf: { table: string; rows: Statement<[], unknown[]> }[];
  private readonly undoLogs: UndoLog[];

  constructor(
    db: Database,
    private readonly derived: readonly DerivedIndex[],
  ) {
    const digested = [...PRIMARY_TABLES, ...derived.flatMap((index) => index.tables ?? [])];
    this.rowsOf = digested.map((table) => ({
      table,
      rows: db.prepare(`SELECT * FROM ${quoted(table)}`).raw() as Statement<[], unknown[]>,
    }));
    this.undoLogs = [new GroupUndoLog(db, 'aspects', ['urn']), new RowUndoLog(db, 'timeseries')];
  }

  /** Counts per table and a sha256 over every row of the primary, time series and derived tables. */
  snapshot(): { tables: Record<string, number>; digest: string } {
    const hash = createHash('sha256');
    const tables: Record<string, number> = {};
    for (const { table, rows } of this.rowsOf) {
      // Rows sorted by their serialisation: the digest does not depend on insertion order, so a
      // rebuilt index has the digest of the index it replaced.
      const serialised = rows
        .all()
        .map((row) => JSON.stringify(row))
        .sort();
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
