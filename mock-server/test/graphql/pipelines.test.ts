/**
 * The entity pages of a data flow and a data job through HTTP, as upstream's DataFlowMapper and
 * DataJobMapper map them (datahub-graphql-core/.../types/dataflow/mappers/DataFlowMapper.java,
 * .../types/datajob/mappers/DataJobMapper.java; root fields and types from entity.graphql at commit
 * 000b1d8e3a68769813957c220421cc35c15bc3bc): properties, ownership, tags, the job's flow and its
 * inputOutput, and lineage that agrees with REST /relationships. And searchAcrossLineage over the
 * same graph (search.graphql at commit 0187e2a94bfdccf61958bacca6a08c9deac22ceb; SearchAcrossLineageResolver.java,
 * LineageSearchService.java: every hop by default, the degree facet "Degree of Dependencies" with
 * values 1, 2 and 3+, which upstream sends with count 0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer, Profile } from '../../index.js';
import { ADMIN, call, graphql, ingest, startServer } from '../graphql-harness.js';

const FLOW = 'urn:svc:dataFlow:(airflow,daily_orders,prod)';
const JOB = `urn:svc:dataJob:(${FLOW},load_orders)`;
const RAW = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,raw.orders,PROD)';
const CLEAN = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';
const OWNER = 'urn:svc:corpuser:jdoe';
const CHART = 'urn:svc:chart:(looker,orders_chart)';
const DASHBOARD = 'urn:svc:dashboard:(looker,orders_board)';
const STAMPS = { created: { time: 0, actor: OWNER }, lastModified: { time: 0, actor: OWNER } };

/** RAW -Consumes- JOB -Produces- CLEAN -Consumes- CHART -Contains- DASHBOARD: downstream of RAW at degrees 1 to 4. */
async function seedGraph(server: MockServer, token?: string): Promise<void> {
  await ingest(
    server,
    FLOW,
    'dataFlowInfo',
    { name: 'Daily orders', description: 'Loads orders.', project: 'sales', customProperties: { schedule: '@daily' } },
    token,
  );
  await ingest(
    server,
    JOB,
    'dataJobInfo',
    { name: 'Load orders', type: { string: 'SQL' }, externalUrl: 'https://airflow.example/load_orders' },
    token,
  );
  await ingest(
    server,
    JOB,
    'dataJobInputOutput',
    { inputDatasets: [RAW], outputDatasets: [CLEAN], inputDatajobs: [] },
    token,
  );
  for (const urn of [RAW, CLEAN])
    await ingest(server, urn, 'datasetProperties', { name: urn, customProperties: {} }, token);
  await ingest(
    server,
    CHART,
    'chartInfo',
    { title: 'Orders chart', description: '', lastModified: STAMPS, inputs: [{ string: CLEAN }] },
    token,
  );
  await ingest(
    server,
    DASHBOARD,
    'dashboardInfo',
    { title: 'Orders board', description: '', lastModified: STAMPS, charts: [CHART] },
    token,
  );
}

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
  await seedGraph(server);
  await ingest(server, JOB, 'globalTags', { tags: [{ tag: 'urn:svc:tag:Nightly' }] });
  await ingest(server, JOB, 'ownership', {
    owners: [{ owner: OWNER, type: 'DATAOWNER' }],
    lastModified: { time: 0, actor: OWNER },
  });
});
afterAll(() => server.close());

async function data(query: string, variables: Record<string, unknown> = {}, on = server) {
  const reply = await graphql(on, { query, variables, token: ADMIN });
  expect(reply.status).toBe(200);
  expect(reply.json.errors).toBeUndefined();
  return reply.json.data;
}
const rest = async (urn: string, direction: string, type: string) =>
  (
    (
      await call(
        server,
        'GET',
        `/relationships?urn=${encodeURIComponent(urn)}&direction=${direction}&types=List(${type})`,
      )
    ).json.entities as string[]
  ).sort();

