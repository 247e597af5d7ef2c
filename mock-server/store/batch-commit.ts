/**
 * Group commit: the API's writes that arrive in one tick of the event loop form a batch that shares
 * one SQLite transaction, opened by the first of them and committed at the end of the tick
 * (setImmediate), the derived rows of every entity they wrote rebuilt once, just before the commit.
 * Each write is a savepoint in it, so a refused request undoes only its own rows. The responses given
 * while the batch is open are held until its commit (`wait`), so no client hears of a write, or reads
 * a row, that a failed commit or a killed process could still lose.
 *
 * Under load a batch holds a request of nearly every connection (15 of 16 in the write benchmark):
 * one BEGIN and one COMMIT, and one pass of the derived indices over the batch's entities, instead of
 * one each per request. A lone request is committed before the event loop polls for the next one, so
 * it waits no longer than it did.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { EntitySpec } from '../../spec/index.js';

/** An entity written in a transaction, and the aspects written (whose derived rows are rebuilt). */
export interface WrittenEntity {
  entity: EntitySpec;
  aspects: Set<string>;
}

/** The entities written, by urn. */
export type WrittenEntities = Map<string, WrittenEntity>;

/** Told, once the batch has ended, whether what was sent in response during it was committed. */
export type CommitWaiter = (committed: boolean) => void;

export class BatchCommit {
  private written: WrittenEntities | undefined;
  private waiting: CommitWaiter[] = [];
  private readonly begin: Statement;
  private readonly commit: Statement;
  private readonly rollback: Statement;

  /**
   * `settle` rebuilds (or queues, with an index lag) the derived rows of the batch's entities, inside
   * its transaction; `failed` is told why a batch could not commit (a defect, or a full disk).
   */
  constructor(
    private readonly db: Database,
    private readonly settle: (written: WrittenEntities) => void,
    private readonly failed: (error: unknown) => void,
  ) {
    this.begin = db.prepare('BEGIN');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
  }

  /** Whether a batch's transaction is open. */
  get open(): boolean {
    return this.written !== undefined;
  }

  /** The entities written in the open batch so far (undefined when none is open); a derived read in the batch settles and clears them. */
  get pending(): WrittenEntities | undefined {
    return this.written;
  }

  /** The open batch's written entities, the batch opened first when none is (its commit scheduled for the end of this tick). */
  join(): WrittenEntities {
    if (this.written) return this.written;
    this.begin.run();
    this.written = new Map();
    setImmediate(() => this.end());
    return this.written;
  }

  /** Calls `waiter` once the open batch has ended (immediately, committed, when none is open). */
  wait(waiter: CommitWaiter): void {
    if (this.written) this.waiting.push(waiter);
    else waiter(true);
  }

  /**
   * Ends the open batch now: its derived rows settled, then committed; anything failing rolls it all
   * back. Other transactions call it first, so that they keep their own commit.
   */
  end(): void {
    const written = this.written;
    if (!written) return;
    const waiting = this.waiting;
    this.written = undefined;
    this.waiting = [];
    let committed = false;
    try {
      // A statement that failed hard (a full disk) may have rolled SQLite's transaction back already.
      if (this.db.inTransaction) {
        this.settle(written);
        this.commit.run();
        committed = true;
      }
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      this.failed(error);
    }
    for (const waiter of waiting) waiter(committed);
  }
}
