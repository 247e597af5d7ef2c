/**
 * getTimeseriesAspectValues writes an unfiltered answer from the stored texts (SQLite concatenates
 * each point's answer JSON, written with the point) and a filtered one from the parsed points
 * (JSON.stringify): the two must be the same bytes for the same points, whatever the values hold,
 * and the Content-Length must count those bytes; the request journal keeps the first 64 kB of a long
 * one, as of any answer. Data files written before points kept their answer
 * JSON open and answer the same bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, serverForTests, withServer } from './http-harness.js';

const HOUR = 3_600_000;
// Quotes, backslashes, control characters, line and paragraph separators, characters of two, three
// and four UTF-8 bytes: every way a value's text can need escaping or more than one byte.
const AWKWARD = ['a"b', 'back\\slash', 'tab\there\nnew line', '\u0001\u001f\u007f', '\u2028\u2029', 'ünïcödé ✓', '𝔘 emoji 🙂'];

describe('getTimeseriesAspectValues answer bytes', () => {
  const server = serverForTests();
  const everything = { or: [{ and: [{ field: 'rowCount', value: '-1', condition: 'GREATER_THAN' }] }] };
  const query = { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile' };

  it('are the same written from the stored texts and from the parsed points', async () => {
    for (let i = 0; i < AWKWARD.length; i++) {
      const value = { timestampMillis: (i + 1) * HOUR, rowCount: i, fieldProfiles: [{ fieldPath: AWKWARD[i], sampleValues: AWKWARD }] };
      expect((await ingest(server(), DATASET, 'datasetProfile', value)).status).toBe(200);
    }
    const ranges = [{}, { limit: 3 }, { startTimeMillis: 2 * HOUR, endTimeMillis: 5 * HOUR }, { latestValue: true }, { startTimeMillis: 100 * HOUR }];
    for (const range of ranges) {
      const stored = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', { body: { ...query, ...range } });
      const parsed = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', { body: { ...query, ...range, filter: everything } });
      expect(stored.status).toBe(200);
      expect(stored.text).toBe(parsed.text);
      expect(Number(stored.headers.get('content-length'))).toBe(Buffer.byteLength(stored.text));
    }
    const all = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', { body: query });
    expect(all.json.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).fieldProfiles[0].fieldPath)).toEqual([...AWKWARD].reverse());
  });

  it('are journaled as their first 64 kB, characters of every UTF-8 length cut as in any other answer', async () => {
    const urn = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,timeseries.journal,PROD)';
    const sampleValues = Array.from({ length: 40 }, (_, i) => `${AWKWARD[i % AWKWARD.length]} ${i}`);
    for (let i = 1; i <= 90; i++) await ingest(server(), urn, 'datasetProfile', { timestampMillis: i * HOUR, rowCount: i, fieldProfiles: [{ fieldPath: 'f', sampleValues }] });
    const answer = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', { body: { urn, entity: 'dataset', aspect: 'datasetProfile' } });
    expect(answer.text.length).toBeGreaterThan(64 * 1024);
    const { json } = await call(server(), 'GET', '/__mock/requests?operation=getTimeseriesAspectValues&limit=1');
    expect(json.requests[0].response.truncated).toBe(true);
    expect(json.requests[0].response.body).toBe(Buffer.from(answer.text.slice(0, 64 * 1024 + 1)).toString().slice(0, 64 * 1024));
  });
});

describe('getTimeseriesAspectValues on a data file of the older layout (no answer JSON column)', () => {
  it('opens it, answers its points with the same bytes and keeps taking new points', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'timeseries-layout-'));
    const data = join(dir, 'catalog.db');
    const query = { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile' };
    const read = (server: Parameters<typeof call>[0], body: object = query) => call(server, 'POST', '/aspects?action=getTimeseriesAspectValues', { body });
    try {
      let written = '';
      await withServer({ data }, async (server) => {
        for (let i = 0; i < AWKWARD.length; i++) {
          await ingest(server, DATASET, 'datasetProfile', { timestampMillis: (i + 1) * HOUR, rowCount: i + 1, fieldProfiles: [{ fieldPath: AWKWARD[i], sampleValues: AWKWARD }] });
        }
        written = (await read(server)).text;
      });
      const file = new BetterSqlite3(data);
      file.exec('ALTER TABLE timeseries DROP COLUMN answer_json');
      file.close();
      await withServer({ data }, async (server) => {
        expect((await read(server)).text).toBe(written);
        await ingest(server, DATASET, 'datasetProfile', { timestampMillis: 100 * HOUR, rowCount: 100 });
        const both = await read(server, { ...query, limit: 2 });
        const parsed = await read(server, { ...query, limit: 2, filter: { or: [{ and: [{ field: 'rowCount', value: '0', condition: 'GREATER_THAN' }] }] } });
        expect(both.json.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).rowCount)).toEqual([100, AWKWARD.length]);
        expect(both.text).toBe(parsed.text);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