describe('a data job page', () => {
  it('shows its properties, tags, owners, flow and inputs and outputs', async () => {
    const json = await data(`{ dataJob(urn: "${JOB}") {
      urn type jobId exists properties { name description externalUrl }
      tags { tags { tag { urn } } } ownership { owners { owner { ... on CorpUser { urn } } } }
      dataFlow { urn orchestrator flowId cluster platform { urn } properties { name project customProperties { key value } } }
      inputOutput { inputDatasets { urn } outputDatasets { urn } inputDatajobs { urn } }
    } }`);
    expect(json.dataJob).toEqual({
      urn: JOB,
      type: 'DATA_JOB',
      jobId: 'load_orders',
      exists: true,
      properties: { name: 'Load orders', description: null, externalUrl: 'https://airflow.example/load_orders' },
      tags: { tags: [{ tag: { urn: 'urn:svc:tag:Nightly' } }] },
      ownership: { owners: [{ owner: { urn: OWNER } }] },
      dataFlow: {
        urn: FLOW,
        orchestrator: 'airflow',
        flowId: 'daily_orders',
        cluster: 'prod',
        platform: { urn: 'urn:svc:dataPlatform:airflow' },
        properties: {
          name: 'Daily orders',
          project: 'sales',
          customProperties: [{ key: 'schedule', value: '@daily' }],
        },
      },
      inputOutput: { inputDatasets: [{ urn: RAW }], outputDatasets: [{ urn: CLEAN }], inputDatajobs: [] },
    });
  });

  it('has lineage that agrees with REST /relationships: upstream the datasets it consumes, downstream those it produces', async () => {
    const lineage = async (urn: string, direction: string) =>
      (
        (
          await data(
            `{ entity(urn: "${urn}") { ... on EntityWithRelationships { lineage(input: {direction: ${direction}}) { relationships { type entity { urn } } } } } }`,
          )
        ).entity.lineage.relationships as { type: string; entity: { urn: string } }[]
      ).map((r) => `${r.type} ${r.entity.urn}`);
    expect(await lineage(JOB, 'UPSTREAM')).toEqual(
      (await rest(JOB, 'OUTGOING', 'Consumes')).map((urn) => `Consumes ${urn}`),
    );
    expect(await lineage(JOB, 'DOWNSTREAM')).toEqual(
      (await rest(JOB, 'OUTGOING', 'Produces')).map((urn) => `Produces ${urn}`),
    );
    expect(await lineage(CLEAN, 'UPSTREAM')).toEqual([`Produces ${JOB}`]);
    const parts = await data(
      `{ dataFlow(urn: "${FLOW}") { relationships(input: {types: ["IsPartOf"], direction: INCOMING}) { relationships { entity { urn } } } } }`,
    );
    expect(parts.dataFlow.relationships.relationships.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual(
      await rest(FLOW, 'INCOMING', 'IsPartOf'),
    );
    expect(await rest(FLOW, 'INCOMING', 'IsPartOf')).toEqual([JOB]);
  });

  it('is found by search, typed DATA_JOB, with the flow under DATA_FLOW', async () => {
    const json = await data(
      '{ searchAcrossEntities(input: {query: "orders", types: [DATA_FLOW, DATA_JOB]}) { searchResults { entity { urn type } } } }',
    );
    expect(json.searchAcrossEntities.searchResults.map((r: { entity: unknown }) => r.entity)).toEqual(
      expect.arrayContaining([
        { urn: FLOW, type: 'DATA_FLOW' },
        { urn: JOB, type: 'DATA_JOB' },
      ]),
    );
  });
});

const LINEAGE = `query l($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  start count total searchResults { entity { urn type } degree degrees paths { path { urn } } explored } facets { field displayName aggregations { value count } }
} }`;
type LineagePage = {
  total: number;
  searchResults: { entity: { urn: string; type: string }; degree: number; paths: { path: { urn: string }[] }[] }[];
  facets: { field: string; displayName: string; aggregations: { value: string; count: number }[] }[];
};
const searchLineage = async (input: Record<string, unknown>, on = server): Promise<LineagePage> =>
  (await data(LINEAGE, { input }, on)).searchAcrossLineage;
const reachedOf = (page: LineagePage) => page.searchResults.map((r) => [r.entity.urn, r.degree]);

describe('searchAcrossLineage', () => {
  it('walks every hop downstream, nearest first, each with its degree and the path that reaches it', async () => {
    const page = await searchLineage({ urn: RAW, direction: 'DOWNSTREAM' });
    expect(reachedOf(page)).toEqual([
      [JOB, 1],
      [CLEAN, 2],
      [CHART, 3],
      [DASHBOARD, 4],
    ]);
    expect(page.total).toBe(4);
    expect(page.searchResults[3]?.paths).toEqual([
      { path: [RAW, JOB, CLEAN, CHART, DASHBOARD].map((urn) => ({ urn })) },
    ]);
    const degree = page.facets.find((f) => f.field === 'degree');
    expect(degree).toEqual({
      field: 'degree',
      displayName: 'Degree of Dependencies',
      aggregations: [
        { value: '1', count: 1 },
        { value: '2', count: 1 },
        { value: '3+', count: 2 },
      ],
    });
    expect(reachedOf(await searchLineage({ urn: DASHBOARD, direction: 'UPSTREAM' }))).toEqual([
      [CHART, 1],
      [CLEAN, 2],
      [JOB, 3],
      [RAW, 4],
    ]);
  });

  it('narrows by degree, type, query and page, each facet value counting the results its filter gives', async () => {
    const page = await searchLineage({ urn: RAW, direction: 'DOWNSTREAM' });
    for (const facet of page.facets) {
      for (const { value, count } of facet.aggregations) {
        const filtered = await searchLineage({
          urn: RAW,
          direction: 'DOWNSTREAM',
          orFilters: [{ and: [{ field: facet.field, values: [value] }] }],
        });
        expect(filtered.total, `${facet.field}=${value}`).toBe(count);
      }
    }
    expect(
      reachedOf(
        await searchLineage({
          urn: RAW,
          direction: 'DOWNSTREAM',
          orFilters: [{ and: [{ field: 'degree', values: ['3+'] }] }],
        }),
      ),
    ).toEqual([
      [CHART, 3],
      [DASHBOARD, 4],
    ]);
    expect(reachedOf(await searchLineage({ urn: RAW, direction: 'DOWNSTREAM', types: ['DATASET'] }))).toEqual([
      [CLEAN, 2],
    ]);
    expect(reachedOf(await searchLineage({ urn: RAW, direction: 'DOWNSTREAM', query: 'board' }))).toEqual([
      [DASHBOARD, 4],
    ]);
    expect(reachedOf(await searchLineage({ urn: RAW, direction: 'DOWNSTREAM', start: 1, count: 2 }))).toEqual([
      [CLEAN, 2],
      [CHART, 3],
    ]);
  });

  it('walks through a soft-deleted entity without returning it', async () => {
    await ingest(server, CHART, 'status', { removed: true });
    try {
      expect(reachedOf(await searchLineage({ urn: RAW, direction: 'DOWNSTREAM' }))).toEqual([
        [JOB, 1],
        [CLEAN, 2],
        [DASHBOARD, 4],
      ]);
    } finally {
      await ingest(server, CHART, 'status', { removed: false });
    }
  });

  it('needs a urn: BAD_REQUEST as upstream (UrnUtils.requireUrn)', async () => {
    const reply = await graphql(server, {
      query: LINEAGE,
      variables: { input: { direction: 'UPSTREAM' } },
      token: ADMIN,
    });
    expect(reply.json.errors[0]).toMatchObject({
      message: 'URN must not be null or empty',
      extensions: { code: 400, type: 'BAD_REQUEST' },
    });
  });

  it.each<[Profile, number[]]>([
    ['upstream', [0, 0, 0]],
    ['document', [1, 1, 2]],
  ])('graphql-lineage-degree-counts: the %s profile counts the degree facet as %j', async (profile, counts) => {
    const other = profile === 'document' ? server : await startServer({ profile, indexLagMs: 0 });
    try {
      if (other !== server) await seedGraph(other, ADMIN);
      const degree = (await searchLineage({ urn: RAW, direction: 'DOWNSTREAM' }, other)).facets.find(
        (f) => f.field === 'degree',
      );
      expect(degree?.aggregations.map((a) => a.count)).toEqual(counts);
    } finally {
      if (other !== server) await other.close();
    }
  });
});
