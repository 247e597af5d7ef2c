/**
 * The SQLite database of the store: opening it with the durability the mock promises, the DDL of
 * the primary and time series tables, and every statement of the read and write paths, prepared once.
 */
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';
import { adoptOlderTimeseriesLayout, TIMESERIES_DDL } from './timeseries-layout.js';

/**
 * Opens the store's database: a file when `source` is a path, an in-memory copy of a serialized
 * database when it is a buffer (never written anywhere), otherwise an empty one in memory.
 */
export function openDatabase(source?: string | Buffer): Database {
  if (Buffer.isBuffer(source)) return tempInMemory(new BetterSqlite3(source));
  const path = source;
  const db = new BetterSqlite3(path ?? ':memory:');
  if (path === undefined) tempInMemory(db);
  // The data file belongs to one server: an exclusive lock, held from the first statement on, spares
  // every read the file-lock system calls (a third of a read's time) and refuses a second server.
  db.pragma('locking_mode = EXCLUSIVE');
  // A new data file's pages are 16 KiB, not SQLite's 4: a read beyond the file's mapped part copies
  // each page with a system call, and a 10,000-point time series response (10 MB of rows) spent half
  // its time in the calls for 2,400 pages. A file written before keeps its page size.
  if (path !== undefined) db.pragma('page_size = 16384');
  // WAL with synchronous=NORMAL: a committed (acknowledged) write survives the process being killed;
  // only a power loss may lose the last commits, which the mock does not promise to survive.
  try {
    db.pragma('journal_mode = WAL');
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY')
      throw new Error(`${path} is in use by another process (a data file serves one mock server at a time)`);
    throw error;
  }
  db.pragma('synchronous = NORMAL');
  // Reads of a large data file go through the operating system's page cache instead of being copied
  // into SQLite's own; bounded, since mapped pages a query touched count in the server's resident memory.
  db.pragma('mmap_size = 268435456');
  db.exec(`
    CREATE TABLE IF NOT EXISTS aspects (
      urn TEXT NOT NULL,
      aspect TEXT NOT NULL,
      version INTEGER NOT NULL,
      entity TEXT NOT NULL,
      value TEXT NOT NULL,
      created_time INTEGER NOT NULL,
      created_actor TEXT NOT NULL,
      system_metadata TEXT,
      PRIMARY KEY (urn, aspect, version)
    ) WITHOUT ROWID;
    -- The one query by entity (the metadata tests' selection) asks for latest rows: an index of
    -- version 0 only, so that moving an old value to a new version (every changed write) updates no
    -- index. The full indices of earlier data files are dropped.
    DROP INDEX IF EXISTS aspects_by_aspect;
    DROP INDEX IF EXISTS aspects_by_entity;
    CREATE INDEX IF NOT EXISTS latest_aspects_by_entity ON aspects (entity, aspect, urn) WHERE version = 0;
    -- An entity's latest rows without reading its history: by the primary key they are found only by
    -- reading every version of every aspect (a dataset written 1,000 times, 1,000 rows to read). An
    -- aspect's new version does not touch it (the rows of version 0 are updated in place, keys unchanged).
    CREATE INDEX IF NOT EXISTS latest_aspects_by_urn ON aspects (urn, aspect) WHERE version = 0;
    ${TIMESERIES_DDL}
  `);
  adoptOlderTimeseriesLayout(db);
  return db;
}

/**
 * A database in memory keeps its temporary tables (the start-up undo logs) in memory too: in a
 * temporary file, every write of an aspect, whose undo trigger opens the temporary database, paid
 * for a second journal (2 to 5% of a single write's CPU). A data file keeps them in a temporary
 * file, so that loading a million entities or rewriting every stored one does not hold the undo log
 * in the server's memory.
 */
function tempInMemory(db: Database): Database {
  db.pragma('temp_store = MEMORY');
  return db;
}

/** A row of the primary table as SQLite returns it. */
export interface AspectRow {
  urn: string;
  aspect: string;
  version: number;
  entity: string;
  value: string;
  created_time: number;
  created_actor: string;
  system_metadata: string | null;
}

/** An aspects row as an array, its columns in AspectRow's order. */
export type AspectTuple = [
  urn: string,
  aspect: string,
  version: number,
  entity: string,
  value: string,
  created_time: number,
  created_actor: string,
  system_metadata: string | null,
];

export function aspectRowOf([
  urn,
  aspect,
  version,
  entity,
  value,
  created_time,
  created_actor,
  system_metadata,
]: AspectTuple): AspectRow {
  return { urn, aspect, version, entity, value, created_time, created_actor, system_metadata };
}

