/**
 * The start-up state kept as undo logs rather than a copy: temporary triggers save what a change
 * overwrites, the first time it does, so marking costs nothing however large the store is and a
 * reset touches only what changed since. The logs are TEMP tables: they live in the connection and
 * are never written into the data file.
 *
 * Two granularities, because the two tables are written differently:
 * - versioned aspects are logged per entity (urn): the first change of any of its aspects since the
 *   mark copies the entity's rows (every aspect, all versions) and records the urn; every later change
 *   of it costs one lookup in the small table of touched urns. A write makes a new version key every
 *   time, so a per-row log paid a lookup and a log row for each write, forever; per (urn, aspect), a
 *   new entity's seven aspects paid seven copies and records (5% of a bulk load); the price is copying
 *   an entity's history once, which is small (a version per changed value).
 * - time series are logged per row, because one aspect of one entity may hold a million points and
 *   adding a point must not copy them. The log is append-only (no key, no uniqueness check): deleting
 *   a point appends it, inserting a new one appends its key, and a reset takes the first entry of each
 *   key. That keeps a truncation's batched deletes at one append per row instead of a lookup plus an
 *   indexed insert; the price is that a point rewritten again and again is logged again and again.
 */
import type { Database, Statement } from 'better-sqlite3';
import { quoted } from './sql-name.js';

export interface UndoLog {
  /** Forgets every change: the current rows are the start-up rows. */
  mark(): void;
  /** Puts back every row changed since the mark; the URNs whose rows changed. */
  undo(): string[];
}

function columnsOf(db: Database, table: string): { name: string; pk: number }[] {
  return (db.pragma(`main.table_info(${quoted(table)})`) as { name: string; pk: number }[]).map((c) => ({
    name: quoted(c.name),
    pk: c.pk,
  }));
}

const equal = (columns: string[], left: string, right: string) =>
  columns.map((c) => `${left}.${c} = ${right}.${c}`).join(' AND ');

/** Logs a table per group of rows (the rows sharing the values of `group`, which starts with urn). */
export class GroupUndoLog implements UndoLog {
  private readonly restore: Statement[];
  private readonly clear: Statement[];
  private readonly touched: Statement<[], string>;

  constructor(db: Database, table: string, group: readonly string[]) {
    const target = `main.${quoted(table)}`;
    const columns = group.map(quoted);
    const log = quoted(`startup_undo_${table}`);
    const touchedGroups = quoted(`startup_touched_${table}`);
    const saveGroup = (ref: 'NEW' | 'OLD') => `
      WHEN NOT EXISTS (SELECT 1 FROM ${touchedGroups} AS touched WHERE ${equal(columns, 'touched', ref)}) BEGIN
        INSERT INTO ${log} SELECT * FROM ${target} AS stored WHERE ${equal(columns, 'stored', ref)};
        INSERT INTO ${touchedGroups} VALUES (${columns.map((c) => `${ref}.${c}`).join(', ')});
      END;`;
    const trigger = (event: string) => quoted(`startup_undo_${table}_${event}`);
    db.exec(`
      CREATE TEMP TABLE IF NOT EXISTS ${log} AS SELECT * FROM ${target} WHERE 0;
      CREATE TEMP TABLE IF NOT EXISTS ${touchedGroups} (${columns.join(', ')}, PRIMARY KEY (${columns.join(', ')})) WITHOUT ROWID;
      CREATE TEMP TRIGGER IF NOT EXISTS ${trigger('insert')} BEFORE INSERT ON ${target} ${saveGroup('NEW')}
      CREATE TEMP TRIGGER IF NOT EXISTS ${trigger('update')} BEFORE UPDATE ON ${target} ${saveGroup('OLD')}
      CREATE TEMP TRIGGER IF NOT EXISTS ${trigger('regroup')} BEFORE UPDATE OF ${columns.join(', ')} ON ${target} ${saveGroup('NEW')}
      CREATE TEMP TRIGGER IF NOT EXISTS ${trigger('delete')} BEFORE DELETE ON ${target} ${saveGroup('OLD')}
    `);
    // The triggers fire during the restore too, but every group they see is touched already.
    this.restore = [
      db.prepare(
        `DELETE FROM ${target} WHERE (${columns.join(', ')}) IN (SELECT ${columns.join(', ')} FROM ${touchedGroups})`,
      ),
      db.prepare(`INSERT INTO ${target} SELECT * FROM ${log}`),
    ];
    this.clear = [db.prepare(`DELETE FROM ${log}`), db.prepare(`DELETE FROM ${touchedGroups}`)];
    this.touched = db.prepare(`SELECT DISTINCT urn FROM ${touchedGroups}`).pluck() as Statement<[], string>;
  }

