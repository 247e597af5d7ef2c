/**
 * The entity pages of a data flow and a data job through HTTP, as upstream's DataFlowMapper and
 * DataJobMapper map them (datahub-graphql-core/.../types/dataflow/mappers/DataFlowMapper.java,
 * .../types/datajob/mappers/DataJobMapper.java; root fields and types from entity.graphql at commit
 * 000b1d8e3a68769813957c220421cc35c15bc3bc): properties, ownership, tags, the job's flow and its
 * inputOutput, and lineage that agrees with REST /relationships.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../index.js';
import { ADMIN, call, graphql, ingest, startServer } from './graphql-harness.js';

const FLOW = 'urn:svc:dataFlow:(airflow,daily_orders,prod)';
const JOB = `urn:svc:dataJob:(${FLOW},load_orders)`;
const RAW = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,raw.orders,PROD)';
const CLEAN = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';
const OWNER = 'urn:svc:corpuser:jdoe';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
  await ingest(server, FLOW, 'dataFlowInfo', { name: 'Daily orders', description: 'Loads orders.', project: 'sales', customProperties: { schedule: '@daily' } });
  await ingest(server, JOB, 'dataJobInfo', { name: 'Load orders', type: { string: 'SQL' }, externalUrl: 'https://airflow.example/load_orders' });
  await ingest(server, JOB, 'dataJobInputOutput', { inputDatasets: [RAW], outputDatasets: [CLEAN], inputDatajobs: [] });
  await ingest(server, JOB, 'globalTags', { tags: [{ tag: 'urn:svc:tag:Nightly' }] });
  await ingest(server, JOB, 'ownership', { owners: [{ owner: OWNER, type: 'DATAOWNER' }], lastModified: { time: 0, actor: OWNER } });
  for (const urn of [RAW, CLEAN]) await ingest(server, urn, 'datasetProperties', { name: urn, customProperties: {} });
});
afterAll(() => server.close());

async function data(query: string) {
  const reply = await graphql(server, { query, token: ADMIN });
  expect(reply.status).toBe(200);
  expect(reply.json.errors).toBeUndefined();
  return reply.json.data;
}
const rest = async (urn: string, direction: string, type: string) =>
  ((await call(server, 'GET', `/relationships?urn=${encodeURIComponent(urn)}&direction=${direction}&types=List(${type})`)).json.entities as string[]).sort();

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
        properties: { name: 'Daily orders', project: 'sales', customProperties: [{ key: 'schedule', value: '@daily' }] },
      },
      inputOutput: { inputDatasets: [{ urn: RAW }], outputDatasets: [{ urn: CLEAN }], inputDatajobs: [] },
    });
  });

  it('has lineage that agrees with REST /relationships: upstream the datasets it consumes, downstream those it produces', async () => {
    const lineage = async (urn: string, direction: string) =>
      ((await data(`{ entity(urn: "${urn}") { ... on EntityWithRelationships { lineage(input: {direction: ${direction}}) { relationships { type entity { urn } } } } } }`)).entity.lineage
        .relationships as { type: string; entity: { urn: string } }[]).map((r) => `${r.type} ${r.entity.urn}`);
    expect(await lineage(JOB, 'UPSTREAM')).toEqual((await rest(JOB, 'OUTGOING', 'Consumes')).map((urn) => `Consumes ${urn}`));
    expect(await lineage(JOB, 'DOWNSTREAM')).toEqual((await rest(JOB, 'OUTGOING', 'Produces')).map((urn) => `Produces ${urn}`));
    expect(await lineage(CLEAN, 'UPSTREAM')).toEqual([`Produces ${JOB}`]);
    const parts = await data(`{ dataFlow(urn: "${FLOW}") { relationships(input: {types: ["IsPartOf"], direction: INCOMING}) { relationships { entity { urn } } } } }`);
    expect(parts.dataFlow.relationships.relationships.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual(await rest(FLOW, 'INCOMING', 'IsPartOf'));
    expect(await rest(FLOW, 'INCOMING', 'IsPartOf')).toEqual([JOB]);
  });

  it('is found by search, typed DATA_JOB, with the flow under DATA_FLOW', async () => {
    const json = await data('{ searchAcrossEntities(input: {query: "orders", types: [DATA_FLOW, DATA_JOB]}) { searchResults { entity { urn type } } } }');
    expect(json.searchAcrossEntities.searchResults.map((r: { entity: unknown }) => r.entity)).toEqual(
      expect.arrayContaining([
        { urn: FLOW, type: 'DATA_FLOW' },
        { urn: JOB, type: 'DATA_JOB' },
      ]),
    );
  });
});
