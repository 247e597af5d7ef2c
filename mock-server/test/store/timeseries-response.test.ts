/**
 * getTimeseriesAspectValues writes an unfiltered response from the stored texts (SQLite concatenates
 * each point's response JSON, written with the point, a batch of points at a time, into a buffer lent
 * to the response and reused by later ones once it has been sent) and a filtered one from the parsed
 * points (JSON.stringify): the two must be the same bytes for the same points, whatever the values
 * hold and wherever a batch ends, and the Content-Length must count those bytes; responses in flight
 * together, or after one abandoned by its client, are each their own; the request journal keeps the
 * first 64 kB of a long one, as of any response. Data files of the older layouts (value and system
 * metadata in columns of their own) open in the current one and answer the same bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, proposal, serverForTests, withServer } from '../http-harness.js';

const HOUR = 3_600_000;
// Quotes, backslashes, control characters, line and paragraph separators, characters of two, three
// and four UTF-8 bytes: every way a value's text can need escaping or more than one byte.
const AWKWARD = [
  'a"b',
  'back\\slash',
  'tab\there\nnew line',
  '\u0001\u001f\u007f',
  '\u2028\u2029',
  'ünïcödé ✓',
  '𝔘 emoji 🙂',
];

describe('getTimeseriesAspectValues response bytes', () => {
  const server = serverForTests();
  const everything = { or: [{ and: [{ field: 'rowCount', value: '-1', condition: 'GREATER_THAN' }] }] };
  const query = { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile' };

  it('are the same written from the stored texts and from the parsed points', async () => {
    for (let i = 0; i < AWKWARD.length; i++) {
      const value = {
        timestampMillis: (i + 1) * HOUR,
        rowCount: i,
        fieldProfiles: [{ fieldPath: AWKWARD[i], sampleValues: AWKWARD }],
      };
      expect((await ingest(server(), DATASET, 'datasetProfile', value)).status).toBe(200);
    }
    const ranges = [
      {},
      { limit: 3 },
      { startTimeMillis: 2 * HOUR, endTimeMillis: 5 * HOUR },
      { latestValue: true },
      { startTimeMillis: 100 * HOUR },
    ];
    for (const range of ranges) {
      const stored = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', {
        body: { ...query, ...range },
      });
      const parsed = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', {
        body: { ...query, ...range, filter: everything },
      });
      expect(stored.status).toBe(200);
      expect(stored.text).toBe(parsed.text);
      expect(Number(stored.headers.get('content-length'))).toBe(Buffer.byteLength(stored.text));
    }
    const all = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', { body: query });
    expect(
      all.json.value.values.map(
        (v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).fieldProfiles[0].fieldPath,
      ),
    ).toEqual([...AWKWARD].reverse());
  });

  it('are journaled as their first 64 kB, characters of every UTF-8 length cut as in any other response', async () => {
    const urn = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,timeseries.journal,PROD)';
    const sampleValues = Array.from({ length: 40 }, (_, i) => `${AWKWARD[i % AWKWARD.length]} ${i}`);
    for (let i = 1; i <= 90; i++)
      await ingest(server(), urn, 'datasetProfile', {
        timestampMillis: i * HOUR,
        rowCount: i,
        fieldProfiles: [{ fieldPath: 'f', sampleValues }],
      });
    const answer = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', {
      body: { urn, entity: 'dataset', aspect: 'datasetProfile' },
    });
    expect(answer.text.length).toBeGreaterThan(64 * 1024);
    const { json } = await call(server(), 'GET', '/__mock/requests?operation=getTimeseriesAspectValues&limit=1');
    expect(json.requests[0].response.truncated).toBe(true);
    expect(json.requests[0].response.body).toBe(
      Buffer.from(answer.text.slice(0, 64 * 1024 + 1))
        .toString()
        .slice(0, 64 * 1024),
    );
  });
});

describe('getTimeseriesAspectValues responses of several batches, in buffers reused from response to response', () => {
  const server = serverForTests();
  const everything = { or: [{ and: [{ field: 'rowCount', value: '-1', condition: 'GREATER_THAN' }] }] };
  const urnOf = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,timeseries.${name},PROD)`;
  const read = (urn: string, range: object = {}) =>
    call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', {
      body: { urn, entity: 'dataset', aspect: 'datasetProfile', ...range },
    });
  const rowCounts = (reply: Awaited<ReturnType<typeof read>>) =>
    reply.json.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).rowCount);
  /** `points` points one hour apart, each holding every awkward text and about half a kilobyte. */
  async function store(urn: string, points: number): Promise<void> {
    const proposals = Array.from(
      { length: points },
      (_, i) =>
        proposal(urn, 'datasetProfile', {
          timestampMillis: (i + 1) * HOUR,
          rowCount: i + 1,
          fieldProfiles: [{ fieldPath: `${AWKWARD[i % AWKWARD.length]} ${urn}`, sampleValues: AWKWARD }],
        }).proposal,
    );
    const reply = await call(server(), 'POST', '/aspects?action=ingestProposalBatch', { body: { proposals } });
    expect(reply.status).toBe(200);
  }

  it('are the same bytes as the parsed points wherever a batch ends', async () => {
    const urn = urnOf('batches');
    await store(urn, 600);
    const newest = (n: number, from = 600) => Array.from({ length: n }, (_, i) => from - i);
    const ranges: [object, number[]][] = [
      [{}, newest(600)],
      [{ limit: 255 }, newest(255)],
      [{ limit: 256 }, newest(256)],
      [{ limit: 257 }, newest(257)],
      [{ limit: 512 }, newest(512)],
      [{ limit: 513 }, newest(513)],
      [{ startTimeMillis: 44 * HOUR, endTimeMillis: 556 * HOUR }, newest(513, 556)],
      [{ startTimeMillis: 345 * HOUR }, newest(256)],
      [{ endTimeMillis: 256 * HOUR, limit: 300 }, newest(256, 256)],
      [{ startTimeMillis: 601 * HOUR }, []],
    ];
    for (const [range, expected] of ranges) {
      const stored = await read(urn, range);
      const parsed = await read(urn, { ...range, filter: everything });
      expect(stored.status).toBe(200);
      expect(rowCounts(stored)).toEqual(expected);
      expect(stored.text).toBe(parsed.text);
      expect(Number(stored.headers.get('content-length'))).toBe(Buffer.byteLength(stored.text));
    }
  });

  it('are each their own while many are in flight, after one its client abandoned, and in the journal', async () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => urnOf(`lent.${name}`)) as [string, string, string, string];
    const urns = [a, b, c, d];
    for (const [i, urn] of urns.entries()) await store(urn, 200 + 150 * i);
    const alone = await Promise.all(urns.map((urn) => read(urn).then((reply) => reply.text)));
    const responseOf = new Map(urns.map((urn, i) => [urn, alone[i] as string]));
    expect(alone.map((text) => JSON.parse(text).value.values.length)).toEqual([200, 350, 500, 650]);
    // Abandoned once its head has arrived, most of its body still to send.
    const abandoned = new AbortController();
    const response = await fetch(`${server().url}/aspects?action=getTimeseriesAspectValues`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ urn: d, entity: 'dataset', aspect: 'datasetProfile' }),
      signal: abandoned.signal,
    });
    expect(response.status).toBe(200);
    abandoned.abort();
    for (let round = 0; round < 3; round++) {
      const together = await Promise.all([...urns, ...urns].map((urn) => read(urn)));
      expect(together.map((reply) => reply.text)).toEqual([...alone, ...alone]);
    }
    const sequence = [d, a, c, b];
    for (const urn of sequence) await read(urn);
    const { json } = await call(
      server(),
      'GET',
      `/__mock/requests?operation=getTimeseriesAspectValues&limit=${sequence.length}`,
    );
    const journaled = (json.requests as { response: { body: string } }[]).map((entry) => entry.response.body);
    const kept = (text: string) =>
      Buffer.from(text.slice(0, 64 * 1024 + 1))
        .toString()
        .slice(0, 64 * 1024);
    const expected = sequence.map((urn) => kept(responseOf.get(urn) as string));
    expect(journaled).toEqual(expected);
  });
});

