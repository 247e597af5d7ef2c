/**
 * How a check fails or skips: the errors the runner tells apart, and the expectations that throw them.
 * A leaf, so the client and the run's fixture fail a check without importing check.ts (whose context
 * names them).
 */

/** A failed expectation; its message is what the report shows, `status` the status of the response it failed on. */
export class CheckFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Thrown by ctx.skip. */
export class CheckSkipped extends Error {}

export function fail(message: string, status?: number): never {
  throw new CheckFailure(message, status);
}

/** Fails unless `status` is the one the document (or upstream's Rest.li, restli-facts §3) gives `what`. */
export function expectStatusOf(status: number, want: number, what: string): void {
  if (status !== want) fail(`${what} answered ${status}, expected ${want}`, status);
}

/** Fails with `message` unless `condition` holds. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}

/** Fails unless `actual` and `expected` are equal as JSON. */
export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) fail(`${what}: expected ${e}, got ${a}`);
}
