/**
 * The reads of the Python `DataHubGraph` against data its emitter wrote, with the bodies and paths of
 * `metadata-ingestion/src/datahub/ingestion/graph/client.py` (the file as stored at commit
 * 8a2771e43c8896b32beea5ddb925538144d2d6d2): `get_latest_timeseries_value` (`limit: 1` and an
 * `{or: [{and: [...]}]}` filter), `get_usage_aspects_from_urn`, `get_entity_raw` and `get_search_results`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from '../http-harness.js';
import { pythonHeaders, send } from '../datahub-client-wire.js';

const FIXTURES = join(fileURLToPath(new URL('..', import.meta.url)), 'fixtures', 'upstream');
const server = serverForTests({
  namespace: 'li',
  seed: [join(FIXTURES, 'demo-profiles.json'), join(FIXTURES, 'test_serde_usage.json')],
});
const post = (path: string, body: unknown) => send(server(), 'POST', path, pythonHeaders(), JSON.stringify(body));

const profiled = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)';
const used =
  'urn:li:dataset:(urn:li:dataPlatform:bigquery,harshal-playground-306419.test_schema.excess_deaths_derived,PROD)';
const newestProfile = Math.max(
  ...(JSON.parse(readFileSync(join(FIXTURES, 'demo-profiles.json'), 'utf8')) as { aspect: { value: string } }[]).map(
    (e) => JSON.parse(e.aspect.value).timestampMillis as number,
  ),
);

describe('DataHubGraph', () => {
  beforeAll(async () => {
    expect((await send(server(), 'GET', '/config', pythonHeaders())).status).toBe(200);
  });

  it('get_latest_timeseries_value gets exactly one value, the newest', async () => {
    const reply = await post('/aspects?action=getTimeseriesAspectValues', {
      urn: profiled,
      entity: 'dataset',
      aspect: 'datasetProfile',
      limit: 1,
      filter: { or: [{ and: [] }] },
    });
    expect(reply.status).toBe(200);
    // client.py asserts len(values) == 1 before it parses values[0].aspect.value.
    expect(reply.json.value.values).toHaveLength(1);
    expect(JSON.parse(reply.json.value.values[0].aspect.value).timestampMillis).toBe(newestProfile);
  });

  it('get_latest_timeseries_value with a filter criterion on a field of the point', async () => {
    const filter = { or: [{ and: [{ field: 'rowCount', value: '3742', condition: 'EQUAL' }] }] };
    const reply = await post('/aspects?action=getTimeseriesAspectValues', {
      urn: profiled,
      entity: 'dataset',
      aspect: 'datasetProfile',
      limit: 1,
      filter,
    });
    expect(reply.json.value.values).toHaveLength(1);
  });

  it('get_usage_aspects_from_urn reads the usage points in its window', async () => {
    const reply = await post('/aspects?action=getTimeseriesAspectValues', {
      urn: used,
      entity: 'dataset',
      aspect: 'datasetUsageStatistics',
      startTimeMillis: 1622000000000,
      endTimeMillis: 1623000000000,
    });
    expect(
      reply.json.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).totalSqlQueries),
    ).toEqual([4]);
  });

  it('get_entity_raw reads the entity at /entitiesV2/{url-encoded urn}?aspects=List(...)', async () => {
    const reply = await send(
      server(),
      'GET',
      `/entitiesV2/${encodeURIComponent(profiled)}?aspects=List(datasetKey,status)`,
      pythonHeaders(),
    );
    expect(reply.status).toBe(200);
    expect(reply.json.aspects.datasetKey.value).toEqual({
      platform: 'urn:li:dataPlatform:hdfs',
      name: 'SampleHdfsDataset',
      origin: 'PROD',
    });
  });

  it('get_search_results finds the seeded datasets', async () => {
    const reply = await post('/entities?action=search', { input: '*', entity: 'dataset', start: 0, count: 1 });
    expect(reply.status).toBe(200);
    expect(reply.json.value.numEntities).toBe(3);
  });
});
