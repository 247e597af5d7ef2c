/**
 * The time window of lineage reads through POST /api/graphql: `lineage(input)` with startTimeMillis
 * and endTimeMillis, and `searchAcrossLineage` with its lineageFlags (or the deprecated bounds), keep
 * the edges upstream's graph keeps (ESGraphQueryDAO.getLineageQuery, TimeFilterUtils.getEdgeTimeFilterQuery):
 * an edge created or updated within the window, or a manual one (properties.source UI). An edge's times
 * are its upstream's created and auditStamp times, the write's lastObserved where either is missing or
 * 0 (GraphIndexUtils.extractGraphEdges). Without an end a start reaches to now; without a start nothing
 * is filtered (ResolverUtils.getLineageEndTimeMillis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, call, graphql, ingest, startServer } from '../graphql-harness.js';
import { proposal } from '../http-harness.js';

const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.${name},PROD)`;
const ORDERS = dataset('orders');
const REFUNDS = dataset('refunds');
const RETURNS = dataset('returns');
const ARCHIVE = dataset('archive');
const AUDIT = dataset('audit');
const stamp = (time: number) => ({ time, actor: 'urn:svc:corpuser:etl' });

let server: MockServer;
beforeAll(async () => {
  server = await startServer({ indexLagMs: 0 });
  // refunds ← orders: created at 1,000, updated at 2,000.
  await ingest(
    server,
    REFUNDS,
    'upstreamLineage',
    { upstreams: [{ dataset: ORDERS, type: 'TRANSFORMED', created: stamp(1000), auditStamp: stamp(2000) }] },
    ADMIN,
  );
  // returns ← refunds: no times of its own, so the write's (now).
  await ingest(server, RETURNS, 'upstreamLineage', { upstreams: [{ dataset: REFUNDS, type: 'TRANSFORMED' }] }, ADMIN);
  // archive ← orders: drawn by hand in the UI, so in every window.
  await ingest(
    server,
    ARCHIVE,
    'upstreamLineage',
    { upstreams: [{ dataset: ORDERS, type: 'COPY', auditStamp: stamp(1), properties: { source: 'UI' } }] },
    ADMIN,
  );
  // audit ← orders: times of 0, so the lastObserved the proposal gives (7,000).
  const audit = proposal(
    AUDIT,
    'upstreamLineage',
    { upstreams: [{ dataset: ORDERS, type: 'COPY', auditStamp: stamp(0) }] },
    { systemMetadata: { lastObserved: 7000 } },
  );
  expect((await call(server, 'POST', '/aspects?action=ingestProposal', { body: audit, token: ADMIN })).status).toBe(
    200,
  );
});
afterAll(() => server.close());

const gql = async (query: string, variables: Record<string, unknown>) => {
  const reply = await graphql(server, { query, variables, token: ADMIN });
  expect(reply.status).toBe(200);
  const json = reply.json as { data: Record<string, any> | null; errors?: unknown[] };
  expect(json.errors).toBeUndefined();
  return json.data;
};

describe('Dataset.lineage(input) with a time window', () => {
  const LINEAGE =
    'query l($input: LineageInput!) { dataset(urn: "' +
    ORDERS +
    '") { lineage(input: $input) { total relationships { entity { urn } } } } }';
  const downstream = async (window: Record<string, number>) =>
    (
      (await gql(LINEAGE, { input: { direction: 'DOWNSTREAM', includeGhostEntities: true, ...window } }))?.dataset
        .lineage.relationships as { entity: { urn: string } }[]
    ).map((r) => r.entity.urn);

  it.each([
    ['no window: every edge', {}, [ARCHIVE, AUDIT, REFUNDS]],
    ['the created time within it', { startTimeMillis: 500, endTimeMillis: 1500 }, [ARCHIVE, REFUNDS]],
    ['the updated time within it', { startTimeMillis: 1500, endTimeMillis: 2500 }, [ARCHIVE, REFUNDS]],
    [
      "the write's lastObserved where the times are 0",
      { startTimeMillis: 6000, endTimeMillis: 8000 },
      [ARCHIVE, AUDIT],
    ],
    ['a start alone: up to now', { startTimeMillis: 1500 }, [ARCHIVE, AUDIT, REFUNDS]],
    ['an end alone: no window', { endTimeMillis: 10 }, [ARCHIVE, AUDIT, REFUNDS]],
    ['a window before every edge: the manual edge alone', { startTimeMillis: 2, endTimeMillis: 999 }, [ARCHIVE]],
  ])('%s', async (_case, window, want) => {
    expect(await downstream(window)).toEqual(want);
  });
});

describe("Dataset.lineage(input): each edge's times, actors and whether it was drawn by hand", () => {
  // EntityLineageResultResolver maps them from the graph's edge (createdOn, createdActor, updatedOn,
  // updatedActor, isManual); GraphIndexUtils.extractGraphEdges reads them from the annotation's
  // paths, with the write's lastObserved for a missing or 0 time and the writer as both actors where
  // the created actor is missing.
  const EDGES = `query l($input: LineageInput!) { dataset(urn: "${ORDERS}") { lineage(input: $input) {
    relationships { entity { urn } createdOn createdActor { urn } updatedOn updatedActor { urn } isManual } } } }`;

  it('gives them as the edge keeps them', async () => {
    const data = await gql(EDGES, { input: { direction: 'DOWNSTREAM', includeGhostEntities: true } });
    const byUrn = Object.fromEntries(
      (data?.dataset.lineage.relationships as { entity: { urn: string } }[]).map(({ entity, ...edge }) => [
        entity.urn,
        edge,
      ]),
    );
    const etl = { urn: 'urn:svc:corpuser:etl' };
    // The admin token's user.
    const writer = { urn: 'urn:svc:corpuser:datahub' };
    expect(byUrn[REFUNDS]).toEqual({
      createdOn: 1000,
      createdActor: etl,
      updatedOn: 2000,
      updatedActor: etl,
      isManual: false,
    });
    // No created stamp: the writer is both actors, although the auditStamp names another.
    expect(byUrn[ARCHIVE]).toMatchObject({ createdActor: writer, updatedOn: 1, updatedActor: writer, isManual: true });
    expect(byUrn[AUDIT]).toEqual({
      createdOn: 7000,
      createdActor: writer,
      updatedOn: 7000,
      updatedActor: writer,
      isManual: false,
    });
  });
});

describe('searchAcrossLineage with lineage flags', () => {
  const SEARCH =
    'query s($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total searchResults { degree entity { urn } } } }';
  const reached = async (extra: Record<string, unknown>) =>
    (
      (await gql(SEARCH, { input: { urn: ORDERS, direction: 'DOWNSTREAM', types: ['DATASET'], count: 20, ...extra } }))
        ?.searchAcrossLineage.searchResults as { degree: number; entity: { urn: string } }[]
    )
      .map((r) => `${r.degree} ${r.entity.urn}`)
      .sort();

  it('walks every hop through the edges of the window', async () => {
    // returns is two hops away through refunds, by an edge written now.
    expect(await reached({})).toEqual([`1 ${ARCHIVE}`, `1 ${AUDIT}`, `1 ${REFUNDS}`, `2 ${RETURNS}`]);
    expect(await reached({ lineageFlags: { startTimeMillis: 500, endTimeMillis: 2500 } })).toEqual([
      `1 ${ARCHIVE}`,
      `1 ${REFUNDS}`,
    ]);
    expect(await reached({ lineageFlags: { startTimeMillis: 1500 } })).toEqual([
      `1 ${ARCHIVE}`,
      `1 ${AUDIT}`,
      `1 ${REFUNDS}`,
      `2 ${RETURNS}`,
    ]);
  });

  it('takes the deprecated bounds where the flags give none, the flags first', async () => {
    expect(await reached({ startTimeMillis: 500, endTimeMillis: 2500 })).toEqual([`1 ${ARCHIVE}`, `1 ${REFUNDS}`]);
    expect(
      await reached({
        startTimeMillis: 500,
        endTimeMillis: 2500,
        lineageFlags: { startTimeMillis: 6000, endTimeMillis: 8000 },
      }),
    ).toEqual([`1 ${ARCHIVE}`, `1 ${AUDIT}`]);
    // The flags' end with the input's start.
    expect(await reached({ startTimeMillis: 6000, lineageFlags: { endTimeMillis: 8000 } })).toEqual([
      `1 ${ARCHIVE}`,
      `1 ${AUDIT}`,
    ]);
  });

  it('keeps the times when restoreIndices rebuilds the edges', async () => {
    const before = await reached({ lineageFlags: { startTimeMillis: 500, endTimeMillis: 2500 } });
    expect((await call(server, 'POST', '/operations?action=restoreIndices', { token: ADMIN, body: {} })).status).toBe(
      200,
    );
    expect(await reached({ lineageFlags: { startTimeMillis: 500, endTimeMillis: 2500 } })).toEqual(before);
  });
});

/**
 * Rewrites of a lineage aspect, as upstream's graph takes them: an identical value is still a change
 * log event for an aspect with lineage edges (EntityServiceImpl.conditionallyProduceMCLAsync,
 * shouldAspectEmitChangeLog: a RESTATE), and an edge that the new value keeps keeps its createdOn and
 * takes the write's updatedOn (UpdateIndicesService.updateGraphServiceDiff, GraphIndexUtils.mergeEdges).
 */
