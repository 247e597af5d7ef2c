/**
 * Dataset.usageStats(range) through POST /api/graphql: the stored usage points over the range, as
 * upstream's DatasetUsageStatsResolver reads them (UsageClient.getUsageStats: the UsageStats
 * `queryRange` action, duration DAY, the range from now) and UsageQueryResultMapper maps them; the
 * same numbers as the REST action gives.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql } from './graphql-harness.js';
import { call, ingest, serverForTests } from './http-harness.js';

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
    return reply.json as { data?: { dataset: { usageStats: Record<string, any> | null } | null }; errors?: { message: string; extensions: { type: string } }[]; extensions?: Record<string, unknown> };
  };

  it('gives the stored usage of the range, day by day, as the REST queryRange does', async () => {
    const point = (daysAgo: number, queries: number, users: string[]) => ({
      timestampMillis: today - daysAgo * DAY,
      eventGranularity: { unit: 'DAY', multiple: 1 },
      uniqueUserCount: users.length,
      totalSqlQueries: queries,
      topSqlQueries: ['select 1'],
      userCounts: users.map((u) => ({ user: `urn:svc:corpuser:${u}`, count: queries / users.length, userEmail: `${u}@example.com` })),
      fieldCounts: [{ fieldPath: 'id', count: queries }],
    });
    await ingest(server(), ORDERS, 'datasetUsageStatistics', point(1, 4, ['ann', 'bob']));
    await ingest(server(), ORDERS, 'datasetUsageStatistics', point(2, 6, ['ann']));
    await ingest(server(), ORDERS, 'datasetUsageStatistics', point(40, 10, ['cy']));

    const week = await usage('WEEK');
    expect(week.errors).toBeUndefined();
    expect(week.extensions?.mockedFields).toBeUndefined();
    const rest = (await call(server(), 'POST', '/usageStats?action=queryRange', { body: { resource: ORDERS, duration: 'DAY', rangeFromEnd: 'WEEK' } })).json.value;
    expect(week.data?.dataset?.usageStats).toEqual({
      buckets: rest.buckets.map((b: { metrics: Record<string, unknown> }) => ({ ...b, metrics: { uniqueUserCount: null, totalSqlQueries: null, topSqlQueries: null, users: null, fields: null, ...b.metrics } })),
      aggregations: {
        ...rest.aggregations,
        users: rest.aggregations.users.map((u: { user: string; count: number; userEmail?: string }) => ({ user: { urn: u.user }, count: u.count, userEmail: u.userEmail ?? null })),
      },
    });
    expect(week.data?.dataset?.usageStats?.aggregations).toMatchObject({ uniqueUserCount: 2, totalSqlQueries: 10, fields: [{ fieldName: 'id', count: 10 }] });
    expect(week.data?.dataset?.usageStats?.buckets.map((b: { bucket: number }) => b.bucket)).toEqual([today - 2 * DAY, today - DAY]);
    expect((await usage('ALL')).data?.dataset?.usageStats?.aggregations.totalSqlQueries).toBe(20);
  });

  it('without a range is BAD_REQUEST naming it', async () => {
    const json = await usage('null');
    expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(json.errors?.[0]?.message).toContain('range');
  });
});
