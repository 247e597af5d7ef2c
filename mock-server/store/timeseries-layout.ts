/**
 * The time series table: each point kept as getTimeseriesAspectValues answers it, and the table of
 * data files written before in the current layout.
 */
import type { Database } from 'better-sqlite3';

/**
 * A point's row holds its key, its entity (the truncation's index), the byte size of its value
 * (getIndexSizes) and its response JSON (`answer_json`), `{"aspect":{"value":"<the value's JSON as a string>",
 * "contentType":"application/json"},"systemMetadata":{...}}`; the value and the system metadata are
 * read out of it. A 10,000-point response reads 10,000 rows in key order: rows that also held the value
 * and the system metadata apart were 1.6 times as large, and reading them took a quarter longer.
 */
export const TIMESERIES_DDL = `
  CREATE TABLE IF NOT EXISTS timeseries (
    urn TEXT NOT NULL,
    aspect TEXT NOT NULL,
    timestamp_millis INTEGER NOT NULL,
    entity TEXT NOT NULL,
    byte_size INTEGER NOT NULL,
    answer_json TEXT NOT NULL,
    PRIMARY KEY (urn, aspect, timestamp_millis)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS timeseries_by_aspect ON timeseries (entity, aspect, timestamp_millis);
`;

/**
 * A data file of an older layout kept each point's value and system metadata in columns of their
 * own, and, from the second layout on, its response JSON beside them (null for the points written
 * before). Its table is rewritten once, at open, in the current layout: a point without response JSON
 * gets the JSON its responses were made of (the value quoted as a JSON string, the system metadata as
 * stored, left out when there was none), so that every response keeps its bytes.
 */
export function adoptOlderTimeseriesLayout(db: Database): void {
  const columns = new Set(db.prepare(`SELECT name FROM pragma_table_info('timeseries')`).pluck().all());
  if (!columns.has('value')) return;
  const made = `'{"aspect":{"value":' || json_quote(value) || ',"contentType":"application/json"}' || coalesce(',"systemMetadata":' || system_metadata, '') || '}'`;
  const answer = columns.has('answer_json') ? `coalesce(answer_json, ${made})` : made;
  db.transaction(() => {
    db.exec(`
      DROP INDEX IF EXISTS timeseries_by_aspect;
      ALTER TABLE timeseries RENAME TO timeseries_older_layout;
      ${TIMESERIES_DDL}
      INSERT INTO timeseries (urn, aspect, timestamp_millis, entity, byte_size, answer_json)
        SELECT urn, aspect, timestamp_millis, entity, byte_size, ${answer} FROM timeseries_older_layout ORDER BY urn, aspect, timestamp_millis;
      DROP TABLE timeseries_older_layout;
    `);
  })();
}
