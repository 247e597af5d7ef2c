/**
 * How a conformance check is declared. Each file in checks/ exports one `CheckGroup`: the checks of
 * one part of the interface document, each naming the clause it verifies, whether it writes, and
 * whether it is destructive. The runner decides from these flags (and --only) whether a check runs.
 */
import type { Contract } from '../spec/index.js';
import type { CatalogClient } from './client.js';
import type { RunFixture } from './fixture.js';

// The failure vocabulary lives apart so that the client and the fixture, which this file's types name, can fail a check without importing it back.
export { CheckFailure, CheckSkipped, expect, expectEqual, expectStatusOf, fail } from './check-failure.js';

export type ExpectAuth = 'standard' | 'all' | 'off';

export interface CheckContext {
  contract: Contract;
  /** Client of the first --prefix (behavioural checks run once, on it). */
  client: CatalogClient;
  /** Client of the prefix a per-prefix check runs on (the same as `client` for other checks). */
  prefixClient: CatalogClient;
  /** The run's own entities and data (URNs unique to the run). */
  fixture: RunFixture;
  runId: string;
  /** --dataset: a dataset the deployment has, for the read-only checks (else one is found by search). */
  dataset?: string;
  expectAuth: ExpectAuth;
  allowWrites: boolean;
  allowDestructive: boolean;
  /** Marks the check as skipped (with the reason) instead of passed. */
  skip(reason: string): never;
  /**
   * An index-derived read after a write (search, browse, autocomplete, relationships, time series):
   * repeats `read` until `visible` holds of its result or --index-wait-ms has passed, and returns the
   * last result (the check's own expectation then says what is missing). A real deployment indexes
   * asynchronously; the time waited is reported with the check.
   */
  eventually<T>(read: () => Promise<T>, visible: (result: T) => boolean): Promise<T>;
}

export interface Check {
  /** Stable id, `<group>.<subject>.<aspect>`; the ids of spec/upstream-differences.yaml `checks` are used as written. */
  id: string;
  /** `<section number> <section title>: <row or statement>`, e.g. `4.2 Operations endpoints: truncateTimeseriesAspect dryRun`. */
  clause: string;
  /** Writes to the catalog: runs only with --allow-writes. */
  writes?: boolean;
  /** Acts on a whole index (truncation): runs only with --allow-destructive (and --allow-writes). */
  destructive?: boolean;
  /** Runs once per --prefix instead of once on the first prefix. */
  perPrefix?: boolean;
  /** Needs the run's fixture entities (written by the runner before the checks, with --allow-writes). */
  needsFixture?: boolean;
  /** Throws a CheckFailure (or any error) to fail; returns to pass; calls ctx.skip to skip. */
  run(ctx: CheckContext): Promise<void>;
}

export interface CheckGroup {
  /** Short name, the first part of every check id in the group (graphql, operations, ...). */
  name: string;
  checks: Check[];
}
