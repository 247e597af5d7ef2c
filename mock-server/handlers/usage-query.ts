/**
 * The usage of a resource over a range, as upstream's UsageStats `queryRange` computes it from the
 * stored `datasetUsageStatistics` points: buckets of the asked duration (each the latest point in
 * it) and aggregations over the whole range. The REST action (usage-stats.ts) answers it, and
 * GraphQL's `Dataset.usageStats(range, startTimeMillis, timeZone)` reads it as upstream's UsageClient does
 * (duration DAY; a start in place of the range's, buckets on a time zone's calendar).
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
  HALF_YEAR: 183 * DAY + 1,
  YEAR: 366 * DAY + 1,
  ALL: undefined,
};

/** Upstream's `convertRangeToStartTime`: the start of a range reaching back from `now` (0 for ALL). */
export function rangeStartTime(range: string, now: number): number {
  const back = RANGE_MS[range];
  return back === undefined ? 0 : now - back;
}

/** Whether `timeZone` is a time zone name the date histogram can take (an IANA name such as `Europe/Paris`, or `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** One wall-clock formatter per time zone (building one costs more than formatting with it). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at an instant, in milliseconds (what its wall clock reads minus UTC). */
function zoneOffset(timestamp: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(timestamp)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (timestamp - (timestamp % 1000));
}

/**
 * Start of the calendar bucket of a timestamp, as the date histogram of upstream's query groups by: in
 * UTC, or on the wall clock of `timeZone` when given (the bucket starts at that zone's midnight, hour, ...).
 */
export function bucketStart(timestamp: number, duration: string, timeZone?: string): number {
  if (!timeZone) return utcBucketStart(timestamp, duration);
  const wall = utcBucketStart(timestamp + zoneOffset(timestamp, timeZone), duration);
  // The wall-clock start back to an instant, with the offset in force at that start (it differs across a DST change).
  return wall - zoneOffset(wall - zoneOffset(timestamp, timeZone), timeZone);
}

function utcBucketStart(timestamp: number, duration: string): number {
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

/** Where a usage query starts other than from its range, and the time zone of its buckets (GraphQL's usageStats). */
export interface UsageWindow {
  /** Start of the window in epoch milliseconds, in place of the range's start (upstream's UsageStatsJavaClient). */
  startTimeMillis?: number;
  /** Time zone name of the buckets' calendar; UTC when absent. */
  timeZone?: string;
}

/**
 * The usage of `resource` in buckets of `duration` over the range `rangeFromEnd` (HOUR … YEAR, ALL) up to
 * now, or from `window.startTimeMillis` up to now when given.
 */
export function usageInRange(
  store: CatalogStore,
  resource: string,
  duration: string,
  rangeFromEnd: string,
  window: UsageWindow = {},
): UsageQueryResult {
  const now = Date.now();
  const points = store
    .timeseries({
      urn: resource,
      aspect: USAGE_ASPECT,
      startTimeMillis: window.startTimeMillis ?? rangeStartTime(rangeFromEnd, now),
      endTimeMillis: now,
      limit: Number.MAX_SAFE_INTEGER,
    })
    .map((p) => p.value as unknown as UsagePoint)
    .reverse(); // oldest first, so the last point of a bucket is its latest
  const buckets = new Map<number, UsagePoint>();
  const users = new Map<string, { count: number; userEmail?: string }>();
  const fields = new Map<string, number>();
  for (const point of points) {
    buckets.set(bucketStart(point.timestampMillis, duration, window.timeZone), point);
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
