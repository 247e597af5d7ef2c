/**
 * What was worked out from the text of recent requests alone, cached by that text: a request target's
 * route, path parameters and checked query, a GraphQL body's checked request. Clients send the
 * same texts again and again, and all of that is a function of the text. Only what succeeded is
 * cached (a failure is worked out anew each time), and only for texts of a bounded length.
 */

export class RecentTexts<T> {
  // By group (the method), then by text: the text itself is the key (no joined string to build and hash).
  private readonly kept = new Map<string, Map<string, T>>();
  private size = 0;

  /**
   * `capacity`: how many texts are cached; past it the memo empties and fills anew. `longest`: texts
   * longer than this are worked out every time, so that the cached keys stay small.
   */
  constructor(
    private readonly capacity: number,
    private readonly longest: number,
  ) {}

  /** The value cached for this group and text, if any. */
  known(group: string, text: string): T | undefined {
    return this.kept.get(group)?.get(text);
  }

  /** Keeps what was worked out for this group and text. */
  keep(group: string, text: string, value: T): void {
    if (text.length > this.longest) return;
    let byText = this.kept.get(group);
    if (this.size >= this.capacity) {
      this.kept.clear();
      this.size = 0;
      byText = undefined;
    }
    if (!byText) this.kept.set(group, (byText = new Map()));
    byText.set(text, value);
    this.size++;
  }

  /** The value cached for this group and text, or `work()`'s (cached if it returns). */
  get(group: string, text: string, work: () => T): T {
    const known = this.known(group, text);
    if (known !== undefined) return known;
    const value = work();
    this.keep(group, text, value);
    return value;
  }
}
