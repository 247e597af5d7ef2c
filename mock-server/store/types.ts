/**
 * The shapes the store, its derived indices and the handlers agree on.
 * The primary table mirrors upstream's primary store: one row per (urn, aspect, version),
 * version 0 the latest. Relationships and search documents are derived indices, rebuilt from the
 * latest aspects of an entity inside the same transaction as the write.
 */
import type { Database } from 'better-sqlite3';

export interface AuditStamp {
  time: number;
  actor: string;
}

export interface SystemMetadata {
  lastObserved?: number;
  runId?: string;
  lastRunId?: string;
  [key: string]: unknown;
}

export interface StoredAspect {
  urn: string;
  aspect: string;
  version: number;
  value: Record<string, unknown>;
  /** The value as stored, JSON text: responses that embed the aspect splice it in without re-serialising. */
  valueJson: string;
  created: AuditStamp;
  systemMetadata?: SystemMetadata;
  /** The system metadata as stored, JSON text. */
  systemMetadataJson?: string;
}

export interface TimeseriesPoint {
  urn: string;
  entity: string;
  aspect: string;
  timestampMillis: number;
  value: Record<string, unknown>;
  /** The value as stored, JSON text: responses that carry the aspect as a string use it without re-serialising. */
  valueJson: string;
  systemMetadata?: SystemMetadata;
  /** The system metadata as stored, JSON text. */
  systemMetadataJson?: string;
}

/** Who writes and when; the actor is the token's user, or `urn:<ns>:corpuser:UNKNOWN` without one. */
export interface WriteContext {
  actor: string;
  now: number;
  systemMetadata?: SystemMetadata;
  /** How validation messages name the aspect value, e.g. `proposal.aspect.value`; `aspect` when absent. */
  valueRoot?: string;
}

/**
 * An entity's latest versioned aspects by name, as much of a map as the derived indices read (a `Map`
 * is one); the time series aspects an index derives from are there as their newest point's value
 * (`keys` may name one without points, whose `get` is undefined). `size` counts the versioned ones.
 * `writeOf` gives the latest write of a versioned aspect: its system metadata's lastObserved and its
 * actor (the store's gives it; a plain map, without it, has none).
 */
export type LatestAspectValues = Pick<ReadonlyMap<string, Record<string, unknown>>, 'size' | 'keys' | 'get'> & {
  writeOf?(aspect: string): AspectWrite | undefined;
};

/** When and by whom the latest version of an aspect was written. */
export interface AspectWrite {
  lastObserved?: number;
  actor?: string;
}

/**
 * A table derived from the primary table (relationships, search documents). The store calls
 * `indexEntity` inside the write transaction after every change to an entity, with its latest
 * versioned aspects and the newest points of the time series aspects it derives from (an empty
 * map when the entity no longer exists).
 */
export interface DerivedIndex {
  readonly name: string;
  /**
   * Creates the index's tables. Returns true when it had to replace tables of an earlier layout: the
   * store then rebuilds every derived index from the primary table before it serves anything.
   */
  createSchema(db: Database): boolean;
  /** Whether the index's rows of an entity depend on this aspect: writes of other aspects leave them alone. */
  derivesFrom(aspect: string): boolean;
  /**
   * Rebuilds the entity's rows from its latest versioned aspects. `changed` names the aspects
   * written since its rows were last built (among them one the index derives from); absent, any may have.
   */
  indexEntity(urn: string, entityType: string, latest: LatestAspectValues, changed?: ReadonlySet<string>): void;
  /**
   * Writes the rows the index held back from the `indexEntity` calls of the transaction (so that
   * it writes many entities' rows set-based): the store calls it before every commit.
   */
  flush?(): void;
  /** Drops every derived row (restoreIndices and reset rebuild them). */
  clear(): void;
  /** Row count, for the admin snapshot. */
  count(): number;
  /** The SQLite tables holding the index's rows; their rows enter the snapshot digest. */
  readonly tables?: readonly string[];
}
