/**
 * A dataset's `operationsStats(input)` and `timeseriesCapabilities`. The statistics as upstream's
 * DatasetOperationsStatsResolver asks OperationsServiceUtil for them
 * (datahub-graphql-core/.../resolvers/dataset/DatasetOperationsStatsResolver.java,
 * metadata-io/.../timeseries/elastic/OperationsServiceUtil.java, v1.3.0.1): the operation points of
 * the range (MONTH by default) up to now; per operation type the number of distinct
 * lastUpdatedTimestamp values (the cardinality the aggregation asks for), overall and per day of
 * lastUpdatedTimestamp in the time zone; the CUSTOM ones also per customOperationType. The
 * capabilities as TimeseriesCapabilitiesResolver reads them: the oldest point of the operation, usage
 * and profile series.
 */
import { bucketStart, isTimeZone, rangeStartTime } from '../../handlers/usage-query.js';
import { badRequestError } from '../errors.js';
import { numberOr, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';

export interface OperationsStatsArgs {
  input?: { range?: string | null; timeZone?: string | null } | null;
}

/** The field of each operation type's count (OperationsServiceUtil.updateOperationAggregations). */
const TYPE_FIELDS: Readonly<Record<string, string>> = {
  INSERT: 'totalInserts',
  UPDATE: 'totalUpdates',
  DELETE: 'totalDeletes',
  CREATE: 'totalCreates',
  ALTER: 'totalAlters',
  DROP: 'totalDrops',
  CUSTOM: 'totalCustoms',
};

/** The distinct lastUpdatedTimestamp values of each key's points (points without either are not counted). */
function distinctUpdates(
  points: readonly JsonObject[],
  keyOf: (point: JsonObject) => string | null,
): Map<string, number> {
  const seen = new Map<string, Set<number>>();
  for (const point of points) {
    const key = keyOf(point);
    const updated = numberOr(point.lastUpdatedTimestamp);
    if (key === null || updated === null) continue;
    seen.set(key, (seen.get(key) ?? new Set()).add(updated));
  }
  return new Map([...seen].map(([key, times]) => [key, times.size]));
}

/** The counts of a set of points; every count null when none is counted. */
function aggregationsRecord(view: EntityView, points: readonly JsonObject[]): OutputRecord {
  const byType = distinctUpdates(points, (p) => stringOr(p.operationType));
  if (byType.size === 0) return view.shapes.record('OperationsAggregationsResult', {});
  const counts: Record<string, unknown> = { totalOperations: [...byType.values()].reduce((a, b) => a + b, 0) };
  for (const [type, count] of byType) if (TYPE_FIELDS[type]) counts[TYPE_FIELDS[type]] = count;
  if (((counts.totalCustoms as number | undefined) ?? 0) > 0) {
    const customs = distinctUpdates(points, (p) => stringOr(p.customOperationType));
    if (customs.size > 0)
      counts.customOperationsMap = [...customs].map(([key, value]) =>
        view.shapes.record('IntMapEntry', { key, value }),
      );
  }
  return view.shapes.record('OperationsAggregationsResult', counts);
}

export function operationsStatsRecord(view: EntityView, urn: string, { input }: OperationsStatsArgs): OutputRecord {
  const timeZone = input?.timeZone ?? undefined;
  if (timeZone !== undefined && !isTimeZone(timeZone))
    throw badRequestError(`input.timeZone: '${timeZone}' is not a time zone name (e.g. UTC, Europe/Paris)`);
  const now = Date.now();
  const points = view.store
    .timeseries({
      urn,
      aspect: 'operation',
      startTimeMillis: rangeStartTime(input?.range ?? 'MONTH', now),
      endTimeMillis: now,
      limit: Number.MAX_SAFE_INTEGER,
    })
    .map((p) => p.value);
  const days = new Map<number, JsonObject[]>();
  for (const point of points) {
    const updated = numberOr(point.lastUpdatedTimestamp);
    if (updated === null) continue;
    const day = bucketStart(updated, 'DAY', timeZone);
    days.set(day, [...(days.get(day) ?? []), point]);
  }
  const buckets = [...days]
    .filter(([, dayPoints]) => dayPoints.some((p) => stringOr(p.operationType) !== null))
    .sort(([a], [b]) => a - b)
    .map(([bucket, dayPoints]) =>
      view.shapes.record('OperationsAggregation', {
        bucket,
        duration: 'DAY',
        resource: urn,
        aggregations: aggregationsRecord(view, dayPoints),
      }),
    );
  return view.shapes.record('OperationsQueryResult', { buckets, aggregations: aggregationsRecord(view, points) });
}

/** The timestampMillis of the oldest point of one of the dataset's time series; null without one. */
function oldestPointTime(view: EntityView, urn: string, aspect: string): number | null {
  const points = view.store.timeseries({ urn, aspect, limit: Number.MAX_SAFE_INTEGER });
  return points.length ? points[points.length - 1]!.timestampMillis : null;
}

export function timeseriesCapabilitiesRecord(view: EntityView, urn: string): OutputRecord {
  return view.shapes.record('TimeseriesCapabilitiesResult', {
    assetStats: view.shapes.record('AssetStatsResult', {
      oldestOperationTime: oldestPointTime(view, urn, 'operation'),
      oldestDatasetUsageTime: oldestPointTime(view, urn, 'datasetUsageStatistics'),
      oldestDatasetProfileTime: oldestPointTime(view, urn, 'datasetProfile'),
    }),
  });
}
