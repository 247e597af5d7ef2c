/**
 * The legacy usageStats resource (upstream's `UsageStats`, see ../ingest/usage-aggregation.ts): batchIngest
 * stores each usage record as a `datasetUsageStatistics` point; queryRange reads those points back
 * as upstream's `query` does, in buckets of the asked duration with aggregations over the range.
 */
import { datasetUsageStatisticsOf, type UsageAggregation } from '../ingest/usage-aggregation.js';
import { RestliError } from '../errors.js';
import { writeContext, type Handler } from './context.js';
import { entityOf } from './entity-urn.js';

const USAGE_ASPECT = 'datasetUsageStatistics';
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

export const batchIngestUsageStats: Handler = ({ body, caller }, { contract, store }) => {
  (body as { buckets: UsageAggregation[] }).buckets.forEach((bucket, i) => {
    const at = `body.buckets[${i}]`;
    const entity = entityOf(contract, bucket.resource, `${at}.resource`);
    try {
      store.upsertAspect(entity.name, bucket.resource, USAGE_ASPECT, datasetUsageStatisticsOf(bucket), { ...writeContext(caller), valueRoot: `${at} (as ${USAGE_ASPECT})` });
    } catch (error) {
      if (!(error instanceof RestliError) || error.message.includes(at)) throw error;
      throw new RestliError(error.status, `${at}.resource: ${error.message}`);
    }
  });
  return {};
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

export const queryUsageStatsRange: Handler = ({ body }, { contract, store }) => {
  const { resource, duration, rangeFromEnd } = body as { resource: string; duration: string; rangeFromEnd: string };
  entityOf(contract, resource, 'body.resource');
  const now = Date.now();
  const back = RANGE_MS[rangeFromEnd];
  const points = store
    .timeseries({ urn: resource, aspect: USAGE_ASPECT, startTimeMillis: back === undefined ? 0 : now - back, endTimeMillis: now, limit: Number.MAX_SAFE_INTEGER })
    .map((p) => p.value as unknown as UsagePoint)
    .reverse(); // oldest first, so the last point of a bucket is its latest
  const buckets = new Map<number, UsagePoint>();
  const users = new Map<string, { count: number; userEmail?: string }>();
  const fields = new Map<string, number>();
  for (const point of points) {
    buckets.set(bucketStart(point.timestampMillis, duration), point);
    for (const u of point.userCounts ?? []) {
      const known = users.get(u.user);
      users.set(u.user, { count: (known?.count ?? 0) + u.count, ...(u.userEmail ?? known?.userEmail ? { userEmail: u.userEmail ?? known?.userEmail } : {}) });
    }
    for (const f of point.fieldCounts ?? []) fields.set(f.fieldPath, (fields.get(f.fieldPath) ?? 0) + f.count);
  }
  let totalSqlQueries: number | undefined;
  const bucketList = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, latest]) => {
      const metrics: Record<string, unknown> = {};
      if (latest.uniqueUserCount !== undefined) metrics.uniqueUserCount = latest.uniqueUserCount;
      if (latest.totalSqlQueries !== undefined) {
        metrics.totalSqlQueries = latest.totalSqlQueries;
        totalSqlQueries = (totalSqlQueries ?? 0) + latest.totalSqlQueries;
      }
      if (latest.topSqlQueries !== undefined) metrics.topSqlQueries = latest.topSqlQueries;
      return { bucket, duration, resource, metrics };
    });
  const aggregations: Record<string, unknown> = {
    users: [...users.entries()].map(([user, u]) => ({ user, ...u })),
    uniqueUserCount: users.size,
    fields: [...fields.entries()].map(([fieldName, count]) => ({ fieldName, count })),
  };
  if (totalSqlQueries !== undefined) aggregations.totalSqlQueries = totalSqlQueries;
  return { json: { value: { buckets: bucketList, aggregations } } };
};
