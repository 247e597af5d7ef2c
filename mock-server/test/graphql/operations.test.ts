/**
 * Dataset.operations through POST /api/graphql: the points of the operation aspect as upstream's
 * TimeSeriesAspectResolver reads them (GmsGraphQLEngine.java registers it for `operations`, sorted by
 * lastUpdatedTimestamp descending, Constants.OPERATION_EVENT_TIME_FIELD_NAME) and OperationMapper.java
 * maps them: the actor's URN, the partition of partitionSpec, custom properties as key/value entries.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql } from '../graphql-harness.js';
import { ingest, serverForTests } from '../http-harness.js';

const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.orders,PROD)';
const EMPTY = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.empty,PROD)';
const FIELDS =
  'timestampMillis lastUpdatedTimestamp operationType customOperationType actor sourceType numAffectedRows affectedDatasets partition customProperties { key value }';

describe('Dataset.operations', () => {
  const server = serverForTests({ indexLagMs: 0 });
  const operations = async (args: string, urn = ORDERS) => {
    const reply = await graphql(server(), {
      query: `{ dataset(urn: "${urn}") { operations${args} { ${FIELDS} } } }`,
      token: ADMIN,
    });
    expect(reply.status).toBe(200);
    return reply.json as {
      data?: { dataset: { operations: Record<string, unknown>[] | null } | null };
      errors?: { message: string; extensions: { type: string } }[];
    };
  };
  const times = async (args: string) =>
    (await operations(args)).data?.dataset?.operations?.map((o) => o.timestampMillis);

  it('maps every field of a point, as OperationMapper does', async () => {
    await ingest(server(), EMPTY, 'datasetProperties', { name: 'empty' });
    await ingest(server(), ORDERS, 'operation', {
      timestampMillis: 1_000,
      operationType: 'CUSTOM',
      customOperationType: 'MERGE',
      lastUpdatedTimestamp: 900,
      actor: 'urn:svc:corpuser:etl',
      sourceType: 'DATA_PROCESS',
      numAffectedRows: 42,
      affectedDatasets: ['urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.refunds,PROD)'],
      partitionSpec: { partition: 'ds=2026-11-01', type: 'PARTITION' },
      customProperties: { job: 'nightly' },
    });
    expect((await operations('')).data?.dataset?.operations).toEqual([
      {
        timestampMillis: 1_000,
        lastUpdatedTimestamp: 900,
        operationType: 'CUSTOM',
        customOperationType: 'MERGE',
        actor: 'urn:svc:corpuser:etl',
        sourceType: 'DATA_PROCESS',
        numAffectedRows: 42,
        affectedDatasets: ['urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.refunds,PROD)'],
        partition: 'ds=2026-11-01',
        customProperties: [{ key: 'job', value: 'nightly' }],
      },
    ]);
    expect((await operations('', EMPTY)).data?.dataset?.operations).toEqual([]);
  });

  it('orders by lastUpdatedTimestamp, latest first, then applies the time range and the limit', async () => {
    // Reported in one order (timestampMillis), changed in another (lastUpdatedTimestamp).
    for (const [timestampMillis, lastUpdatedTimestamp, operationType] of [
      [2_000, 5_000, 'INSERT'],
      [3_000, 4_000, 'ALTER'],
      [4_000, 6_000, 'INSERT'],
    ] as const) {
      await ingest(server(), ORDERS, 'operation', { timestampMillis, lastUpdatedTimestamp, operationType });
    }
    expect(await times('')).toEqual([4_000, 2_000, 3_000, 1_000]);
    expect(await times('(limit: 2)')).toEqual([4_000, 2_000]);
    expect(await times('(startTimeMillis: 2000, endTimeMillis: 3000)')).toEqual([2_000, 3_000]);
    expect(await times('(limit: 0)')).toEqual([]);
  });

  it("filters on the points' fields", async () => {
    expect(await times('(filter: {and: [{field: "operationType", values: ["ALTER", "CUSTOM"]}]})')).toEqual([
      3_000, 1_000,
    ]);
    expect(
      await times('(filter: {and: [{field: "lastUpdatedTimestamp", values: ["4500"], condition: GREATER_THAN}]})'),
    ).toEqual([4_000, 2_000]);
    expect(await times('(filter: {and: [{field: "operationType", values: ["INSERT"], negated: true}]})')).toEqual([
      3_000, 1_000,
    ]);
    // IN is EQUAL over the values; EXISTS holds where the field has a value, whatever the values say
    // (ESUtils.getQueryBuilderFromCriterionForSingleField).
    expect(
      await times('(filter: {and: [{field: "operationType", values: ["ALTER", "CUSTOM"], condition: IN}]})'),
    ).toEqual([3_000, 1_000]);
    expect(
      await times('(filter: {and: [{field: "customOperationType", values: ["ignored"], condition: EXISTS}]})'),
    ).toEqual([1_000]);
    expect(await times('(filter: {and: [{field: "customOperationType", condition: EXISTS, negated: true}]})')).toEqual([
      4_000, 2_000, 3_000,
    ]);
  });

  it('a filter on a field operations lack, or a negative limit, is BAD_REQUEST naming it', async () => {
    for (const [args, named] of [
      ['(filter: {and: [{field: "rowCount", values: ["1"]}]})', 'filter.and[0].field: rowCount'],
      [
        '(filter: {and: [{field: "operationType", values: ["x"]}, {field: "operationType", values: ["insert"], condition: IEQUAL}]})',
        'filter.and[1].condition: IEQUAL',
      ],
      [
        '(filter: {and: [{field: "operationType", values: ["x"], condition: DESCENDANTS_INCL}]})',
        'filter.and[0].condition: DESCENDANTS_INCL',
      ],
      ['(limit: -1)', 'limit'],
    ] as const) {
      const json = await operations(args);
      expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
      expect(json.errors?.[0]?.message).toContain(named);
    }
  });
});