  mark(): void {
    for (const statement of this.clear) statement.run();
  }

  undo(): string[] {
    const urns = this.touched.all();
    for (const statement of this.restore) statement.run();
    this.mark();
    return urns;
  }
}

/** Logs a table per row (by its primary key), in an append-only log whose first entry per key wins. */
export class RowUndoLog implements UndoLog {
  private readonly restore: Statement[];
  private readonly clear: Statement;
  private readonly touched: Statement<[], string>;

  constructor(db: Database, table: string) {
    const target = `main.${quoted(table)}`;
    const columns = columnsOf(db, table);
    const key = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const all = columns.map((c) => c.name);
    const log = quoted(`startup_undo_${table}`);
    const trigger = (event: string) => quoted(`startup_undo_${table}_${event}`);
    const saveOld = `INSERT INTO ${log} (existed, ${all.join(', ')}) VALUES (1, ${all.map((c) => `OLD.${c}`).join(', ')});`;
    // A key that is new: logged as absent. A key that is taken is replaced (REPLACE) or refused; a
    // replaced row is saved by the delete trigger, which REPLACE fires with recursive triggers on.
    const markNew = `INSERT INTO ${log} (existed, ${key.join(', ')}) SELECT 0, ${key.map((k) => `NEW.${k}`).join(', ')}
      WHERE NOT EXISTS (SELECT 1 FROM ${target} AS stored WHERE ${equal(key, 'stored', 'NEW')});`;
    db.pragma('recursive_triggers = ON');
    db.exec(`
      CREATE TEMP TABLE IF NOT EXISTS ${log} (existed INTEGER NOT NULL, ${all.join(', ')});
      CREATE TEMP TRIGGER IF NOT EXISTS ${trigger('insert')} BEFORE INSERT ON ${target} BEGIN ${markNew} END;
      CREATE TEMP TRIGGER IF NOT EXISTS ${trigger('update')} BEFORE UPDATE ON ${target} BEGIN ${saveOld} ${markNew} END;
      CREATE TEMP TRIGGER IF NOT EXISTS ${trigger('delete')} BEFORE DELETE ON ${target} BEGIN ${saveOld} END;
    `);
    // The triggers log the restore's own deletes and inserts after every entry it reads (the first
    // entries are chosen before it writes); the log is cleared right after.
    const firstEntries = `SELECT MIN(rowid) FROM ${log} GROUP BY ${key.join(', ')}`;
    this.restore = [
      db.prepare(`DELETE FROM ${target} WHERE (${key.join(', ')}) IN (SELECT ${key.join(', ')} FROM ${log})`),
      db.prepare(
        `INSERT INTO ${target} (${all.join(', ')}) SELECT ${all.join(', ')} FROM ${log} WHERE rowid IN (${firstEntries}) AND existed = 1`,
      ),
    ];
    this.clear = db.prepare(`DELETE FROM ${log}`);
    this.touched = db.prepare(`SELECT DISTINCT urn FROM ${log}`).pluck() as Statement<[], string>;
  }

  mark(): void {
    this.clear.run();
  }

  undo(): string[] {
    const urns = this.touched.all();
    for (const statement of this.restore) statement.run();
    this.clear.run();
    return urns;
  }
}
