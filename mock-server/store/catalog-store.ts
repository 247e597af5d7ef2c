/**
 * The mock's store: versioned aspects (one row per urn, aspect and version, version 0 the latest),
 * time series points and the derived indices (relationships, and whatever the caller adds, e.g.
 * search), in one SQLite database. Every public write is one transaction, so a failure leaves
 * nothing half-written, and the derived indices change in the same transaction as the aspects. The
 * API's writes run in the transaction of their batch, one tick of the event loop (batch-commit.ts).
 */
import type { Database } from 'better-sqlite3';
import { tryParseUrn, type Contract, type EntitySpec } from '../../spec/index.js';
import { AspectValidation } from './aspect-validation.js';
import { aspectRowOf, openDatabase, prepareStatements, type PrimaryStatements } from './database.js';
import { defaultAspects } from './default-aspects.js';
import { entityOfUrn, keyAspectOf, systemActor } from './entity-urn.js';
import {
  RelationshipIndex,
  type RelatedEdge,
  type RelationshipPage,
  type RelationshipQuery,
} from './relationship-index.js';
import { StoreState } from './digest-and-reset.js';
import type { LentBytes } from './response-buffers.js';
import {
  readTimeseries,
  readTimeseriesJson,
  writeTimeseriesPoint,
  type TextsAround,
  type TimeseriesRange,
} from './timeseries-points.js';
import { IndexLag } from './index-lag.js';
import { LatestAspects } from './latest-aspects.js';
import type { DerivedIndex, StoredAspect, TimeseriesPoint, WriteContext } from './types.js';
import { storedAspect, writeVersionedAspect } from './versioned-aspect.js';
import { BatchCommit, type CommitWaiter, type WrittenEntities } from './batch-commit.js';
import { ReadHold } from './read-hold.js';
import { rollbackRun } from './run-rollback.js';

export interface CatalogStoreOptions {
  contract: Contract;
  /** SQLite file; in memory when absent. */
  path?: string;
  /** A serialized database (startupImage()) to start from, in memory; instead of `path`. */
  image?: Buffer;
  /** Extra derived indices, e.g. search. */
  derived?: DerivedIndex[];
  /** Asynchronous indexing: derived reads see a write this long after it (default 0, immediately). */
  indexLagMs?: number;
  /**
   * Whether absent fields with a schema default (the zero stamps of ChangeAuditStamps) are stored filled
   * in (default true). Upstream stores what it was sent (aspect-validation.ts), as the upstream profile does.
   */
  fillDefaults?: boolean;
  /** Told why a batch's transaction could not commit (its held responses are told it did not); by default written to stderr. */
  onCommitFailure?: (error: unknown) => void;
}

export interface DerivedSelection {
  urn?: string;
  aspect?: string;
  /** SQL LIKE pattern on the URN. */
  urnLike?: string;
  start?: number;
  batchSize?: number;
}

/** Whether the index derives rows from one of the aspects. */
function derivesFromAny(index: DerivedIndex, aspects: ReadonlySet<string>): boolean {
  for (const aspect of aspects) if (index.derivesFrom(aspect)) return true;
  return false;
}

/** Thrown to roll back the transaction in which the start-up image is taken. */
const ROLLED_BACK = Symbol('rolled back');

/** How validation messages name the aspect value when the caller does not say. */
const DEFAULT_VALUE_ROOT = 'aspect';

export class CatalogStore {
  readonly db: Database;
  readonly contract: Contract;
  /** The actor of the key aspects upstream synthesises for reads of unknown URNs. */
  readonly systemActor: string;
  /** The reads that yield while they run, which the writes arriving meanwhile wait for (read-hold.ts). */
  readonly reads = new ReadHold();
  private readonly statements: PrimaryStatements;
  private readonly relationshipIndex: RelationshipIndex;
  private readonly derived: readonly DerivedIndex[];
  private readonly pointAspectsByEntity = new Map<string, readonly string[]>();
  private readonly validation: AspectValidation;
  private readonly state: StoreState;
  private readonly indexLag: IndexLag;
  /** Told of each transaction that wrote entities (`onWrite`): the admin answer that waits for an entity to be indexed. */
  private readonly writeListeners = new Set<() => void>();
  // One transaction function for every call: better-sqlite3 builds four wrappers per db.transaction().
  private readonly runInTransaction: (fn: () => unknown) => unknown;
  /** The entities written in the open transaction and the aspects written, whose derived rows it rebuilds before committing. */
  private written: WrittenEntities | undefined;
  private transactionsEnded = 0;
  /** The transaction the API's writes of one tick of the event loop share. */
  private readonly batch: BatchCommit;

