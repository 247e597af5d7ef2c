/**
 * The Rest.li calls of DataHub's tools beyond the interface document: batch get of entitiesV2 (as
 * upstream's smoke tests and `DataHubGraph` send it), the hard delete of `datahub delete --hard`, and
 * the legacy usageStats resource of `emit_usage` (`metadata-ingestion/src/datahub/emitter/rest_emitter.py`,
 * commit 008277cc3ae79c37e1abe87eae95426a92f03b68; server side `UsageStats.java`, commit 096c36c1ba86a9558175d6f82a64c2eeca7db9a4).
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, digest, ingest, OTHER_DATASET, serverForTests, USER, withServer } from '../http-harness.js';
import { pythonHeaders, send } from '../datahub-client-wire.js';

const server = serverForTests();
const owners = { owners: [{ owner: USER, type: 'DATAOWNER' }], lastModified: { time: 1, actor: USER } };

describe('GET /entitiesV2?ids=List(...)', () => {
  const ids = `List(${[DATASET, OTHER_DATASET].map(encodeURIComponent).join(',')})`;

  it.each([
    ['with X-RestLi-Method: batch_get', { 'X-RestLi-Method': 'batch_get' }],
    ['without it', {}],
  ])('answers {results, errors} keyed by URN %s', async (_label, extra) => {
    await ingest(server(), DATASET, 'ownership', owners);
    const reply = await send(server(), 'GET', `/entitiesV2?ids=${ids}&aspects=List(ownership)`, {
      ...pythonHeaders(),
      ...extra,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.errors).toEqual({});
    expect(Object.keys(reply.json.results)).toEqual([DATASET, OTHER_DATASET]);
    expect(reply.json.results[DATASET].aspects.ownership.value).toMatchObject(owners);
    // A URN never written reads as its key aspect only, as the single read does.
    expect(Object.keys(reply.json.results[OTHER_DATASET].aspects)).toEqual(['datasetKey']);
    const single = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}?aspects=List(ownership)`);
    expect(reply.json.results[DATASET].aspects.ownership).toEqual(single.json.aspects.ownership);
  });

  it('names a malformed URN by its position', async () => {
    const reply = await call(server(), 'GET', `/entitiesV2?ids=List(${encodeURIComponent(DATASET)},not-a-urn)`);
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('query.ids[1]');
  });
});

describe('POST /entities?action=delete', () => {
  const urn = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.doomed,PROD)';

  it('removes every aspect, point and derived row of the entity, as datahub delete --hard asks', async () => {
    await ingest(server(), urn, 'datasetProperties', { description: 'doomed zebra table', customProperties: {} });
    await ingest(server(), urn, 'ownership', owners);
    await ingest(server(), urn, 'datasetProfile', { timestampMillis: 1_700_000_000_000, rowCount: 3 });
    const found = async () =>
      (
        await call(server(), 'POST', '/entities?action=search', {
          body: { input: 'zebra', entity: 'dataset', start: 0, count: 10 },
        })
      ).json.value.numEntities;
    expect(await found()).toBe(1);
    const reply = await send(server(), 'POST', '/entities?action=delete', pythonHeaders(), JSON.stringify({ urn }));
    expect(reply.status).toBe(200);
    expect(reply.json.value).toMatchObject({ urn, timeseriesRows: 1 });
    expect(reply.json.value.rows).toBeGreaterThanOrEqual(3);
    expect(await found()).toBe(0);
    const owned = await call(
      server(),
      'GET',
      `/relationships?urn=${encodeURIComponent(USER)}&types=List(OwnedBy)&direction=INCOMING`,
    );
    expect(JSON.stringify(owned.json)).not.toContain('db.doomed');
    const read = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(urn)}`);
    expect(Object.keys(read.json.aspects)).toEqual(['datasetKey']);
  });

  it('/__mock/reset brings back what the start-up state had', async () => {
    await withServer({ sample: true }, async (sampled) => {
      const orders = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';
      const startup = await digest(sampled);
      expect(
        (await send(sampled, 'POST', '/entities?action=delete', pythonHeaders(), JSON.stringify({ urn: orders })))
          .status,
      ).toBe(200);
      expect(await digest(sampled)).not.toBe(startup);
      await call(sampled, 'POST', '/__mock/reset');
      expect(await digest(sampled)).toBe(startup);
      const read = await call(
        sampled,
        'GET',
        `/entitiesV2/${encodeURIComponent(orders)}?aspects=List(datasetProperties)`,
      );
      expect(read.json.aspects.datasetProperties).toBeDefined();
    });
  });

  it('refuses a time range, which it does not apply, naming the field', async () => {
    const reply = await call(server(), 'POST', '/entities?action=delete', {
      body: { urn, aspectName: 'datasetProfile', startTimeMillis: 0 },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('startTimeMillis');
  });
});

describe('usageStats', () => {
  const resource = 'urn:svc:dataset:(urn:svc:dataPlatform:bigquery,usage.t,PROD)';
  const day = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 86_400_000;

  it('batchIngest (emit_usage) stores the record as a datasetUsageStatistics point, read back by queryRange', async () => {
    const bucket = {
      bucket: day,
      duration: 'DAY',
      resource,
      metrics: {
        uniqueUserCount: 1,
        users: [{ user: USER, count: 4, userEmail: 'jdoe@example.com' }],
        totalSqlQueries: 4,
        topSqlQueries: ['select 1'],
        fields: [{ fieldName: 'id', count: 4 }],
      },
    };
    const ingested = await send(
      server(),
      'POST',
      '/usageStats?action=batchIngest',
      pythonHeaders(),
      JSON.stringify({ buckets: [bucket] }),
    );
    expect(ingested).toMatchObject({ status: 200, text: '' });
    const points = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', {
      body: { urn: resource, entity: 'dataset', aspect: 'datasetUsageStatistics' },
    });
    expect(JSON.parse(points.json.value.values[0].aspect.value)).toMatchObject({
      timestampMillis: day,
      eventGranularity: { unit: 'DAY', multiple: 1 },
      userCounts: [{ user: USER, count: 4 }],
      fieldCounts: [{ fieldPath: 'id', count: 4 }],
    });
    const query = await call(server(), 'POST', '/usageStats?action=queryRange', {
      body: { resource, duration: 'DAY', rangeFromEnd: 'WEEK' },
    });
    expect(query.status).toBe(200);
    expect(query.json.value.buckets).toEqual([
      {
        bucket: day,
        duration: 'DAY',
        resource,
        metrics: { uniqueUserCount: 1, totalSqlQueries: 4, topSqlQueries: ['select 1'] },
      },
    ]);
    expect(query.json.value.aggregations).toEqual({
      users: [{ user: USER, count: 4 }],
      uniqueUserCount: 1,
      fields: [{ fieldName: 'id', count: 4 }],
      totalSqlQueries: 4,
    });
  });

  it('refuses the whole batch when one record is bad, naming it', async () => {
    const before = await digest(server());
    const good = { bucket: day, duration: 'DAY', resource, metrics: {} };
    const reply = await call(server(), 'POST', '/usageStats?action=batchIngest', {
      body: { buckets: [good, { ...good, resource: 'urn:svc:chart:(looker,1)' }] },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('body.buckets[1]');
    expect(await digest(server())).toBe(before);
  });
});
