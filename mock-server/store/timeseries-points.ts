/**
 * Time series aspects: not versioned, one point per (urn, aspect, timestampMillis); writing the
 * same timestamp again replaces the point (upstream's document id is derived from it).
 */
import type { PrimaryStatements, TimeseriesPointRow } from './database.js';
import { ResponseWriter, type LentBytes } from './response-buffers.js';
import { StoredJson } from './stored-json.js';
import type { TimeseriesPoint, WriteContext } from './types.js';
import { writeSystemMetadata } from './versioned-aspect.js';

/**
 * A point as getTimeseriesAspectValues answers it: the value's JSON text as a JSON string, the
 * system metadata as written. It is the point's row (timeseries-layout.ts): reading 10,000 of them
 * only concatenates, and the value and system metadata are read out of it.
 */
const responseJsonOf = (value: string, systemMetadata: string): string =>
  `{"aspect":{"value":${JSON.stringify(value)},"contentType":"application/json"},"systemMetadata":${systemMetadata}}`;

export function writeTimeseriesPoint(
  statements: PrimaryStatements,
  point: { urn: string; entity: string; aspect: string; value: Record<string, unknown>; ctx: WriteContext },
): void {
  const value = JSON.stringify(point.value);
  const systemMetadata = JSON.stringify(writeSystemMetadata(point.ctx));
  const { urn, entity, aspect } = point;
  const timestampMillis = point.value.timestampMillis as number;
  statements.upsertPoint.run(
    urn,
    aspect,
    timestampMillis,
    entity,
    Buffer.byteLength(value),
    responseJsonOf(value, systemMetadata),
  );
}

/** A point read from the table; a 10,000-point response sends the stored JSON text of each as it is. */
class StoredPoint extends StoredJson implements TimeseriesPoint {
  readonly timestampMillis: number;
  readonly entity: string;

  constructor(
    readonly urn: string,
    readonly aspect: string,
    row: TimeseriesPointRow,
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

// Points per batch of a range's response: about 90 kB of a small point's JSON, under the 128 kB past
// which V8 makes a string outside its young generation.
const BATCH = 256;

/**
 * The same points as a JSON array of enveloped aspects (`{aspect: {value, contentType}, systemMetadata}`)
 * between the texts `around` gives, in UTF-8, in a buffer lent to the response (megabytes at 10,000
 * points), read in batches newest first: each batch ends where the next begins, one millisecond
 * before its oldest point (timestamps are whole milliseconds, one point each).
 */
export function readTimeseriesJson(statements: PrimaryStatements, q: TimeseriesRange, around: TextsAround): LentBytes {
  const [urn, aspect, start, end, limit] = rangeParams(q);
  const response = new ResponseWriter();
  response.write(`${around.before}[`);
  let left = limit;
  let newest = end;
  while (left > 0) {
    const wanted = Math.min(BATCH, left);
    const [items, oldest, count] = statements.pointsJsonBatch.get(urn, aspect, start, newest, wanted) ?? [
      null,
      null,
      0,
    ];
    if (items === null || oldest === null) break;
    if (left < limit) response.write(',');
    response.write(items);
    left -= count;
    newest = oldest - 1;
    if (count < wanted) break;
  }
  response.write(`]${around.after}`);
  return response.lend();
}

/** The texts written before and after a JSON value: the response it is part of. */
export interface TextsAround {
  before: string;
  after: string;
}
