/**
 * The reads that let other requests in while they run, and the writes that wait for them. A long GraphQL
 * query yields to the event loop between chunks of its work (../graphql/transport/request-budget.ts), so
 * that the requests sent after it are answered before it ends; for it to see one state of the store
 * throughout, nothing may write the store while it is held: a write that arrives meanwhile (an API write,
 * a GraphQL mutation, an admin reset or scenario, a task's step, the close of a discarded session) waits
 * until the last such read has ended, and then runs in the order it arrived. Reads never wait.
 *
 * A read takes the hold only when it first yields: a request that ends within its first slice, nearly
 * every one, never touches it.
 */
export class ReadHold {
  private readers = 0;
  private waiting: (() => void)[] = [];

  /** Whether a read that yields is in flight: a write must wait (`afterReads`). */
  get held(): boolean {
    return this.readers > 0;
  }

  /** Holds the store for a read that is about to yield; the function returned lets go of it, once. */
  hold(): () => void {
    this.readers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.readers -= 1;
      if (this.readers === 0) this.runWaiting();
    };
  }

  /** Runs `write` now when no read holds the store, else once the last one has let go of it. */
  afterReads(write: () => void): void {
    if (this.readers === 0) write();
    else this.waiting.push(write);
  }

  private runWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const write of waiting) {
      // A write that started a read of its own (a mutation that yields) holds the store again: the rest wait for it.
      if (this.readers > 0) this.waiting.push(write);
      else write();
    }
  }
}
