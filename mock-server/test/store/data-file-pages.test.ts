/**
 * A new data file is written in pages of 16 KiB (a read beyond the file's mapped part copies each
 * page with a system call; a large time series response reads a quarter as many); a file written
 * before in SQLite's default 4 KiB pages opens as it is, keeps its pages and answers the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { call, DATASET, digest, ingest, withServer } from '../http-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'data-file-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOUR = 3_600_000;
const points = { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile' };

const pageSizeOf = (file: string): number => {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.pragma('page_size', { simple: true }) as number;
  } finally {
    db.close();
  }
};

describe('the pages of a data file', () => {
  it('are 16 KiB in a new file, and a file of 4 KiB pages keeps them and answers the same', async () => {
    const data = join(dir, 'catalog.db');
    let answer = '';
    let entity = '';
    let before = '';
    await withServer({ data }, async (server) => {
      for (let i = 1; i <= 50; i++)
        await ingest(server, DATASET, 'datasetProfile', { timestampMillis: i * HOUR, rowCount: i });
      await ingest(server, DATASET, 'datasetProperties', { description: 'orders, one row per order' });
      answer = (await call(server, 'POST', '/aspects?action=getTimeseriesAspectValues', { body: points })).text;
      entity = (await call(server, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`)).text;
      before = await digest(server);
    });
    expect(pageSizeOf(data)).toBe(16384);

    // The same file as the mock wrote it before: SQLite's default pages (VACUUM changes them outside WAL).
    const file = new BetterSqlite3(data);
    file.pragma('journal_mode = DELETE');
    file.pragma('page_size = 4096');
    file.exec('VACUUM');
    file.close();
    expect(pageSizeOf(data)).toBe(4096);

    await withServer({ data }, async (server) => {
      expect(await digest(server)).toBe(before);
      expect((await call(server, 'POST', '/aspects?action=getTimeseriesAspectValues', { body: points })).text).toBe(
        answer,
      );
      expect((await call(server, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`)).text).toBe(entity);
      expect(
        (await ingest(server, DATASET, 'datasetProfile', { timestampMillis: 51 * HOUR, rowCount: 51 })).status,
      ).toBe(200);
      const newest = await call(server, 'POST', '/aspects?action=getTimeseriesAspectValues', {
        body: { ...points, limit: 1 },
      });
      expect(JSON.parse(newest.json.value.values[0].aspect.value).rowCount).toBe(51);
    });
    expect(pageSizeOf(data)).toBe(4096);
  });
});
