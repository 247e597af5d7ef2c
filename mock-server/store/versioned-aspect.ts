/**
 * Versioned aspect writes as upstream's primary store does them (restli-facts §6): version 0 holds
 * the latest value; a changed value moves the old latest, with its created stamp and system
 * metadata, to max+1; an identical value adds no version and only refreshes lastObserved.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AspectRow, PrimaryStatements } from './database.js';
import { StoredJson } from './stored-json.js';
import type { AuditStamp, StoredAspect, SystemMetadata, WriteContext } from './types.js';

/** The run id of a write that names none, as upstream's DEFAULT_RUN_ID. */
export const NO_RUN_ID = 'no-run-id-provided';

/** The system metadata of a write: upstream fills lastObserved and the run ids when the client leaves them out. */
export function writeSystemMetadata(ctx: WriteContext): SystemMetadata {
  const runId = ctx.systemMetadata?.runId ?? NO_RUN_ID;
  const lastObserved = ctx.systemMetadata?.lastObserved ?? ctx.now;
  return { ...ctx.systemMetadata, lastObserved, runId, lastRunId: ctx.systemMetadata?.lastRunId ?? runId };
}

/** A stored version as reads see it. */
class StoredVersion extends StoredJson implements StoredAspect {
  readonly urn: string;
  readonly aspect: string;
  readonly version: number;
  readonly created: AuditStamp;

  constructor(row: AspectRow) {
    super(row);
    this.urn = row.urn;
    this.aspect = row.aspect;
    this.version = row.version;
    this.created = { time: row.created_time, actor: row.created_actor };
  }
}

export function storedAspect(row: AspectRow): StoredAspect {
  return new StoredVersion(row);
}

export interface VersionedWrite {
  urn: string;
  entity: string;
  aspect: string;
  value: Record<string, unknown>;
  ctx: WriteContext;
}

/** The sum of a text's character codes: the same for any order of the same characters. */
function codeSum(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
  return sum;
}

/**
 * Equality of data, not of text: key order does not make a new version (upstream compares records).
 * Both texts are JSON.stringify's, which for the same data in another key order holds the same
 * characters in another order: texts of different lengths or character sums hold different data, and
 * only the others are parsed and compared (a new value of the same length, as a counter's, is told
 * apart without parsing).
 */
function sameData(storedJson: string, writtenJson: string): boolean {
  if (storedJson === writtenJson) return true;
  if (storedJson.length !== writtenJson.length || codeSum(storedJson) !== codeSum(writtenJson)) return false;
  return isDeepStrictEqual(JSON.parse(storedJson), JSON.parse(writtenJson));
}

/**
 * Writes a versioned aspect. `version` is the highest version now stored for the aspect
 * (0 after the first write, 2 after three different values); `created` says it had no value before.
 */
export function writeVersionedAspect(
  statements: PrimaryStatements,
  write: VersionedWrite,
): { version: number; changed: boolean; created: boolean } {
  const { urn, entity, aspect, value, ctx } = write;
  const systemMetadata = writeSystemMetadata(ctx);
  const valueJson = JSON.stringify(value);
  const latest = statements.latestForWrite.get(urn, aspect, urn, aspect);
  if (!latest) {
    statements.insertAspect.run(urn, aspect, 0, entity, valueJson, ctx.now, ctx.actor, JSON.stringify(systemMetadata));
    return { version: 0, changed: true, created: true };
  }
  const [latestValue, latestSystemMetadata, maxVersion, storedEntity, createdTime, createdActor] = latest;
  if (sameData(latestValue, valueJson)) {
    const previous = latestSystemMetadata === null ? {} : (JSON.parse(latestSystemMetadata) as SystemMetadata);
    statements.updateLatestSystemMetadata.run(
      JSON.stringify({ ...previous, lastObserved: systemMetadata.lastObserved }),
      urn,
      aspect,
    );
    return { version: maxVersion, changed: false, created: false };
  }
  // The old latest moves aside to a new version number, from the columns already read.
  statements.insertAspect.run(
    urn,
    aspect,
    maxVersion + 1,
    storedEntity,
    latestValue,
    createdTime,
    createdActor,
    latestSystemMetadata,
  );
  statements.updateLatest.run(valueJson, ctx.now, ctx.actor, JSON.stringify(systemMetadata), urn, aspect);
  return { version: maxVersion + 1, changed: true, created: false };
}
