/**
 * What was worked out from recent request targets alone (the route matched, its path parameters
 * decoded, the query parsed and checked), kept by the target's text: clients read the same URLs
 * again and again, and all of that is a function of the text. Only what succeeded is kept (a
 * failure is worked out, and thrown, anew each time), and only for targets of a bounded length.
 */

/** Targets longer than this are worked out every time: the kept keys stay small. */
const LONGEST_TARGET = 2048;

export class RecentTargets<T> {
  // By method, then by target: the target's own text is the key (no joined string to build and hash).
  private readonly kept = new Map<string, Map<string, T>>();
  private size = 0;

  /** `capacity`: how many targets are kept; past it the memo empties and fills anew. */
  constructor(private readonly capacity: number) {}

  /** The value kept for this method and target, or `work()`'s (kept if it returns). */
  get(method: string, target: string, work: () => T): T {
    let byTarget = this.kept.get(method);
    const known = byTarget?.get(target);
    if (known !== undefined) return known;
    const value = work();
    if (target.length <= LONGEST_TARGET) {
      if (this.size >= this.capacity) {
        this.kept.clear();
        this.size = 0;
        byTarget = undefined;
      }
      if (!byTarget) this.kept.set(method, (byTarget = new Map()));
      byTarget.set(target, value);
      this.size++;
    }
    return value;
  }
}