describe('rewrites of a lineage aspect and the times of its edges', () => {
  const SOURCE = dataset('ledger');
  const TARGET = dataset('ledger_copy');
  const SECOND = dataset('ledger_backup');
  const writeLineage = async (upstreams: string[], lastObserved: number) => {
    const body = proposal(
      TARGET,
      'upstreamLineage',
      { upstreams: upstreams.map((u) => ({ dataset: u, type: 'COPY' })) },
      { systemMetadata: { lastObserved } },
    );
    expect((await call(server, 'POST', '/aspects?action=ingestProposal', { body, token: ADMIN })).status).toBe(200);
  };
  const upstreamsWithin = async (startTimeMillis: number, endTimeMillis: number) =>
    (
      (
        await gql(
          'query l($input: LineageInput!) { dataset(urn: "' +
            TARGET +
            '") { lineage(input: $input) { relationships { entity { urn } } } } }',
          {
            input: { direction: 'UPSTREAM', includeGhostEntities: true, startTimeMillis, endTimeMillis },
          },
        )
      )?.dataset.lineage.relationships as { entity: { urn: string } }[]
    ).map((r) => r.entity.urn);

  it("an identical rewrite moves the edges' updated time to its own and keeps their created time", async () => {
    await writeLineage([SOURCE], 10_000);
    expect(await upstreamsWithin(40_000, 60_000)).toEqual([]);
    await writeLineage([SOURCE], 50_000);
    expect(await upstreamsWithin(40_000, 60_000)).toEqual([SOURCE]);
    expect(await upstreamsWithin(9_000, 11_000)).toEqual([SOURCE]);
    expect(await upstreamsWithin(20_000, 30_000)).toEqual([]);
  });

  it('a changed value keeps the created time of the edges it keeps; a new edge is created by the write', async () => {
    await writeLineage([SOURCE, SECOND], 90_000);
    expect(await upstreamsWithin(9_000, 11_000)).toEqual([SOURCE]);
    expect(await upstreamsWithin(89_000, 91_000)).toEqual([SOURCE, SECOND]);
    // An edge the value drops is gone; written again later, it is created anew.
    await writeLineage([SECOND], 100_000);
    await writeLineage([SECOND, SOURCE], 120_000);
    expect(await upstreamsWithin(9_000, 11_000)).toEqual([]);
    expect(await upstreamsWithin(119_000, 121_000)).toEqual([SOURCE, SECOND]);
    expect(await upstreamsWithin(89_000, 91_000)).toEqual([SECOND]);
  });
});
