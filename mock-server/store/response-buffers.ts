/**
 * Buffers that a response of megabytes (a 10,000-point time series response) is written into as
 * UTF-8 and sent from, each lent to one response and given back once it has closed, then lent to the
 * next. A fresh buffer per response, as SQLite's result was, is memory outside the JavaScript heap
 * that only a full collection frees: a 3.56 MB response every few milliseconds set one off every
 * eight responses or so, and the allocator handed each new buffer pages the kernel had to fault in again.
 */

/** Bytes lent to one response; `giveBack` once nothing reads them any more (the response has closed). */
export interface LentBytes {
  readonly bytes: Buffer;
  readonly giveBack: () => void;
}

const FIRST_SIZE = 64 * 1024;
// Kept for the next responses: a few, none larger than a usual large response, so that one response of a
// gigabyte does not stay in the server's memory.
const KEPT = 2;
const LARGEST_KEPT = 16 * 1024 * 1024;
const free: Buffer[] = [];

/** Writes texts one after another as UTF-8 into a lent buffer, a larger one taken when it is full. */
export class ResponseWriter {
  private buffer = free.pop() ?? Buffer.allocUnsafe(FIRST_SIZE);
  private length = 0;

  write(text: string): void {
    // A UTF-16 unit takes at most three bytes of UTF-8: room for that, without measuring the text first.
    const room = this.length + 3 * text.length;
    if (room > this.buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(2 * this.buffer.length, room));
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
    }
    this.length += this.buffer.write(text, this.length);
  }

  /** The bytes written, lent until `giveBack`; the writer is not used after. */
  lend(): LentBytes {
    const buffer = this.buffer;
    let lent = true;
    return {
      bytes: buffer.subarray(0, this.length),
      giveBack: () => {
        // Given back once only: twice would lend it to two responses at the same time.
        if (lent && free.length < KEPT && buffer.length <= LARGEST_KEPT) free.push(buffer);
        lent = false;
      },
    };
  }
}
