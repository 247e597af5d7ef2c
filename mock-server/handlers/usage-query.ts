/**
 * The usage of a resource over a range, as upstream's UsageStats `queryRange` computes it from the
 * stored `datasetUsageStatistics` points: buckets of the asked duration (each the latest point in
 * it) and aggregations over the whole range. The REST action (usage-stats.ts) answers it, and
 * GraphQL's `Dataset.usageStats(range)` reads it as upstream's UsageClient does (duration DAY).
 */
import type { CatalogStore } from '../store/catalog-store.js';

export const USAGE_ASPECT = 'datasetUsageStatistics';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Upstream's `convertRangeToStartTime`: how far back from now each range starts (inclusive bounds, hence the extra millisecond). */
const RANGE_MS: Readonly<Record<string, number | undefined>> = {
  HOUR: 2 * HOUR + 1,
  DAY: 2 * DAY + 1,
  WEEK: 8 * DAY + 1,
  MONTH: 31 * DAY + 1,
  QUARTER: 92 * DAY + 1,
  YEAR: 366 * DAY + 1,
  ALL: undefined,
};

/** Start of the calendar bucket of a timestamp (UTC), as the date histogram of upstream's query groups by. */
function bucketStart(timestamp: number, duration: string): number {
  const d = new Date(timestamp);
  switch (duration) {
    case 'HOUR':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
    case 'DAY':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case 'WEEK': {
      // ISO weeks start on Monday.
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return day - ((d.getUTCDay() + 6) % 7) * DAY;
    }
    case 'MONTH':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    default:
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

interface UsagePoint {
  timestampMillis: number;
  uniqueUserCount?: number;
  totalSqlQueries?: number;
  topSqlQueries?: string[];
  userCounts?: { user: string; count: number; userEmail?: string }[];
  fieldCounts?: { fieldPath: string; count: number }[];
}

/** A bucket's metrics: its latest point's. */
export interface UsageMetrics {
  uniqueUserCount?: number;
  totalSqlQueries?: number;
  topSqlQueries?: string[];
}

export interface UsageQueryResult {
  buckets: { bucket: number; duration: string; resource: string; metrics: UsageMetrics }[];
  aggregations: {
    users: { user: string; count: number; userEmail?: string }[];
    uniqueUserCount: number;
    fields: { fieldName: string; count: number }[];
    totalSqlQueries?: number;
  };
}

/** The usage of `resource` in buckets of `duration` over the range `rangeFromEnd` (HOUR … YEAR, ALL) up to now. */
export function usageInRange(
  store: CatalogStore,
  resource: string,
  duration: string,
  rangeFromEnd: string,
): UsageQueryResult {
  const now = Date.now();
  const back = RANGE_MS[rangeFromEnd];
  const points = store
    .timeseries({
      urn: resource,
      aspect: USAGE_ASPECT,
      startTimeMillis: back === undefined ? 0 : now - back,
      endTimeMillis: now,
      limit: Number.MAX_SAFE_INTEGER,
    })
    .map((p) => p.value as unknown as UsagePoint)
    .reverse(); // oldest first, so the last point of a bucket is its latest
  const buckets = new Map<number, UsagePoint>();
  const users = new Map<string, { count: number; userEmail?: string }>();
  const fields = new Map<string, number>();
  for (const point of points) {
    buckets.set(bucketStart(point.timestampMillis, duration), point);
    for (const u of point.userCounts ?? []) {
      const known = users.get(u.user);
      users.set(u.user, {
        count: (known?.count ?? 0) + u.count,
        ...((u.userEmail ?? known?.userEmail) ? { userEmail: u.userEmail ?? known?.userEmail } : {}),
      });
    }
    for (const f of point.fieldCounts ?? []) fields.set(f.fieldPath, (fields.get(f.fieldPath) ?? 0) + f.count);
  }
  let totalSqlQueries: number | undefined;
  const bucketList = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, latest]) => {
      const metrics: UsageMetrics = {};
      if (latest.uniqueUserCount !== undefined) metrics.uniqueUserCount = latest.uniqueUserCount;
      if (latest.totalSqlQueries !== undefined) {
        metrics.totalSqlQueries = latest.totalSqlQueries;
        totalSqlQueries = (totalSqlQueries ?? 0) + latest.totalSqlQueries;
      }
      if (latest.topSqlQueries !== undefined) metrics.topSqlQueries = latest.topSqlQueries;
      return { bucket, duration, resource, metrics };
    });
  const aggregations: UsageQueryResult['aggregations'] = {
    users: [...users.entries()].map(([user, u]) => ({ user, ...u })),
    uniqueUserCount: users.size,
    fields: [...fields.entries()].map(([fieldName, count]) => ({ fieldName, count })),
  };
  if (totalSqlQueries !== undefined) aggregations.totalSqlQueries = totalSqlQueries;
  return { buckets: bucketList, aggregations };
}
