/**
 * Time series aspects: not versioned, one point per (urn, aspect, timestampMillis); writing the
 * same timestamp again replaces the point (upstream's document id is derived from it).
 */
import type { PrimaryStatements, TimeseriesRow } from './database.js';
import { StoredJson } from './stored-json.js';
import type { TimeseriesPoint, WriteContext } from './types.js';
import { writeSystemMetadata } from './versioned-aspect.js';

/**
 * A point as getTimeseriesAspectValues answers it: the value's JSON text as a JSON string, the
 * system metadata as stored. Kept with the point, so that reading 10,000 of them only concatenates.
 */
const answerJsonOf = (value: string, systemMetadata: string): string =>
  `{"aspect":{"value":${JSON.stringify(value)},"contentType":"application/json"},"systemMetadata":${systemMetadata}}`;

export function writeTimeseriesPoint(
  statements: PrimaryStatements,
  point: { urn: string; entity: string; aspect: string; value: Record<string, unknown>; ctx: WriteContext },
): void {
  const value = JSON.stringify(point.value);
  const systemMetadata = JSON.stringify(writeSystemMetadata(point.ctx));
  const { urn, entity, aspect } = point;
  const timestampMillis = point.value.timestampMillis as number;
  statements.upsertPoint.run(urn, aspect, timestampMillis, entity, value, systemMetadata, Buffer.byteLength(value), answerJsonOf(value, systemMetadata));
}

/** A point read from the table; a 10,000-point answer sends the stored JSON text of each as it is. */
class StoredPoint extends StoredJson implements TimeseriesPoint {
  readonly timestampMillis: number;
  readonly entity: string;

  constructor(
    readonly urn: string,
    readonly aspect: string,
    row: Pick<TimeseriesRow, 'timestamp_millis' | 'entity' | 'value' | 'system_metadata'>,
  ) {
    super(row);
    this.timestampMillis = row.timestamp_millis;
    this.entity = row.entity;
  }
}

export interface TimeseriesRange {
  urn: string;
  aspect: string;
  startTimeMillis?: number;
  endTimeMillis?: number;
  limit: number;
}

const rangeParams = (q: TimeseriesRange): [string, string, number, number, number] => [
  q.urn,
  q.aspect,
  q.startTimeMillis ?? Number.MIN_SAFE_INTEGER,
  q.endTimeMillis ?? Number.MAX_SAFE_INTEGER,
  Math.max(0, q.limit),
];

/** Points of one aspect of one entity in an inclusive time range, newest first, at most `limit`. */
export function readTimeseries(statements: PrimaryStatements, q: TimeseriesRange): TimeseriesPoint[] {
  return statements.pointsInRange.all(...rangeParams(q)).map((row) => new StoredPoint(q.urn, q.aspect, row));
}

/**
 * The same points as a JSON array of enveloped aspects (`{aspect: {value, contentType}, systemMetadata}`)
 * between the texts `around` gives, in UTF-8, as parts sent one after another: the points are the
 * bytes SQLite wrote (megabytes at 10,000 points), not copied again to put the texts around them.
 */
export function readTimeseriesJson(statements: PrimaryStatements, q: TimeseriesRange, around: TextsAround): Buffer[] {
  const points = statements.pointsJsonInRange.get(...rangeParams(q));
  const start = Buffer.from(`${around.before}[`);
  const end = Buffer.from(`]${around.after}`);
  return points ? [start, points, end] : [start, end];
}

/** The texts written before and after a JSON value: the answer it is part of. */
export interface TextsAround {
  before: string;
  after: string;
}
