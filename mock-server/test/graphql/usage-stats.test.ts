/**
 * Dataset.usageStats(range) through POST /api/graphql: the stored usage points over the range, as
 * upstream's DatasetUsageStatsResolver reads them (UsageClient.getUsageStats: the UsageStats
 * `queryRange` action, duration DAY, the range from now) and UsageQueryResultMapper maps them; the
 * same numbers as the REST action gives.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql } from '../graphql-harness.js';
import { call, ingest, serverForTests } from '../http-harness.js';

const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.orders,PROD)';
const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
const QUERY = `{ dataset(urn: "${ORDERS}") { usageStats(range: $RANGE) {
  buckets { bucket duration resource metrics { uniqueUserCount totalSqlQueries topSqlQueries users { count } fields { count } } }
  aggregations { uniqueUserCount totalSqlQueries users { user { urn } count userEmail } fields { fieldName count } } } } }`;

describe('Dataset.usageStats', () => {
  const server = serverForTests({ indexLagMs: 0 });
  const usage = async (range: string) => {
    const reply = await graphql(server(), { query: QUERY.replace('$RANGE', range), token: ADMIN });
    return reply.json as {
      data?: { dataset: { usageStats: Record<string, any> | null } | null };
      errors?: { message: string; extensions: { type: string } }[];
      extensions?: Record<string, unknown>;
    };
  };

  it('gives the stored usage of the range, day by day, as the REST queryRange does', async () => {
    const point = (daysAgo: number, queries: number, users: string[]) => ({
      timestampMillis: today - daysAgo * DAY,
      eventGranularity: { unit: 'DAY', multiple: 1 },
      uniqueUserCount: users.length,
      totalSqlQueries: queries,
      topSqlQueries: ['select 1'],
      userCounts: users.map((u) => ({
        user: `urn:svc:corpuser:${u}`,
        count: queries / users.length,
        userEmail: `${u}@example.com`,
      })),
      fieldCounts: [{ fieldPath: 'id', count: queries }],
    });
    await ingest(server(), ORDERS, 'datasetUsageStatistics', point(1, 4, ['ann', 'bob']));
    await ingest(server(), ORDERS, 'datasetUsageStatistics', point(2, 6, ['ann']));
    await ingest(server(), ORDERS, 'datasetUsageStatistics', point(40, 10, ['cy']));

    const week = await usage('WEEK');
    expect(week.errors).toBeUndefined();
    expect(week.extensions?.mockedFields).toBeUndefined();
    const rest = (
      await call(server(), 'POST', '/usageStats?action=queryRange', {
        body: { resource: ORDERS, duration: 'DAY', rangeFromEnd: 'WEEK' },
      })
    ).json.value;
    expect(week.data?.dataset?.usageStats).toEqual({
      buckets: rest.buckets.map((b: { metrics: Record<string, unknown> }) => ({
        ...b,
        metrics: {
          uniqueUserCount: null,
          totalSqlQueries: null,
          topSqlQueries: null,
          users: null,
          fields: null,
          ...b.metrics,
        },
      })),
      aggregations: {
        ...rest.aggregations,
        users: rest.aggregations.users.map((u: { user: string; count: number; userEmail?: string }) => ({
          user: { urn: u.user },
          count: u.count,
          userEmail: u.userEmail ?? null,
        })),
      },
    });
    expect(week.data?.dataset?.usageStats?.aggregations).toMatchObject({
      uniqueUserCount: 2,
      totalSqlQueries: 10,
      fields: [{ fieldName: 'id', count: 10 }],
    });
    expect(week.data?.dataset?.usageStats?.buckets.map((b: { bucket: number }) => b.bucket)).toEqual([
      today - 2 * DAY,
      today - DAY,
    ]);
    expect((await usage('ALL')).data?.dataset?.usageStats?.aggregations.totalSqlQueries).toBe(20);
  });

  it('without a range is BAD_REQUEST naming it', async () => {
    const json = await usage('null');
    expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(json.errors?.[0]?.message).toContain('range');
  });
});

/**
 * Dataset.statsSummary: the usage of the last MONTH (UsageClient.getUsageStats with
 * UsageTimeRange.MONTH) summed up as upstream's DatasetStatsSummaryResolver does: the range's total
 * queries and distinct users, and at most five users (MAX_TOP_USERS), the most active first.
 */
describe('Dataset.statsSummary', () => {
  const server = serverForTests({ indexLagMs: 0 });
  const SUMMARY = 'statsSummary { queryCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn } }';
  const summary = async (urn: string) => {
    const reply = await graphql(server(), { query: `{ dataset(urn: "${urn}") { ${SUMMARY} } }`, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as {
      data?: { dataset: { statsSummary: Record<string, any> | null } | null };
      errors?: unknown[];
      extensions?: Record<string, unknown>;
    };
  };
  const users = (counts: Record<string, number>) =>
    Object.entries(counts).map(([user, count]) => ({ user: `urn:svc:corpuser:${user}`, count }));

  it("sums the month's usage and names its five most active users, the most active first", async () => {
    const day = (daysAgo: number, fields: Record<string, unknown>) => ({
      timestampMillis: today - daysAgo * DAY,
      eventGranularity: { unit: 'DAY', multiple: 1 },
      ...fields,
    });
    await ingest(
      server(),
      ORDERS,
      'datasetUsageStatistics',
      day(3, { uniqueUserCount: 4, totalSqlQueries: 12, userCounts: users({ ann: 1, bob: 5, cy: 2, dee: 4 }) }),
    );
    await ingest(
      server(),
      ORDERS,
      'datasetUsageStatistics',
      day(1, { uniqueUserCount: 4, totalSqlQueries: 9, userCounts: users({ ann: 6, eve: 1, fay: 3, gus: 1 }) }),
    );
    // Older than the month: counted by neither figure.
    await ingest(
      server(),
      ORDERS,
      'datasetUsageStatistics',
      day(45, { uniqueUserCount: 1, totalSqlQueries: 100, userCounts: users({ old: 100 }) }),
    );

    const json = await summary(ORDERS);
    expect(json.errors).toBeUndefined();
    expect(json.extensions).toEqual({});
    expect(json.data?.dataset?.statsSummary).toEqual({
      queryCountLast30Days: 21,
      uniqueUserCountLast30Days: 7,
      // ann 7, bob 5, dee 4, fay 3, cy 2; eve and gus (1 each) are left out.
      topUsersLast30Days: ['ann', 'bob', 'dee', 'fay', 'cy'].map((u) => ({ urn: `urn:svc:corpuser:${u}` })),
    });
    // The same numbers as usageStats(range: MONTH) gives.
    const month = await graphql(server(), { query: QUERY.replace('$RANGE', 'MONTH'), token: ADMIN });
    const aggregations = (
      month.json as {
        data: { dataset: { usageStats: { aggregations: { totalSqlQueries: number; uniqueUserCount: number } } } };
      }
    ).data.dataset.usageStats.aggregations;
    expect([aggregations.totalSqlQueries, aggregations.uniqueUserCount]).toEqual([21, 7]);
  });

  it('of a dataset without usage is no queries, no users', async () => {
    const EMPTY = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.unused,PROD)';
    await ingest(server(), EMPTY, 'datasetProperties', { name: 'unused' });
    expect((await summary(EMPTY)).data?.dataset?.statsSummary).toEqual({
      queryCountLast30Days: null,
      uniqueUserCountLast30Days: 0,
      topUsersLast30Days: [],
    });
  });
});