  constructor(options: CatalogStoreOptions) {
    this.contract = options.contract;
    this.systemActor = systemActor(options.contract);
    this.db = openDatabase(options.image ?? options.path);
    this.runInTransaction = this.db.transaction((fn: () => unknown) => fn());
    this.batch = new BatchCommit(
      this.db,
      (written) => this.settle(written),
      options.onCommitFailure ?? ((error) => console.error(error)),
    );
    this.indexLag = new IndexLag(options.indexLagMs ?? 0);
    this.statements = prepareStatements(this.db);
    this.relationshipIndex = new RelationshipIndex(options.contract);
    this.derived = [this.relationshipIndex, ...(options.derived ?? [])];
    const replaced = this.derived.map((index) => index.createSchema(this.db));
    this.validation = AspectValidation.of(options.contract, options.fillDefaults ?? true);
    // Until the caller marks it (after seeding), the start-up state is what the file held at open.
    this.state = new StoreState(this.db, this.derived);
    // A data file written by an earlier version may hold derived tables of another layout: rebuilt from its aspects.
    if (replaced.includes(true)) this.rebuildDerived();
  }

  /**
   * Runs `fn` in one SQLite transaction of its own, committed when it returns (a batch's open
   * transaction is committed first). A nested call joins the outer one: what it wrote is undone only
   * with the outer one, so a caller that catches a nested call's failure and goes on uses `savepoint`.
   * The derived rows of every entity written in it are rebuilt once, just before it commits, however
   * many of its aspects the transaction wrote.
   */
  transaction<T>(fn: () => T): T {
    if (this.written) return fn();
    this.batch.end();
    const written: WrittenEntities = new Map();
    this.written = written;
    try {
      return this.runInTransaction(() => {
        const value = fn();
        this.settle(written);
        return value;
      }) as T;
    } finally {
      this.written = undefined;
      this.transactionsEnded++;
    }
  }

  /**
   * Runs `fn` as one write of the batch's transaction (batch-commit.ts): a savepoint in the transaction
   * shared by this tick of the event loop, which commits at its end; a nested call joins the outer one.
   * A response sent meanwhile is held until that commit (`whenCommitted`).
   */
  batchTransaction<T>(fn: () => T): T {
    if (this.written) return fn();
    this.written = this.batch.join();
    try {
      return this.runInTransaction(fn) as T;
    } finally {
      this.written = undefined;
      this.transactionsEnded++;
    }
  }

  /** Runs `fn` so that a failure in it undoes what it wrote and nothing else: a savepoint in the open transaction, else a transaction of its own. */
  savepoint<T>(fn: () => T): T {
    return this.written ? (this.runInTransaction(fn) as T) : this.transaction(fn);
  }

  /** Calls `waiter` once the batch's open transaction has ended, and says whether it committed (immediately when none is open). */
  whenCommitted(waiter: CommitWaiter): void {
    this.batch.wait(waiter);
  }

  /** Whether responses now would be held until a batch's commit. */
  get batchOpen(): boolean {
    return this.batch.open;
  }

  /**
   * How many transactions have ended on the store, committed or rolled back. Every write of its rows
   * is in one (each public write opens one, and code that writes through `db` must too, as the time
   * series truncation does), so what was read from the rows still holds while this count stays the
   * same and no transaction is open.
   */
  get writes(): number {
    return this.transactionsEnded;
  }

  /** Whether a transaction is open: what it wrote may yet be rolled back. */
  get inTransaction(): boolean {
    return this.written !== undefined || this.batch.open;
  }

  /** Derived reads see a write only this long after it, as a real deployment's consumers index (0: immediately). */
  get indexLagMs(): number {
    return this.indexLag.lagMs;
  }

  set indexLagMs(ms: number) {
    this.indexLag.lagMs = ms;
  }