/** A row of the time series table as SQLite returns it. */
export interface TimeseriesRow {
  urn: string;
  aspect: string;
  timestamp_millis: number;
  entity: string;
  byte_size: number;
  /** The point as getTimeseriesAspectValues answers it (timeseries-layout.ts). */
  answer_json: string;
}

/** A point read back: its value's JSON text and its system metadata's, out of its response JSON. */
export type TimeseriesPointRow = Pick<TimeseriesRow, 'timestamp_millis' | 'entity'> & {
  value: string;
  system_metadata: string | null;
};

/** Filters of restoreIndices' row selection; NULL leaves a filter out, a negative limit means no limit. */
export interface LatestRowsSelection {
  urn: string | null;
  aspect: string | null;
  urnLike: string | null;
  limit: number;
  offset: number;
}

/** What a versioned write reads of the latest row, as an array: its columns a copy needs and the highest version. */
export type LatestForWrite = [
  value: string,
  systemMetadata: string | null,
  maxVersion: number,
  entity: string,
  createdTime: number,
  createdActor: string,
];

/** The columns of a primary row in table order, bound positionally (named parameters cost a property lookup each). */
export type AspectColumns = [
  urn: string,
  aspect: string,
  version: number,
  entity: string,
  value: string,
  createdTime: number,
  createdActor: string,
  systemMetadata: string | null,
];

/** The columns of a time series row in table order. */
export type PointColumns = [
  urn: string,
  aspect: string,
  timestampMillis: number,
  entity: string,
  byteSize: number,
  answerJson: string,
];

export type PrimaryStatements = ReturnType<typeof prepareStatements>;