// The time series table as the two layouts before this one wrote it: the value and the system
// metadata in columns of their own, and from the second on the response JSON beside them, null for
// points written before it.
const OLDER_LAYOUTS = [
  { layout: 'first (no response JSON)', answerJson: false },
  { layout: 'second (response JSON of some points)', answerJson: true },
];

/** Rewrites a data file's time series table in an older layout, its rows out of the current ones. */
function toOlderLayout(data: string, answerJson: boolean): void {
  const file = new BetterSqlite3(data);
  const rows = file
    .prepare(
      'SELECT urn, aspect, timestamp_millis, entity, byte_size, answer_json FROM timeseries ORDER BY timestamp_millis',
    )
    .all() as {
    urn: string;
    aspect: string;
    timestamp_millis: number;
    entity: string;
    byte_size: number;
    answer_json: string;
  }[];
  file.exec(`DROP TABLE timeseries;
    CREATE TABLE timeseries (urn TEXT NOT NULL, aspect TEXT NOT NULL, timestamp_millis INTEGER NOT NULL, entity TEXT NOT NULL, value TEXT NOT NULL,
      system_metadata TEXT, byte_size INTEGER NOT NULL${answerJson ? ', answer_json TEXT' : ''}, PRIMARY KEY (urn, aspect, timestamp_millis)) WITHOUT ROWID;
    CREATE INDEX timeseries_by_aspect ON timeseries (entity, aspect, timestamp_millis);`);
  const insert = file.prepare(`INSERT INTO timeseries VALUES (?, ?, ?, ?, ?, ?, ?${answerJson ? ', ?' : ''})`);
  rows.forEach((row, i) => {
    const point = JSON.parse(row.answer_json) as { aspect: { value: string }; systemMetadata?: unknown };
    // The first point without system metadata, as a point of the first layout's time could be.
    const systemMetadata = i === 0 ? null : JSON.stringify(point.systemMetadata);
    const older = [
      row.urn,
      row.aspect,
      row.timestamp_millis,
      row.entity,
      point.aspect.value,
      systemMetadata,
      row.byte_size,
    ];
    insert.run(...older, ...(answerJson ? [i % 2 === 0 ? null : row.answer_json] : []));
  });
  file.close();
}

