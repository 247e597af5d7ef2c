/**
 * A dataset's `usageStats(range, startTimeMillis, timeZone)`: its stored usage points over the range, as
 * upstream's DatasetUsageStatsResolver reads them (UsageClient.getUsageStats: the UsageStats `queryRange`
 * action with a duration of DAY and the range from now, or from startTimeMillis when given, in daily
 * buckets of the time zone, ../../handlers/usage-query.ts) and
 * UsageQueryResultMapper maps them (datahub-graphql-core/.../types/usage/: the buckets, their metrics,
 * the aggregations, each user as a CorpUser of that urn). Its `statsSummary`: the same read over
 * the last MONTH, summarised as upstream's DatasetStatsSummaryResolver
 * (datahub-graphql-core/.../resolvers/dataset/DatasetStatsSummaryResolver.java) does.
 */
import { badRequest } from '../../errors.js';
import { isTimeZone, usageInRange, type UsageQueryResult } from '../../handlers/usage-query.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';

type Users = UsageQueryResult['aggregations']['users'];
type Fields = UsageQueryResult['aggregations']['fields'];

const usersOf = (view: EntityView, users: Users): OutputRecord[] =>
  users.map((u) =>
    view.shapes.record('UserUsageCounts', {
      user: () => view.corpUser(u.user),
      count: u.count,
      userEmail: u.userEmail ?? null,
    }),
  );
const fieldsOf = (view: EntityView, fields: Fields): OutputRecord[] =>
  fields.map((f) => view.shapes.record('FieldUsageCounts', { fieldName: f.fieldName, count: f.count }));

/** How many of the most active users `statsSummary` names (DatasetStatsSummaryResolver's MAX_TOP_USERS). */
const MAX_TOP_USERS = 5;

/**
 * The month's queries and distinct users, and its five most active users (by their summed counts,
 * the most first; a tie keeps the order the users first appear in), each a CorpUser of that urn.
 */
export function statsSummaryRecord(view: EntityView, urn: string): OutputRecord {
  const { aggregations } = usageInRange(view.store, urn, 'DAY', 'MONTH');
  const top = [...aggregations.users].sort((a, b) => b.count - a.count).slice(0, MAX_TOP_USERS);
  return view.shapes.record('DatasetStatsSummary', {
    queryCountLast30Days: aggregations.totalSqlQueries ?? null,
    uniqueUserCountLast30Days: aggregations.uniqueUserCount,
    topUsersLast30Days: top.map((u) => view.corpUser(u.user)),
  });
}

export interface UsageStatsArgs {
  range?: string | null;
  startTimeMillis?: number | null;
  timeZone?: string | null;
}

export function usageStatsRecord(view: EntityView, urn: string, args: UsageStatsArgs): OutputRecord {
  const { range, startTimeMillis, timeZone } = args;
  // Upstream's UsageTimeRange.valueOf(null) fails as a server error; the mock names the argument.
  if (!range) throw badRequest('range: a TimeRange is required (DAY, WEEK, MONTH, QUARTER, HALF_YEAR, YEAR or ALL)');
  // Upstream's query fails on a zone Elasticsearch does not know and the resolver answers an empty result; the mock names it.
  if (timeZone != null && !isTimeZone(timeZone))
    throw badRequest(`timeZone: '${timeZone}' is not a time zone name (e.g. UTC, Europe/Paris)`);
  const { buckets, aggregations } = usageInRange(view.store, urn, 'DAY', range, {
    ...(startTimeMillis != null ? { startTimeMillis } : {}),
    ...(timeZone != null ? { timeZone } : {}),
  });
  return view.shapes.record('UsageQueryResult', {
    buckets: buckets.map((b) =>
      view.shapes.record('UsageAggregation', {
        bucket: b.bucket,
        duration: b.duration,
        resource: b.resource,
        metrics: view.shapes.record('UsageAggregationMetrics', {
          uniqueUserCount: b.metrics.uniqueUserCount ?? null,
          totalSqlQueries: b.metrics.totalSqlQueries ?? null,
          topSqlQueries: b.metrics.topSqlQueries ?? null,
        }),
      }),
    ),
    aggregations: view.shapes.record('UsageQueryResultAggregations', {
      uniqueUserCount: aggregations.uniqueUserCount,
      users: usersOf(view, aggregations.users),
      fields: fieldsOf(view, aggregations.fields),
      totalSqlQueries: aggregations.totalSqlQueries ?? null,
    }),
  });
}
