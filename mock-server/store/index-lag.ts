/**
 * Asynchronous indexing, as a real deployment's consumers do it: with a lag, the derived rows of a
 * write (search, browse, autocomplete, relationships) are rebuilt only once the lag has passed, and
 * its time series points are hidden from reads until then; reads by URN see the write immediately. The
 * queue is caught up lazily, by the next derived read after the due time. `lagMs` may change at any
 * time (a setting of the server, or of a session); 0 indexes inside the write's transaction.
 */
import type { WrittenEntity } from './batch-commit.js';

export interface PendingEntity extends WrittenEntity {
  urn: string;
  due: number;
}

interface PendingPoint {
  urn: string;
  aspect: string;
  timestampMillis: unknown;
  due: number;
}

export class IndexLag {
  private entities: PendingEntity[] = [];
  private points: PendingPoint[] = [];

  constructor(public lagMs = 0) {}

  get active(): boolean {
    return this.lagMs > 0;
  }

  /** Whether a rebuild or a hidden point still waits: derived reads may then change with the time alone. */
  get waiting(): boolean {
    return this.entities.length > 0 || this.points.length > 0;
  }

  /** Queues the rebuild of entities a transaction wrote, as it commits (one rolled back after all costs a rebuild that changes nothing). */
  defer(written: ReadonlyMap<string, WrittenEntity>, now = Date.now()): void {
    for (const [urn, { entity, aspects }] of written)
      this.entities.push({ urn, entity, aspects: new Set(aspects), due: now + this.lagMs });
  }

  /** Hides a time series point from reads until the lag has passed. */
  hidePoint(urn: string, aspect: string, timestampMillis: unknown, now = Date.now()): void {
    if (this.active) this.points.push({ urn, aspect, timestampMillis, due: now + this.lagMs });
  }

  /** The queued rebuilds that are due (all of them with `everything`), merged per entity, and forgotten. */
  takeDue(now = Date.now(), everything = false): PendingEntity[] {
    const due = new Map<string, PendingEntity>();
    const waiting: PendingEntity[] = [];
    for (const item of this.entities) {
      if (!everything && item.due > now) {
        waiting.push(item);
        continue;
      }
      const known = due.get(item.urn);
      if (known) for (const aspect of item.aspects) known.aspects.add(aspect);
      else due.set(item.urn, { ...item, aspects: new Set(item.aspects) });
    }
    this.entities = waiting;
    return [...due.values()];
  }

  /** When the last queued rebuild of an entity (or, with `points`, its last hidden point) is due; undefined when none waits. */
  dueOf(urn: string, points: boolean): number | undefined {
    let due: number | undefined;
    for (const item of points ? this.points : this.entities)
      if (item.urn === urn && (due === undefined || item.due > due)) due = item.due;
    return due;
  }

  /** Whether a point is still hidden. */
  hides(urn: string, aspect: string, timestampMillis: unknown): boolean {
    return this.points.some((p) => p.urn === urn && p.aspect === aspect && p.timestampMillis === timestampMillis);
  }

  /** How many points of (urn, aspect) are still hidden, forgetting those whose lag has passed. */
  hiddenCount(urn: string, aspect: string, now = Date.now()): number {
    if (this.points.length) this.points = this.points.filter((p) => p.due > now);
    return this.points.filter((p) => p.urn === urn && p.aspect === aspect).length;
  }

  /** Forgets everything queued (the store was reset and rebuilt). */
  clear(): void {
    this.entities = [];
    this.points = [];
  }
}
