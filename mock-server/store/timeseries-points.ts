/**
 * Time series aspects: not versioned, one point per (urn, aspect, timestampMillis); writing the
 * same timestamp again replaces the point (upstream's document id is derived from it).
 */
import type { PrimaryStatements, TimeseriesRow } from './database.js';
import type { SystemMetadata, TimeseriesPoint, WriteContext } from './types.js';
import { writeSystemMetadata } from './versioned-aspect.js';

export function writeTimeseriesPoint(
  statements: PrimaryStatements,
  point: { urn: string; entity: string; aspect: string; value: Record<string, unknown>; ctx: WriteContext },
): void {
  const value = JSON.stringify(point.value);
  statements.upsertPoint.run({
    urn: point.urn,
    aspect: point.aspect,
    timestamp_millis: point.value.timestampMillis as number,
    entity: point.entity,
    value,
    system_metadata: JSON.stringify(writeSystemMetadata(point.ctx)),
    byte_size: Buffer.byteLength(value),
  });
}

function timeseriesPoint(row: TimeseriesRow): TimeseriesPoint {
  const point: TimeseriesPoint = {
    urn: row.urn,
    entity: row.entity,
    aspect: row.aspect,
    timestampMillis: row.timestamp_millis,
    value: JSON.parse(row.value) as Record<string, unknown>,
  };
  if (row.system_metadata !== null) point.systemMetadata = JSON.parse(row.system_metadata) as SystemMetadata;
  return point;
}

/** Points of one aspect of one entity in an inclusive time range, newest first, at most `limit`. */
export function readTimeseries(
  statements: PrimaryStatements,
  q: { urn: string; aspect: string; startTimeMillis?: number; endTimeMillis?: number; limit: number },
): TimeseriesPoint[] {
  const start = q.startTimeMillis ?? Number.MIN_SAFE_INTEGER;
  const end = q.endTimeMillis ?? Number.MAX_SAFE_INTEGER;
  return statements.pointsInRange.all(q.urn, q.aspect, start, end, Math.max(0, q.limit)).map(timeseriesPoint);
}
