/**
 * The conformance runner: `runConformance(options) -> Promise<Report>`.
 *
 * Options are those of the CLI (`catalog-contract conformance`, see README.md):
 *   baseUrl (required), graphqlUrl (default `<baseUrl>/api/graphql`), token, readerToken,
 *   namespace ('svc' | 'li', default 'svc'), gatewayUrl (the address `/api/gms` is served at when it is
 *   not baseUrl, e.g. DataHub's frontend in front of GMS), prefixes (default: svc ['/api/gms', '/gms', ''];
 *   li [''], plus '/api/gms' when gatewayUrl is given, as GMS serves only the bare prefix),
 *   expectAuth ('standard' | 'all' | 'off'; default with li 'all', as GMS guards every path, else
 *   'standard' when token is given, else 'off'),
 *   allowWrites, allowDestructive (default false), dataset (a dataset URN the read-only checks read;
 *   default: the first the deployment's search finds), only (a pattern: checks whose id or clause contains
 *   it, `*` matching any text), runId (default: random), onResult (called as each check finishes,
 *   for progress), stop and leaveWritten (AbortSignals: stop starting checks; skip the rest of the
 *   clean-up). runConformance writes no files; the CLI writes --junit and --json from the Report
 *   (report.ts; junit.ts `junitXml(report)`, `report.json` is `JSON.stringify(report)`).
 *
 * The runner only orchestrates: the deployment's target (suite-target.ts), the clients and the fixture,
 * each selected check run in its context (check-context.ts) and judged (verdict.ts), the clean-up, the
 * fuzz phase, the report (report.ts).
 *
 * A check that fails while its id is listed in a difference's `checks` is 'known-difference' with
 * --namespace li when the failure matches the difference's matcher (known-differences.ts), and
 * 'failed' otherwise, and always with svc (the document wins, and the mock follows the document).
 * A li run also accepts the upstream response shapes the differences list (client.ts).
 *
 * Checks are declared in checks/<section>.ts as a CheckGroup (check.ts): { id, clause, writes?,
 * destructive?, perPrefix?, needsFixture?, run(ctx) }; a check passes when run resolves, fails when
 * it throws (CheckFailure carries the message), and is skipped when it calls ctx.skip(reason) or
 * when its flags need --allow-writes / --allow-destructive that the run does not have.
 */
import { randomBytes } from 'node:crypto';
import { counted, loadContract, type Namespace } from '../spec/index.js';
import type { Check, ExpectAuth } from './check.js';
import { checkContext, type RunSettings } from './check-context.js';
import { CHECK_GROUPS } from './checks/index.js';
import { CatalogClient, ShapeLog, type Exchange } from './client.js';
import { RunFixture } from './fixture.js';
import { runFuzzPhase } from './fuzz/phase.js';
import { KnownDifferences } from './known-differences.js';
import { matchesOnly } from './only-pattern.js';
import { reportOf, RUN_RESULT, type Report, type RunSummary } from './report.js';
import { targetOf } from './suite-target.js';
import {
  fuzzResults,
  NOT_RUN,
  passed,
  resultBase,
  skipReason,
  thrown,
  type CheckResult,
  type Judge,
} from './verdict.js';

export type { ExpectAuth } from './check.js';
export type { CheckResult, CheckStatus } from './verdict.js';
export type { Report, SectionSummary } from './report.js';

export const DEFAULT_INDEX_WAIT_MS = 30_000;

export interface ConformanceOptions {
  baseUrl: string;
  graphqlUrl?: string;
  token?: string;
  readerToken?: string;
  namespace?: Namespace;
  prefixes?: string[];
  /** Where the `/api/gms` form is served when not at baseUrl (DataHub's frontend proxies it to GMS). */
  gatewayUrl?: string;
  expectAuth?: ExpectAuth;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  /** A dataset the deployment has, read by the read-only checks (else one is found by search). */
  dataset?: string;
  /** How long an index-derived read after a write polls until the write shows (default 30000). */
  indexWaitMs?: number;
  /** How long each response may take, from connecting to its last byte (default deployment/'s DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
  only?: string;
  runId?: string;
  /** Cases of the fuzz phase (fuzz/README.md); none without it. */
  fuzz?: number;
  /** Seed of the fuzz phase's cases (default: random, printed in its result). */
  seed?: number;
  onResult?: (result: CheckResult) => void;
  /**
   * Once aborted, no further check starts; the run cleans up and reports what ran (Ctrl-C), the checks it
   * did not start as skipped and `run.interrupted` as failed, naming the abort's reason (a signal's name).
   */
  stop?: AbortSignal;
  /** Once aborted, the clean-up soft-deletes nothing more; what it did not reach is `leftBehind` (a second Ctrl-C). */
  leaveWritten?: AbortSignal;
}

/** All declared checks, in run order. */
export function allChecks(): Check[] {
  return CHECK_GROUPS.flatMap((group) => group.checks);
}

/** What a run's options come to: its target, the auth it expects, its flags and its id. */
function runSummaryOf(options: ConformanceOptions, started: number): RunSummary {
  const namespace = options.namespace ?? 'svc';
  const allowWrites = !!options.allowWrites;
  return {
    runId: options.runId ?? `cc${randomBytes(4).toString('hex')}`,
    target: targetOf(options),
    namespace,
    expectAuth: options.expectAuth ?? (namespace === 'li' ? 'all' : options.token ? 'standard' : 'off'),
    allowWrites,
    allowDestructive: allowWrites && !!options.allowDestructive,
    started,
    interrupted: false,
    leftBehind: [],
  };
}

