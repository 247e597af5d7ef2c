/**
 * A dashboard's `statsSummary` (upstream's DashboardStatsSummaryResolver and DashboardUsageStatsUtils,
 * datahub-graphql-core/.../resolvers/dashboard/, v1.3.0.1) from its dashboardUsageStatistics points: the
 * view count of the latest point that is not a time bucket (no eventGranularity), and the users of the
 * bucketed points of the last month (31 days and a millisecond back from now): how many, and the five
 * with the most views (their summed viewsCount, the most first; a tie keeps the order they first appear
 * in), each a CorpUser of that URN. A chart's summary is null: upstream's ChartStatsSummaryResolver
 * answers none yet.
 */
import { numberOr, objectOf, objectsOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';

const USAGE_ASPECT = 'dashboardUsageStatistics';
const MAX_TOP_USERS = 5;
const ONE_MONTH_MS = 31 * 24 * 3_600_000 + 1;

export function dashboardStatsSummary(view: EntityView, urn: string): OutputRecord {
  const now = Date.now();
  const points = view.store
    .timeseries({ urn, aspect: USAGE_ASPECT, endTimeMillis: now, limit: Number.MAX_SAFE_INTEGER })
    .map((point) => point.value);
  const absolute = points.find((point) => !objectOf(point.eventGranularity));
  const views = new Map<string, number>();
  // The store gives the newest first; the users are counted oldest first, so a tie keeps the first seen.
  for (const point of [...points].reverse()) {
    if (!objectOf(point.eventGranularity) || numberOr(point.timestampMillis)! < now - ONE_MONTH_MS) continue;
    for (const counts of objectsOf(point.userCounts)) {
      const user = stringOr(counts.user);
      if (user) views.set(user, (views.get(user) ?? 0) + (numberOr(counts.viewsCount) ?? 0));
    }
  }
  const top = [...views.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_TOP_USERS);
  return view.shapes.record('DashboardStatsSummary', {
    viewCount: absolute ? numberOr(absolute.viewsCount) : null,
    uniqueUserCountLast30Days: views.size,
    topUsersLast30Days: () => top.map(([user]) => view.corpUser(user)),
  });
}
