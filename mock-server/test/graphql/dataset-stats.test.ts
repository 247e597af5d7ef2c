/**
 * A dataset's statistics tab and its quality tab through POST /api/graphql, in the web app's shapes
 * (dataset.graphql, assertion.graphql, v1.3.0.1), in both namespaces: getOperationsStats and
 * getOperationsStatsBuckets as DatasetOperationsStatsResolver and OperationsServiceUtil count
 * operations (distinct lastUpdatedTimestamp values per type, overall and per day of lastUpdatedTimestamp,
 * CUSTOM ones per customOperationType), getDatasetTimeseriesCapability (TimeseriesCapabilitiesResolver:
 * the oldest point of each series), and getAssertionRuns, getAssertionWithRunEvents and
 * getDatasetAssertionsWithRunEvents (AssertionRunEventResolver and AssertionRunEventMapper).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql, ingest } from '../graphql-harness.js';
import { serverForTests } from '../http-harness.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midnight UTC three and five days ago: inside a MONTH, each its own day. */
const DAY_A = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
const DAY_B = DAY_A - 2 * DAY;
const LONG_AGO = DAY_A - 60 * DAY;

describe.each(['svc', 'li'] as const)('dataset statistics and assertion runs in the %s namespace', (namespace) => {
  const urn = (rest: string) => `urn:${namespace}:${rest}`;
  const ORDERS = urn(`dataset:(${urn('dataPlatform:hive')},shop.orders,PROD)`);
  const QUIET = urn(`dataset:(${urn('dataPlatform:hive')},shop.quiet,PROD)`);
  const ASSERTION = urn('assertion:rows-not-null');
  const server = serverForTests({ namespace, indexLagMs: 0 });

  let ready: Promise<void> | undefined;
  const seed = () =>
    (ready ??= (async () => {
      const s = server();
      const operation = (updated: number, operationType: string, extra: Record<string, unknown> = {}) =>
        ingest(s, ORDERS, 'operation', {
          timestampMillis: updated,
          lastUpdatedTimestamp: updated,
          operationType,
          ...extra,
        });
      await operation(DAY_A + HOUR, 'INSERT');
      // The same change reported twice: counted once.
      await ingest(s, ORDERS, 'operation', {
        timestampMillis: DAY_A + HOUR + 1,
        lastUpdatedTimestamp: DAY_A + HOUR,
        operationType: 'INSERT',
      });
      await operation(DAY_A + 2 * HOUR, 'UPDATE');
      await operation(DAY_B + HOUR, 'CUSTOM', { customOperationType: 'VACUUM' });
      await operation(LONG_AGO, 'DROP');
      await ingest(s, ORDERS, 'datasetProfile', { timestampMillis: DAY_B, rowCount: 10, columnCount: 2 });
      await ingest(s, QUIET, 'datasetProperties', { name: 'quiet' });
      await ingest(s, ASSERTION, 'assertionInfo', {
        type: 'DATASET',
        datasetAssertion: {
          dataset: ORDERS,
          scope: 'DATASET_ROWS',
          operator: 'GREATER_THAN',
          aggregation: 'ROW_COUNT',
        },
      });
      const run = (time: number, runId: string, result: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        ingest(s, ASSERTION, 'assertionRunEvent', {
          timestampMillis: time,
          runId,
          asserteeUrn: ORDERS,
          assertionUrn: ASSERTION,
          status: 'COMPLETE',
          result,
          ...extra,
        });
      await run(DAY_B, 'run-1', { type: 'SUCCESS', rowCount: 10, actualAggValue: 10 });
      await run(
        DAY_A,
        'run-2',
        { type: 'FAILURE', rowCount: 0, nativeResults: { observed: '0' }, externalUrl: 'https://dq.example/run-2' },
        { runtimeContext: { env: 'prod' }, batchSpec: { nativeBatchId: 'b2', limit: 100 } },
      );
      await run(DAY_A + HOUR, 'run-3', { type: 'ERROR', error: { type: 'SOURCE_QUERY_FAILED' } });
    })());

  const run = async (query: string, variables: Record<string, unknown>) => {
    await seed();
    const reply = await graphql(server(), { query, variables, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as { data: Record<string, any> | null; errors?: { message: string }[] };
  };

  const COUNTS = `totalOperations totalInserts totalUpdates totalDeletes totalCreates totalAlters totalDrops totalCustoms
    customOperationsMap { key value }`;
  const STATS = `query getOperationsStats($urn: String!, $range: TimeRange!) {
    dataset(urn: $urn) { operationsStats(input: { range: $range }) { aggregations { ${COUNTS} } } } }`;
  const BUCKETS = `query getOperationsStatsBuckets($urn: String!, $input: OperationsStatsInput) {
    dataset(urn: $urn) { operationsStats(input: $input) {
      aggregations { ${COUNTS} } buckets { bucket aggregations { ${COUNTS} } } } } }`;
  const counts = (values: Record<string, unknown>) => ({
    totalOperations: null,
    totalInserts: null,
    totalUpdates: null,
    totalDeletes: null,
    totalCreates: null,
    totalAlters: null,
    totalDrops: null,
    totalCustoms: null,
    customOperationsMap: null,
    ...values,
  });

  it.each([
    {
      given: 'the month: distinct updates per type, the custom ones by their custom type',
      urn: ORDERS,
      range: 'MONTH',
      want: counts({
        totalOperations: 3,
        totalInserts: 1,
        totalUpdates: 1,
        totalCustoms: 1,
        customOperationsMap: [{ key: 'VACUUM', value: 1 }],
      }),
    },
    {
      given: 'the year: the older drop too',
      urn: ORDERS,
      range: 'YEAR',
      want: counts({
        totalOperations: 4,
        totalInserts: 1,
        totalUpdates: 1,
        totalDrops: 1,
        totalCustoms: 1,
        customOperationsMap: [{ key: 'VACUUM', value: 1 }],
      }),
    },
    { given: 'a dataset without operations: every count null', urn: QUIET, range: 'MONTH', want: counts({}) },
  ])('getOperationsStats, $given', async ({ urn: asked, range, want }) => {
    const reply = await run(STATS, { urn: asked, range });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.dataset.operationsStats.aggregations).toEqual(want);
  });

  it('getOperationsStatsBuckets: one bucket per day of the last update, oldest first', async () => {
    const reply = await run(BUCKETS, { urn: ORDERS, input: { range: 'MONTH', timeZone: 'UTC' } });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.dataset.operationsStats.buckets).toEqual([
      {
        bucket: DAY_B,
        aggregations: counts({
          totalOperations: 1,
          totalCustoms: 1,
          customOperationsMap: [{ key: 'VACUUM', value: 1 }],
        }),
      },
      { bucket: DAY_A, aggregations: counts({ totalOperations: 2, totalInserts: 1, totalUpdates: 1 }) },
    ]);
  });

  it('getOperationsStatsBuckets without input: the month in UTC days', async () => {
    const reply = await run(BUCKETS, { urn: ORDERS });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.dataset.operationsStats.buckets.map((b: any) => b.bucket)).toEqual([DAY_B, DAY_A]);
  });

  it('an unknown time zone is refused, naming input.timeZone', async () => {
    const reply = await run(BUCKETS, { urn: ORDERS, input: { timeZone: 'Mars/Olympus' } });
    expect(reply.errors?.[0]?.message).toContain('input.timeZone');
  });

  it.each([
    {
      urn: ORDERS,
      want: { oldestOperationTime: LONG_AGO, oldestDatasetUsageTime: null, oldestDatasetProfileTime: DAY_B },
    },
    { urn: QUIET, want: { oldestOperationTime: null, oldestDatasetUsageTime: null, oldestDatasetProfileTime: null } },
  ])('getDatasetTimeseriesCapability of $urn: the oldest point of each series', async ({ urn: asked, want }) => {
    const reply = await run(
      `query getDatasetTimeseriesCapability($urn: String!) { dataset(urn: $urn) {
        timeseriesCapabilities { assetStats { oldestOperationTime oldestDatasetUsageTime oldestDatasetProfileTime } } } }`,
      { urn: asked },
    );
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.dataset.timeseriesCapabilities.assetStats).toEqual(want);
  });

  const RUN_EVENT = `timestampMillis lastObservedMillis assertionUrn status runId runtimeContext { key value }
    result { type actualAggValue rowCount missingCount unexpectedCount externalUrl nativeResults { key value }
             error { type properties { key value } } }`;

  it.each([
    { given: 'every completed run, newest first', variables: {}, want: ['run-3', 'run-2', 'run-1'], counts: [3, 1, 1] },
    { given: 'a limit', variables: { limit: 1 }, want: ['run-3'], counts: [1, 0, 0] },
    { given: 'a window', variables: { startTime: DAY_B, endTime: DAY_A }, want: ['run-2', 'run-1'], counts: [2, 1, 1] },
  ])('getAssertionRuns, $given', async ({ variables, want, counts: [total, failed, succeeded] }) => {
    const reply = await run(
      `query getAssertionRuns($assertionUrn: String!, $startTime: Long, $endTime: Long, $limit: Int) {
        assertion(urn: $assertionUrn) { urn
          runEvents(status: COMPLETE, startTimeMillis: $startTime, endTimeMillis: $endTime, limit: $limit) {
            total failed succeeded runEvents { ${RUN_EVENT} } } } }`,
      { assertionUrn: ASSERTION, ...variables },
    );
    expect(reply.errors).toBeUndefined();
    const runs = reply.data?.assertion.runEvents;
    expect(runs.runEvents.map((e: any) => e.runId)).toEqual(want);
    expect([runs.total, runs.failed, runs.succeeded]).toEqual([total, failed, succeeded]);
  });

  it('a run event as the mapper maps it: its result, native results and context; the error left out', async () => {
    const reply = await run(
      `query getAssertionWithRunEvents($assertionUrn: String!) { assertion(urn: $assertionUrn) { urn
        runEvents(status: COMPLETE, startTimeMillis: ${DAY_A}, endTimeMillis: ${DAY_A}) { runEvents { ${RUN_EVENT} } } } }`,
      { assertionUrn: ASSERTION },
    );
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.assertion.runEvents.runEvents).toEqual([
      {
        timestampMillis: DAY_A,
        lastObservedMillis: expect.any(Number),
        assertionUrn: ASSERTION,
        status: 'COMPLETE',
        runId: 'run-2',
        runtimeContext: [{ key: 'env', value: 'prod' }],
        result: {
          type: 'FAILURE',
          actualAggValue: null,
          rowCount: 0,
          missingCount: null,
          unexpectedCount: null,
          externalUrl: 'https://dq.example/run-2',
          nativeResults: [{ key: 'observed', value: '0' }],
          error: null,
        },
      },
    ]);
  });

  it('getDatasetAssertionsWithRunEvents: each assertion of the dataset with its latest completed run', async () => {
    const reply = await run(
      `query getDatasetAssertionsWithRunEvents($urn: String!) { dataset(urn: $urn) {
        assertions(start: 0, count: 1000) { start count total assertions { urn
          runEvents(status: COMPLETE, limit: 1) { total failed succeeded runEvents { runId result { type } } } } } } }`,
      { urn: ORDERS },
    );
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.dataset.assertions).toEqual({
      start: 0,
      count: 1,
      total: 1,
      assertions: [
        {
          urn: ASSERTION,
          runEvents: { total: 1, failed: 0, succeeded: 0, runEvents: [{ runId: 'run-3', result: { type: 'ERROR' } }] },
        },
      ],
    });
  });
});
