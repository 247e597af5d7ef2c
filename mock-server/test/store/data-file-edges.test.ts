/**
 * Data files written before relationship edges kept their times and actors open as they are: the
 * relationships table gains the columns in place, no row is rewritten, and the old edges (with no
 * times) are in every lineage window (upstream's edges without times are never filtered out:
 * TimeFilterUtils.getEdgeTimeFilterQuery) until a write or restoreIndices gives them their times.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger } from '../../index.js';
import { ADMIN, graphql, ingest } from '../graphql-harness.js';
import { call } from '../http-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'edges-layout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.${name},PROD)`;
const ORDERS = dataset('orders');
const REFUNDS = dataset('refunds');

/** The relationships table as files of each earlier layout hold it, with the rows the mock wrote. */
const LAYOUTS = {
  'without edge times': 'source, type, destination, aspect',
  'with edge times, without actors': 'source, type, destination, aspect, created_on, updated_on, manual',
} as const;

describe.each(Object.entries(LAYOUTS))('a data file whose edges are %s', (_name, columns) => {
  const downstreamWithin = async (
    server: Awaited<ReturnType<typeof createMockServer>>,
    window: Record<string, number>,
  ) => {
    const reply = await graphql(server, {
      query: `query l($input: LineageInput!) { dataset(urn: "${ORDERS}") { lineage(input: $input) { relationships { entity { urn } createdOn createdActor { urn } } } } }`,
      variables: { input: { direction: 'DOWNSTREAM', includeGhostEntities: true, ...window } },
      token: ADMIN,
    });
    return (
      reply.json as {
        data: {
          dataset: {
            lineage: {
              relationships: {
                entity: { urn: string };
                createdOn: number | null;
                createdActor: { urn: string } | null;
              }[];
            };
          };
        };
      }
    ).data.dataset.lineage.relationships;
  };

  it('opens with its edges, in every window until restoreIndices gives them their times', async () => {
    const file = join(dir, `${columns.length}.db`);
    const first = await createMockServer({ port: 0, sample: false, data: file, logger: silentLogger, indexLagMs: 0 });
    await ingest(
      first,
      REFUNDS,
      'upstreamLineage',
      { upstreams: [{ dataset: ORDERS, type: 'TRANSFORMED', created: { time: 1000, actor: 'urn:svc:corpuser:etl' } }] },
      ADMIN,
    );
    await first.close();

    // The file as an earlier layout wrote it: the same rows, without the later columns.
    const db = new BetterSqlite3(file);
    db.exec(`CREATE TABLE old_relationships AS SELECT ${columns} FROM relationships; DROP TABLE relationships;
             CREATE TABLE relationships (source TEXT NOT NULL, type TEXT NOT NULL, destination TEXT NOT NULL, aspect TEXT NOT NULL,
               ${columns.includes('created_on') ? 'created_on INTEGER, updated_on INTEGER, manual INTEGER NOT NULL DEFAULT 0,' : ''}
               PRIMARY KEY (source, type, destination, aspect)) WITHOUT ROWID;
             INSERT INTO relationships SELECT * FROM old_relationships; DROP TABLE old_relationships;`);
    db.close();

    const server = await createMockServer({ port: 0, sample: false, data: file, logger: silentLogger, indexLagMs: 0 });
    try {
      const legacy = await downstreamWithin(server, { startTimeMillis: 5000, endTimeMillis: 6000 });
      expect(legacy.map((r) => r.entity.urn)).toEqual(columns.includes('created_on') ? [] : [REFUNDS]);
      expect(legacy.every((r) => r.createdActor === null)).toBe(true);
      // One batch for every row of the file: the system entities of a fresh store and the two datasets.
      const restored = await call(server, 'POST', '/operations?action=restoreIndices', {
        token: ADMIN,
        body: { batchSize: 1000 },
      });
      expect(restored.status).toBe(200);
      expect(await downstreamWithin(server, { startTimeMillis: 5000, endTimeMillis: 6000 })).toEqual([]);
      expect(await downstreamWithin(server, { startTimeMillis: 500, endTimeMillis: 1500 })).toEqual([
        { entity: { urn: REFUNDS }, createdOn: 1000, createdActor: { urn: 'urn:svc:corpuser:etl' } },
      ]);
    } finally {
      await server.close();
    }
  });
});