describe('getTimeseriesAspectValues on a data file of an older layout', () => {
  it.each(OLDER_LAYOUTS)(
    'the $layout: opens it, answers its points with the same bytes and keeps taking new points',
    async ({ answerJson }) => {
      const dir = mkdtempSync(join(tmpdir(), 'timeseries-layout-'));
      const data = join(dir, 'catalog.db');
      const query = { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile' };
      const read = (server: Parameters<typeof call>[0], body: object = query) =>
        call(server, 'POST', '/aspects?action=getTimeseriesAspectValues', { body });
      const allOf = { or: [{ and: [{ field: 'rowCount', value: '0', condition: 'GREATER_THAN' }] }] };
      try {
        let written = '';
        await withServer({ data }, async (server) => {
          for (let i = 0; i < AWKWARD.length; i++) {
            await ingest(server, DATASET, 'datasetProfile', {
              timestampMillis: (i + 1) * HOUR,
              rowCount: i + 1,
              fieldProfiles: [{ fieldPath: AWKWARD[i], sampleValues: AWKWARD }],
            });
          }
          written = (await read(server)).text;
        });
        toOlderLayout(data, answerJson);
        // The oldest point's response without system metadata, as the first layout answered it.
        const oldest = JSON.parse(written).value.values.at(-1);
        const expected = written.replace(JSON.stringify(oldest), JSON.stringify({ aspect: oldest.aspect }));
        expect(expected).not.toBe(written);
        await withServer({ data }, async (server) => {
          expect((await read(server)).text).toBe(expected);
          expect((await read(server, { ...query, filter: allOf })).text).toBe(expected);
          await ingest(server, DATASET, 'datasetProfile', { timestampMillis: 100 * HOUR, rowCount: 100 });
          const both = await read(server, { ...query, limit: 2 });
          expect(
            both.json.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).rowCount),
          ).toEqual([100, AWKWARD.length]);
          expect(both.text).toBe((await read(server, { ...query, limit: 2, filter: allOf })).text);
        });
        // Rewritten once: the next start finds the current layout.
        const file = new BetterSqlite3(data);
        expect(file.prepare(`SELECT name FROM pragma_table_info('timeseries')`).pluck().all()).toEqual([
          'urn',
          'aspect',
          'timestamp_millis',
          'entity',
          'byte_size',
          'answer_json',
        ]);
        expect(file.prepare('SELECT count(*) FROM timeseries').pluck().get()).toBe(AWKWARD.length + 1);
        file.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