export function prepareStatements(db: Database) {
  return {
    aspectRow: db.prepare('SELECT * FROM aspects WHERE urn = ? AND aspect = ? AND version = ?') as Statement<
      [string, string, number],
      AspectRow
    >,
    /** The latest rows of an entity as arrays (aspectRowOf): better-sqlite3 makes an array of a row faster than an object (entity reads). */
    latestRows: db
      .prepare(
        'SELECT urn, aspect, version, entity, value, created_time, created_actor, system_metadata FROM aspects INDEXED BY latest_aspects_by_urn WHERE urn = ? AND version = 0 ORDER BY aspect',
      )
      .raw() as Statement<[string], AspectTuple>,
    /** Every version of every aspect of an entity, each aspect's newest first (0, then the highest number down to 1). */
    historyRows: db.prepare(
      'SELECT * FROM aspects WHERE urn = ? ORDER BY aspect, version = 0 DESC, version DESC',
    ) as Statement<[string], AspectRow>,
    /** The names of an entity's latest aspects, from the index alone, for the derived indices. */
    latestAspectNames: db
      .prepare(
        'SELECT aspect FROM aspects INDEXED BY latest_aspects_by_urn WHERE urn = ? AND version = 0 ORDER BY aspect',
      )
      .pluck() as Statement<[string], string>,
    /** The latest rows of one aspect across every entity, by URN (the few entities a deployment lists whole: policies, roles, secrets). */
    latestOfAspect: db.prepare(
      'SELECT * FROM aspects INDEXED BY latest_aspects_by_entity WHERE entity = ? AND aspect = ? AND version = 0 ORDER BY urn',
    ) as Statement<[string, string], AspectRow>,
    /** The latest value of one aspect. */
    latestValue: db
      .prepare('SELECT value FROM aspects WHERE urn = ? AND aspect = ? AND version = 0')
      .pluck() as Statement<[string, string], string>,
    /**
     * The latest write of an aspect: its system metadata's lastObserved and its actor (the time and the
     * actor a relationship's edge takes when its aspect gives none).
     */
    latestWrite: db
      .prepare(
        `SELECT json_extract(system_metadata, '$.lastObserved'), created_actor FROM aspects WHERE urn = ? AND aspect = ? AND version = 0`,
      )
      .raw() as Statement<[string, string], [lastObserved: number | null, actor: string]>,
    /** The latest row and the highest version of an aspect in one step (urn and aspect bound twice). */
    latestForWrite: db
      .prepare(
        `SELECT value, system_metadata, (SELECT MAX(version) FROM aspects WHERE urn = ? AND aspect = ?), entity, created_time, created_actor
         FROM aspects WHERE urn = ? AND aspect = ? AND version = 0`,
      )
      .raw() as Statement<[string, string, string, string], LatestForWrite>,
    anyAspect: db.prepare('SELECT 1 FROM aspects WHERE urn = ? LIMIT 1').pluck() as Statement<[string], number>,
    anotherAspect: db.prepare('SELECT 1 FROM aspects WHERE urn = ? AND aspect <> ? LIMIT 1').pluck() as Statement<
      [string, string],
      number
    >,
    insertAspect: db.prepare(
      `INSERT INTO aspects (urn, aspect, version, entity, value, created_time, created_actor, system_metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ) as Statement<AspectColumns, void>,
    updateLatest: db.prepare(
      `UPDATE aspects SET value = ?, created_time = ?, created_actor = ?, system_metadata = ? WHERE urn = ? AND aspect = ? AND version = 0`,
    ) as Statement<
      [value: string, createdTime: number, createdActor: string, systemMetadata: string, urn: string, aspect: string],
      void
    >,
    updateLatestSystemMetadata: db.prepare(
      'UPDATE aspects SET system_metadata = ? WHERE urn = ? AND aspect = ? AND version = 0',
    ) as Statement<[string, string, string], void>,
    deleteAspect: db.prepare('DELETE FROM aspects WHERE urn = ? AND aspect = ?') as Statement<[string, string], void>,
    deleteAll: db.prepare('DELETE FROM aspects') as Statement<[], void>,
    deleteAllPoints: db.prepare('DELETE FROM timeseries') as Statement<[], void>,
    deleteEntityAspects: db.prepare('DELETE FROM aspects WHERE urn = ?') as Statement<[string], void>,
    upsertPoint: db.prepare(
      `INSERT OR REPLACE INTO timeseries (urn, aspect, timestamp_millis, entity, byte_size, answer_json) VALUES (?, ?, ?, ?, ?, ?)`,
    ) as Statement<PointColumns, void>,
    pointsInRange: db.prepare(
      // urn and aspect are the query's own: not read back for each of up to 10,000 rows.
      `SELECT timestamp_millis, entity, json_extract(answer_json, '$.aspect.value') AS value, json_extract(answer_json, '$.systemMetadata') AS system_metadata
       FROM timeseries
       WHERE urn = ? AND aspect = ? AND timestamp_millis BETWEEN ? AND ?
       ORDER BY timestamp_millis DESC LIMIT ?`,
    ) as Statement<[string, string, number, number, number], TimeseriesPointRow>,
    /**
     * The same points, at most `limit` of the newest in the range, as the items of a JSON array of
     * enveloped aspects ({aspect: {value, contentType}, systemMetadata}, separated by commas, without
     * the brackets), with the oldest one's timestamp and their count: a response reads its range in
     * batches of a few hundred points, each batch's end the next one's start. Concatenated by SQLite
     * from each point's response JSON, written with the point (a 10,000-point response built from row
     * objects spent half its time making them and serialising them again; quoting each value here,
     * another third of the statement). The inner query keeps the newest-first order of its key
     * range scan (its LIMIT keeps it a co-routine that the aggregate reads row by row); an ORDER BY
     * inside group_concat sorted the whole response again in a temporary B-tree. A batch comes back as
     * a JavaScript string of about 90 kB, young garbage of the heap once written into the response's
     * buffer (response-buffers.ts); the whole range as one BLOB was a fresh buffer outside the heap per
     * response. NULL, null and 0 for a range without points.
     */
    pointsJsonBatch: db
      .prepare(
        `SELECT group_concat(answer_json, ','), min(timestamp_millis), count(*)
         FROM (SELECT answer_json, timestamp_millis
               FROM timeseries
               WHERE urn = ? AND aspect = ? AND timestamp_millis BETWEEN ? AND ?
               ORDER BY timestamp_millis DESC LIMIT ?)`,
      )
      .raw() as Statement<
      [urn: string, aspect: string, start: number, end: number, limit: number],
      [items: string | null, oldest: number | null, count: number]
    >,
    /** The value of an aspect's newest point (the end of its key range), for the derived indices. */
    newestPointValue: db
      .prepare(
        `SELECT json_extract(answer_json, '$.aspect.value') FROM timeseries WHERE urn = ? AND aspect = ? ORDER BY timestamp_millis DESC LIMIT 1`,
      )
      .pluck() as Statement<[string, string], string>,
    deletePoints: db.prepare('DELETE FROM timeseries WHERE urn = ? AND aspect = ?') as Statement<
      [string, string],
      void
    >,
    deleteEntityPoints: db.prepare('DELETE FROM timeseries WHERE urn = ?') as Statement<[string], void>,
    /** Latest rows selected for restoreIndices, in a stable order; every filter is optional (NULL). */
    latestRowsPage: db.prepare(
      `SELECT urn, aspect, entity FROM aspects
       WHERE version = 0 AND (@urn IS NULL OR urn = @urn) AND (@aspect IS NULL OR aspect = @aspect) AND (@urnLike IS NULL OR urn LIKE @urnLike)
       ORDER BY urn, aspect LIMIT @limit OFFSET @offset`,
    ) as Statement<[LatestRowsSelection], { urn: string; aspect: string; entity: string }>,
  };
}