/**
 * The report of a run the pre-flight stopped (exit 3): one failed result naming the cause, so that a CI
 * publisher shows why nothing was checked instead of finding no report.
 */
export function cannotCheckReport(options: ConformanceOptions, cause: string, started = Date.now()): Report {
  return reportOf(runSummaryOf(options, started), [
    { ...RUN_RESULT, id: 'run.preflight', clause: 'run: the target answers as the service', message: cause },
  ]);
}

/** The results of a run stopped by a signal: one failure saying so, and each check it did not start, skipped. */
function interruptedResults(
  notRun: readonly { check: Check; prefix: string | undefined }[],
  reason: unknown,
): CheckResult[] {
  const by = typeof reason === 'string' ? reason : 'a stop';
  return [
    {
      ...RUN_RESULT,
      id: 'run.interrupted',
      clause: 'run: every selected check ran',
      message: `interrupted by ${by}: ${counted(notRun.length, 'selected check')} did not run`,
    },
    ...notRun.map(({ check, prefix }) => ({
      ...resultBase(check, prefix),
      status: 'skipped' as const,
      message: `${NOT_RUN} ${by}`,
      durationMs: 0,
    })),
  ];
}

export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const started = Date.now();
  const summary = runSummaryOf(options, started);
  const { namespace, target, expectAuth, allowWrites, allowDestructive, runId } = summary;
  const contract = loadContract(namespace);
  const known = new KnownDifferences(contract);
  const judge: Judge = { namespace, known, indexWaitMs: options.indexWaitMs ?? DEFAULT_INDEX_WAIT_MS };
  const shapeLog = new ShapeLog();
  const upstreamShapes = namespace === 'li' ? known.shapes() : undefined;
  // The last request of the check running: what a failure shows, to reproduce it.
  let lastExchange: Exchange | undefined;
  const clientOf = (prefix: string): CatalogClient =>
    new CatalogClient({
      target,
      prefix,
      contract,
      shapeLog,
      ...(upstreamShapes ? { upstreamShapes } : {}),
      ...(options.readerToken ? { readerToken: options.readerToken } : {}),
      record: (exchange) => (lastExchange = exchange),
    });
  const [firstPrefix = ''] = target.prefixes;
  const client = clientOf(firstPrefix);
  const fixture = new RunFixture(client, runId);
  const run: RunSettings = {
    contract,
    client,
    fixture,
    runId,
    ...(options.dataset ? { dataset: options.dataset } : {}),
    expectAuth,
    allowWrites,
    allowDestructive,
    indexWaitMs: judge.indexWaitMs,
  };

  const selected = allChecks().filter((check) => matchesOnly(options.only, check.id, check.clause));
  const checks: CheckResult[] = [];
  const record = (result: CheckResult): void => {
    checks.push(result);
    options.onResult?.(result);
  };

  const runOne = async (check: Check, prefixClient: CatalogClient, prefix: string | undefined): Promise<void> => {
    const base = resultBase(check, prefix);
    const reason = skipReason(check, { allowWrites, allowDestructive }, fixture.failure);
    if (reason) {
      record({ ...base, status: 'skipped', message: reason, durationMs: 0 });
      return;
    }
    const t0 = Date.now();
    lastExchange = undefined;
    shapeLog.seen.clear();
    const { ctx, waits } = checkContext(run, prefixClient);
    const outcome = () => ({ durationMs: Date.now() - t0, waits, shapes: shapeLog.seen, lastExchange });
    try {
      await check.run(ctx);
      record(passed(base, outcome()));
    } catch (error) {
      record(thrown(base, error, outcome(), judge));
    }
  };

  if (allowWrites && selected.some((c) => c.needsFixture)) await fixture.write();
  const stopped = (): boolean => !!options.stop?.aborted;
  const notRun: { check: Check; prefix: string | undefined }[] = [];
  try {
    for (const check of selected) {
      for (const prefix of check.perPrefix ? target.prefixes : [undefined]) {
        if (stopped()) notRun.push({ check, prefix });
        else await runOne(check, prefix === undefined ? client : clientOf(prefix), prefix);
      }
    }
  } finally {
    // Every entity the run wrote ends soft-deleted, whatever the checks did (unless told to leave them).
    if (allowWrites) await fixture.cleanUp(options.leaveWritten);
  }
  if (stopped()) for (const result of interruptedResults(notRun, options.stop?.reason)) record(result);
  if (options.fuzz && !stopped()) {
    const seed = options.seed ?? randomBytes(4).readUInt32BE(0);
    const t0 = Date.now();
    const fuzz = await runFuzzPhase({
      target,
      contract,
      count: options.fuzz,
      seed,
      runId,
      allowWrites,
      allowDestructive,
      ...(options.only ? { only: options.only } : {}),
    });
    for (const result of fuzzResults(fuzz, options.fuzz, Date.now() - t0)) record(result);
  }
  if (fixture.cleanUpFailure) {
    record({
      id: 'lifecycle.cleanup.soft-delete',
      clause: '3 States and transitions: active',
      section: '3',
      status: 'failed',
      message: fixture.cleanUpFailure,
      durationMs: 0,
    });
  }
  return reportOf({ ...summary, interrupted: stopped(), leftBehind: fixture.leftBehind }, checks);
}
