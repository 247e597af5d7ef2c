/**
 * Group commit: the API's writes that arrive in one turn of the event loop share one SQLite
 * transaction, opened by the first of them and committed at the end of the turn (setImmediate), the
 * derived rows of every entity they wrote rebuilt once, just before the commit. Each write is a
 * savepoint in it, so a refused request undoes only its own rows. The answers given while the turn is
 * open wait for its commit (`wait`), so no client hears of a write, or reads a row, that a failed
 * commit or a killed process could still lose.
 *
 * Under load a turn holds a request of nearly every connection (15 of 16 in the write benchmark):
 * one BEGIN and one COMMIT, and one pass of the derived indices over the turn's entities, instead of
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

/** Told, once the turn has ended, whether what was answered in it was committed. */
export type CommitWaiter = (committed: boolean) => void;

export class TurnCommit {
  private written: WrittenEntities | undefined;
  private waiting: CommitWaiter[] = [];
  private readonly begin: Statement;
  private readonly commit: Statement;
  private readonly rollback: Statement;

  /**
   * `settle` rebuilds (or queues, with an index lag) the derived rows of the turn's entities, inside
   * its transaction; `failed` is told why a turn could not commit (a defect, or a full disk).
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

  /** Whether a turn's transaction is open. */
  get open(): boolean {
    return this.written !== undefined;
  }

  /** The entities written in the open turn so far (undefined when none is open); a derived read in the turn settles and clears them. */
  get pending(): WrittenEntities | undefined {
    return this.written;
  }

  /** The open turn's written entities, the turn opened first when none is (its commit scheduled for the end of this turn). */
  join(): WrittenEntities {
    if (this.written) return this.written;
    this.begin.run();
    this.written = new Map();
    setImmediate(() => this.end());
    return this.written;
  }

  /** Calls `waiter` once the open turn has ended (at once, committed, when none is open). */
  wait(waiter: CommitWaiter): void {
    if (this.written) this.waiting.push(waiter);
    else waiter(true);
  }

  /**
   * Ends the open turn now: its derived rows settled, then committed; anything failing rolls it all
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