  /**
   * Whether a write's derived rows or time series points still wait for the index lag: until they
   * are in, what a derived read answers may change with no row written.
   */
  get indexWaiting(): boolean {
    return this.indexLag.waiting;
  }

  /**
   * Whether an entity is written, and in how many milliseconds its writes are seen by the derived reads
   * (or, with `points`, its time series points by time series reads): 0 when they are now.
   */
  indexState(urn: string, points: boolean): { written: boolean; visibleInMs: number } {
    this.catchUp();
    const due = this.indexLag.dueOf(urn, points);
    const now = Date.now();
    return { written: this.entityExists(urn), visibleInMs: due === undefined || due <= now ? 0 : due - now };
  }

  /** Calls `listener` whenever a transaction that wrote entities commits (or is about to); returns its removal. */
  onWrite(listener: () => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** Rebuilds the derived rows whose lag has passed (all queued ones with `everything`); derived reads call it first. */
  catchUp(everything = false): void {
    this.settleBatch();
    const due = this.indexLag.takeDue(Date.now(), everything);
    if (due.length)
      this.transaction(() => due.forEach(({ urn, entity, aspects }) => this.indexEntity(urn, entity, aspects)));
  }

  /**
   * UPSERT of one aspect (see the rules in versioned-aspect.ts, timeseries-points.ts and
   * default-aspects.ts). `version` is the highest version stored for a versioned aspect after the
   * write (0 for time series); `validated` is false when the aspect has no schema and is stored opaque.
   */
  upsertAspect(
    entityType: string,
    urn: string,
    aspectName: string,
    value: Record<string, unknown>,
    ctx: WriteContext,
  ): { version: number; changed: boolean; validated: boolean } {
    return this.transaction(() => {
      const { entity, parsed } = entityOfUrn(this.contract, urn, entityType);
      const rule = this.validation.ruleOf(entity, aspectName);
      const validated = this.validation.validate(rule, value, ctx.valueRoot ?? DEFAULT_VALUE_ROOT);
      let result = { version: 0, changed: true };
      let firstWrite: boolean;
      if (rule.timeseries) {
        firstWrite = !this.entityExists(urn);
        writeTimeseriesPoint(this.statements, { urn, entity: entity.name, aspect: aspectName, value, ctx });
        this.indexLag.hidePoint(urn, aspectName, value.timestampMillis);
      } else {
        const { version, changed, created } = writeVersionedAspect(this.statements, {
          urn,
          entity: entity.name,
          aspect: aspectName,
          value,
          ctx,
        });
        result = { version, changed };
        // An aspect that had a value says the entity existed; only a new one needs another look.
        firstWrite = created && this.statements.anotherAspect.get(urn, aspectName) === undefined;
      }
      // A point changes derived rows only where an index derives from its aspect (its newest point's values).
      // An identical value changes none, unless the aspect has lineage edges: upstream restates it
      // (EntityServiceImpl.conditionallyProduceMCLAsync, shouldAspectEmitChangeLog), refreshing their times.
      const reindexed = rule.timeseries
        ? this.derivedPointAspects(entity).includes(aspectName)
        : result.changed || this.hasLineage(aspectName);
      const changed = reindexed ? [aspectName] : [];
      if (firstWrite) {
        for (const generated of defaultAspects(this.contract, entity, parsed, new Set([aspectName]))) {
          this.validation.validate(this.validation.ruleOf(entity, generated.aspect), generated.value, generated.aspect);
          writeVersionedAspect(this.statements, {
            urn,
            entity: entity.name,
            aspect: generated.aspect,
            value: generated.value,
            ctx,
          });
          changed.push(generated.aspect);
        }
      }
      this.noteWritten(urn, entity, changed);
      return { ...result, validated };
    });
  }

  /**
   * DELETE of one aspect with all its versions or points; deleting the key aspect deletes the entity.
   * `deleted` counts every row removed, `points` the time series points among them.
   */
  deleteAspect(
    entityType: string,
    urn: string,
    aspectName: string,
    _ctx: WriteContext,
  ): { deleted: number; points: number } {
    return this.transaction(() => {
      const { entity } = entityOfUrn(this.contract, urn, entityType);
      const rule = this.validation.ruleOf(entity, aspectName);
      let versions = 0;
      let points = 0;
      if (aspectName === entity.keyAspect) {
        versions = this.statements.deleteEntityAspects.run(urn).changes;
        points = this.statements.deleteEntityPoints.run(urn).changes;
      } else if (rule.timeseries) {
        points = this.statements.deletePoints.run(urn, aspectName).changes;
      } else {
        versions = this.statements.deleteAspect.run(urn, aspectName).changes;
      }
      const deleted = versions + points;
      if (deleted > 0) this.noteWritten(urn, entity, [aspectName]);
      return { deleted, points };
    });
  }

  /**
   * Rolls back ingestion run `runId` (run-rollback.ts): the aspects it wrote undone, each to the version before
   * it where another run wrote one, and the entities whose key it wrote deleted; the derived rows follow, as
   * after any delete. Answers the entities changed and deleted and the rows undone.
   */
  rollbackRun(runId: string): { entities: string[]; deletedEntities: string[]; rows: number } {
    return this.transaction(() => {
      const result = rollbackRun(this.db, runId, (urn) => entityOfUrn(this.contract, urn).entity.keyAspect);
      for (const [urn, aspects] of result.aspects) {
        const { entity } = entityOfUrn(this.contract, urn);
        this.noteWritten(urn, entity, result.deletedEntities.has(urn) ? [entity.keyAspect] : [...aspects]);
      }
      return { entities: [...result.aspects.keys()], deletedEntities: [...result.deletedEntities], rows: result.rows };
    });
  }

  /** Whether the entity has any stored versioned aspect. */
  entityExists(urn: string): boolean {
    return this.statements.anyAspect.get(urn) !== undefined;
  }

  /** Whether the latest status aspect says removed (a soft delete). */
  isSoftDeleted(urn: string): boolean {
    return this.getAspect(urn, 'status', 0)?.value.removed === true;
  }

  /** The latest (version 0) aspects of an entity, all or the named ones. */
  latestAspects(urn: string, aspectNames?: string[]): StoredAspect[] {
    const rows = this.statements.latestRows.all(urn);
    const wanted = aspectNames && new Set(aspectNames);
    return (wanted ? rows.filter((row) => wanted.has(row[1])) : rows).map((row) => storedAspect(aspectRowOf(row)));
  }

  /**
   * The latest version of one aspect on every entity that has it, by URN: the small sets a deployment reads
   * whole from its primary store rather than its search index (the policies its authorizer caches, roles, secrets).
   */
  latestOfAspect(entityName: string, aspectName: string): StoredAspect[] {
    return this.statements.latestOfAspect.all(entityName, aspectName).map(storedAspect);
  }

  /** Every stored version of every aspect of an entity, each aspect's newest first. */
  aspectHistory(urn: string): StoredAspect[] {
    return this.statements.historyRows.all(urn).map(storedAspect);
  }

  /** One version of an aspect; version 0 is the latest. */
  getAspect(urn: string, aspectName: string, version: number): StoredAspect | undefined {
    const row = this.statements.aspectRow.get(urn, aspectName, version);
    return row && storedAspect(row);
  }

  /** The key aspect synthesised from the URN, for reads of unknown URNs of a known entity type (upstream answers with it). */
  keyAspectOf(urn: string): { aspect: string; value: Record<string, unknown> } {
    return keyAspectOf(this.contract, urn);
  }

  /** Time series points in an inclusive range, newest first. */
  timeseries(q: {
    urn: string;
    aspect: string;
    startTimeMillis?: number;
    endTimeMillis?: number;
    limit: number;
  }): TimeseriesPoint[] {
    const hidden = this.indexLag.hiddenCount(q.urn, q.aspect);
    if (!hidden) return readTimeseries(this.statements, q);
    const visible = readTimeseries(this.statements, { ...q, limit: q.limit + hidden }).filter(
      (p) => !this.indexLag.hides(q.urn, q.aspect, p.timestampMillis),
    );
    return visible.slice(0, q.limit);
  }

  /**
   * The points of `timeseries(q)` as a JSON array of enveloped aspects, as getTimeseriesAspectValues
   * answers them, between the texts of `around`, in UTF-8 in a buffer lent to the response; undefined
   * while some of the range's points are still hidden by the index lag (the caller then reads the
   * points themselves).
   */
  timeseriesJson(q: TimeseriesRange, around: TextsAround): LentBytes | undefined {
    return this.indexLag.hiddenCount(q.urn, q.aspect) ? undefined : readTimeseriesJson(this.statements, q, around);
  }

  /**
   * A derived read in a batch sees the batch's writes: the derived rows of the entities written so far
   * are rebuilt now, in the batch's transaction (with an index lag, they wait for the batch's end). They
   * are forgotten only once rebuilt: a rebuild that failed (its savepoint undone) is tried again when
   * the batch ends.
   */
  private settleBatch(): void {
    const pending = this.batch.pending;
    if (!pending || pending.size === 0 || this.indexLag.active) return;
    this.runInTransaction(() => this.settle(pending));
    pending.clear();
  }

  /** Rebuilds the derived rows of the entities a transaction wrote (queues them, with an index lag); it then commits. */
  private settle(written: WrittenEntities): void {
    if (this.indexLag.active) this.indexLag.defer(written);
    else for (const [urn, { entity, aspects }] of written) this.indexEntity(urn, entity, aspects);
    this.flushDerived();
    if (written.size) for (const listener of this.writeListeners) listener();
  }

  relationships(q: RelationshipQuery): RelationshipPage {
    this.catchUp();
    return this.relationshipIndex.query(q);
  }

  /** Every edge of a query, in the order `relationships` pages them (RelationshipIndex.edges). */
  relationshipEdges(q: Omit<RelationshipQuery, 'start' | 'count'>): RelatedEdge[] {
    this.catchUp();
    return this.relationshipIndex.edges(q);
  }

  /** Counts per table and a sha256 digest of every primary, time series and derived row, in a stable order. */
  snapshot(): { tables: Record<string, number>; digest: string } {
    this.batch.end();
    return this.state.snapshot();
  }

  /** Records the current state as the start-up state that reset() brings back. */
  markStartupState(): void {
    this.catchUp(true);
    this.transaction(() => this.state.markStartup());
  }

  /** Removes every aspect, point and derived row (in the caller's transaction, when there is one). */
  clear(): void {
    this.transaction(() => {
      this.statements.deleteAll.run();
      this.statements.deleteAllPoints.run();
      for (const index of this.derived) index.clear();
    });
  }

  /** Brings back the start-up state: primary and time series rows, then the derived rows of the entities that changed. */
  reset(): void {
    this.catchUp(true);
    this.transaction(() => {
      for (const urn of this.state.restoreStartup()) this.rebuildDerived({ urn });
    });
    this.indexLag.clear();
  }

  /**
   * The start-up state as a serialized database, for stores that start from it (`image`). It is
   * taken inside a transaction that puts the start-up rows back and is then rolled back, so the
   * store itself does not change and its changes since start-up cost only their undoing.
   */
  startupImage(): Buffer {
    let image: Buffer | undefined;
    try {
      this.savepoint(() => {
        for (const urn of this.state.restoreStartup()) this.rebuildDerived({ urn });
        this.flushDerived();
        image = this.db.serialize();
        throw ROLLED_BACK;
      });
    } catch (error) {
      if (error !== ROLLED_BACK) throw error;
    }
    const taken = image as Buffer;
    // A WAL file's header says WAL (bytes 18 and 19 are 2), which a database in memory cannot use.
    taken[18] = 1;
    taken[19] = 1;
    return taken;
  }

  /**
   * Rebuilds derived indices from the latest rows of the primary table (restoreIndices): all of
   * them (the indices are cleared first), or the rows selected by urn / aspect / urnLike, paged by
   * start and batchSize in (urn, aspect) order. Each selected row's entity is reindexed whole.
   * Rows whose entity or aspect the registry no longer knows are counted as ignored.
   */
  rebuildDerived(selection: DerivedSelection = {}): {
    rowsMigrated: number;
    ignored: number;
    lastUrn?: string;
    lastAspect?: string;
  } {
    return this.transaction(() => {
      const { urn, aspect, urnLike, start, batchSize } = selection;
      const everything =
        urn === undefined &&
        aspect === undefined &&
        urnLike === undefined &&
        start === undefined &&
        batchSize === undefined;
      if (everything) for (const index of this.derived) index.clear();
      const rows = this.statements.latestRowsPage.all({
        urn: urn ?? null,
        aspect: aspect ?? null,
        urnLike: urnLike ?? null,
        // SQLite reads a negative LIMIT as "no limit".
        limit: batchSize ?? -1,
        offset: start ?? 0,
      });
      let rowsMigrated = 0;
      let ignored = 0;
      const indexed = new Set<string>();
      for (const row of rows) {
        const entity = this.contract.entity(row.entity);
        if (!entity || !entity.aspects.includes(row.aspect)) {
          ignored++;
          continue;
        }
        rowsMigrated++;
        if (!indexed.has(row.urn)) this.indexEntity(row.urn, entity);
        indexed.add(row.urn);
      }
      // An entity that no longer has aspects may still have derived rows: clear them when it is named.
      // Only then: a selection that is empty for another reason (an aspect the entity lacks, a start past
      // its rows) rebuilt nothing, so it removes nothing.
      if (urn !== undefined && rows.length === 0 && !this.entityExists(urn)) {
        const entityType = tryParseUrn(urn)?.entityType;
        const entity = entityType === undefined ? undefined : this.contract.entity(entityType);
        if (entity) for (const index of this.derived) index.indexEntity(urn, entity.name, new Map());
      }
      const last = rows.at(-1);
      return last ? { rowsMigrated, ignored, lastUrn: last.urn, lastAspect: last.aspect } : { rowsMigrated, ignored };
    });
  }

  close(): void {
    this.batch.end();
    this.db.close();
  }

  /** Has the derived indices write the rows they held back in the open transaction. */
  private flushDerived(): void {
    for (const index of this.derived) index.flush?.();
  }

  /** Records aspects written in the open transaction, for the derived rows it rebuilds before committing. */
  private noteWritten(urn: string, entity: EntitySpec, aspects: readonly string[]): void {
    if (!this.written || aspects.length === 0) return;
    const known = this.written.get(urn);
    if (known) for (const aspect of aspects) known.aspects.add(aspect);
    else this.written.set(urn, { entity, aspects: new Set(aspects) });
  }

  /** Whether the aspect has a lineage relationship (`isLineage`), whose edges an identical rewrite refreshes. */
  private hasLineage(aspectName: string): boolean {
    return this.contract.aspects.get(aspectName)?.relationships.some((relationship) => relationship.lineage) === true;
  }

  /** The entity's time series aspects some derived index derives from (their newest point's values). */
  private derivedPointAspects(entity: EntitySpec): readonly string[] {
    let aspects = this.pointAspectsByEntity.get(entity.name);
    if (!aspects) {
      aspects = entity.aspects.filter(
        (aspect) =>
          this.validation.ruleOf(entity, aspect).timeseries && this.derived.some((index) => index.derivesFrom(aspect)),
      );
      this.pointAspectsByEntity.set(entity.name, aspects);
    }
    return aspects;
  }

  /**
   * Hands the derived indices the entity's latest aspects (an empty map once it has none): all of
   * them, or, given the aspects written, those that derive rows from one of them. A written key
   * aspect (the entity created or deleted) concerns every index.
   */
  private indexEntity(urn: string, entity: EntitySpec, changed?: ReadonlySet<string>): void {
    const concerned =
      changed === undefined || changed.has(entity.keyAspect)
        ? this.derived
        : this.derived.filter((index) => derivesFromAny(index, changed));
    if (concerned.length === 0) return;
    const names = new Set(
      this.statements.latestAspectNames.all(urn).filter((aspect) => entity.aspects.includes(aspect)),
    );
    const versioned = names.size;
    const points = this.derivedPointAspects(entity);
    for (const aspect of points) names.add(aspect);
    const read = (aspect: string) =>
      (points.includes(aspect) ? this.statements.newestPointValue : this.statements.latestValue).get(urn, aspect);
    const latest = new LatestAspects(names, read, versioned, (aspect) => {
      const [lastObserved, actor] = this.statements.latestWrite.get(urn, aspect) ?? [];
      return { ...(typeof lastObserved === 'number' ? { lastObserved } : {}), ...(actor ? { actor } : {}) };
    });
    const given = changed?.has(entity.keyAspect) ? undefined : changed;
    for (const index of concerned) index.indexEntity(urn, entity.name, latest, given);
  }
}
