/**
 * Dataset.datasetProfiles through POST /api/graphql: the points of the datasetProfile aspect, newest
 * first, as upstream's TimeSeriesAspectResolver reads them (GmsGraphQLEngine.java registers it for
 * `datasetProfiles` without a sort of its own) and DatasetProfileMapper.java maps them.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql } from '../graphql-harness.js';
import { ingest, serverForTests } from '../http-harness.js';

const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.orders,PROD)';
const FIELDS =
  'timestampMillis rowCount columnCount sizeInBytes fieldProfiles { fieldPath uniqueCount uniqueProportion nullCount nullProportion min max mean median stdev sampleValues }';

describe('Dataset.datasetProfiles', () => {
  const server = serverForTests({ indexLagMs: 0 });
  const profiles = async (args: string) => {
    const reply = await graphql(server(), {
      query: `{ dataset(urn: "${ORDERS}") { datasetProfiles${args} { ${FIELDS} } } }`,
      token: ADMIN,
    });
    expect(reply.status).toBe(200);
    return reply.json as {
      data?: { dataset: { datasetProfiles: Record<string, unknown>[] | null } | null };
      errors?: { message: string; extensions: { type: string } }[];
    };
  };
  const rows = async (args: string) => (await profiles(args)).data?.dataset?.datasetProfiles?.map((p) => p.rowCount);

  it('maps each point with its field profiles, the newest first', async () => {
    const field = {
      fieldPath: 'order_total',
      uniqueCount: 90,
      uniqueProportion: 0.9,
      nullCount: 1,
      nullProportion: 0.01,
      min: '2.5',
      max: '4890',
      mean: '71.4',
      median: '48.9',
      stdev: '12.1',
      sampleValues: ['48.90', '19.99'],
      quantiles: [{ quantile: '0.5', value: '48.9' }],
    };
    await ingest(server(), ORDERS, 'datasetProfile', {
      timestampMillis: 1_000,
      rowCount: 100,
      columnCount: 4,
      sizeInBytes: 2048,
      fieldProfiles: [field],
      partitionSpec: { partition: 'ds=1', type: 'PARTITION' },
    });
    for (const [timestampMillis, rowCount] of [
      [3_000, 300],
      [2_000, 200],
    ])
      await ingest(server(), ORDERS, 'datasetProfile', { timestampMillis, rowCount });
    const { quantiles: _left, ...mapped } = field;
    expect((await profiles('')).data?.dataset?.datasetProfiles).toEqual([
      { timestampMillis: 3_000, rowCount: 300, columnCount: null, sizeInBytes: null, fieldProfiles: null },
      { timestampMillis: 2_000, rowCount: 200, columnCount: null, sizeInBytes: null, fieldProfiles: null },
      { timestampMillis: 1_000, rowCount: 100, columnCount: 4, sizeInBytes: 2048, fieldProfiles: [mapped] },
    ]);
  });

  it('applies the time range, the filter and the limit', async () => {
    expect(await rows('(limit: 1)')).toEqual([300]);
    expect(await rows('(startTimeMillis: 1000, endTimeMillis: 2000)')).toEqual([200, 100]);
    expect(await rows('(filter: {and: [{field: "rowCount", values: ["150"], condition: GREATER_THAN}]})')).toEqual([
      300, 200,
    ]);
  });

  it('a filter on a field profiles lack is BAD_REQUEST naming it', async () => {
    const json = await profiles('(filter: {and: [{field: "operationType", values: ["INSERT"]}]})');
    expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(json.errors?.[0]?.message).toContain('filter.and[0].field: operationType');
  });
});
