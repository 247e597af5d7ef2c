/**
 * getTimeseriesAspectValues writes an unfiltered answer from the stored texts (SQLite concatenates
 * the points) and a filtered one from the parsed points (JSON.stringify): the two must be the same
 * bytes for the same points, whatever the values hold, and the Content-Length must count those bytes.
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, serverForTests } from './http-harness.js';

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
});
