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

/**
 * A point read from the table. Its value is parsed on first use: a 10,000-point answer sends the
 * stored JSON text as it is, and parsing every point would cost more than the query.
 */
class StoredPoint implements TimeseriesPoint {
  readonly urn: string;
  readonly entity: string;
  readonly aspect: string;
  readonly timestampMillis: number;
  readonly valueJson: string;
  readonly systemMetadata?: SystemMetadata;
  private parsed: Record<string, unknown> | undefined;

  constructor(row: TimeseriesRow) {
    this.urn = row.urn;
    this.entity = row.entity;
    this.aspect = row.aspect;
    this.timestampMillis = row.timestamp_millis;
    this.valueJson = row.value;
    if (row.system_metadata !== null) this.systemMetadata = JSON.parse(row.system_metadata) as SystemMetadata;
  }

  get value(): Record<string, unknown> {
    return (this.parsed ??= JSON.parse(this.valueJson) as Record<string, unknown>);
  }
}

/** Points of one aspect of one entity in an inclusive time range, newest first, at most `limit`. */
export function readTimeseries(
  statements: PrimaryStatements,
  q: { urn: string; aspect: string; startTimeMillis?: number; endTimeMillis?: number; limit: number },
): TimeseriesPoint[] {
  const start = q.startTimeMillis ?? Number.MIN_SAFE_INTEGER;
  const end = q.endTimeMillis ?? Number.MAX_SAFE_INTEGER;
  return statements.pointsInRange.all(q.urn, q.aspect, start, end, Math.max(0, q.limit)).map((row) => new StoredPoint(row));
}
