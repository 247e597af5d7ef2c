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
 *   (junit.ts `junitXml(report)`, `report.json` is `JSON.stringify(report)`).
 *
 * Report:
 *   { runId, baseUrl, graphqlUrl, namespace, prefixes, expectAuth, allowWrites, allowDestructive,
 *     startedAt (ISO), durationMs, ok (true when no check failed), interrupted (stopped by `stop`
 *     before every check ran), leftBehind (URNs written and not soft-deleted: `leaveWritten`),
 *     checks: CheckResult[]   -- { id, clause, section, prefix?, status, message, difference?, request?, durationMs }
 *                                status is 'passed' | 'failed' | 'skipped' | 'known-difference';
 *                                section is the clause's section number ('4.2'); prefix is set on
 *                                per-prefix checks ('' is the direct form); difference is the id in
 *                                spec/upstream-differences.yaml of a known-difference; request is the
 *                                last request of a failed check (reproduce.ts);
 *     sections: SectionSummary[] -- { section, title, passed, failed, skipped, knownDifference }
 *     clauses: { covered: [{ clause, checks: [id] }], notCovered: [clause], notObservable: [{ clause, reason }] } }
 *                                -- covered by checks that ran; notObservable: declared in not-observable.ts
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
import { loadContract, type Namespace } from '../spec/index.js';
import { CheckFailure, CheckSkipped, type Check, type CheckContext, type ExpectAuth } from './check.js';
import { CHECK_GROUPS } from './checks/index.js';
import { coverage, sectionOf, sectionTitle, type Coverage } from './clauses.js';
import { CatalogClient, ShapeLog, type Exchange } from './client.js';
import { KnownDifferences } from './known-differences.js';
import { RunFixture } from './fixture.js';
import { runFuzzPhase } from './fuzz/phase.js';
import { matchesOnly } from './only-pattern.js';
import { failedRequest, type FailedRequest } from './reproduce.js';

export type { ExpectAuth } from './check.js';

export const DEFAULT_PREFIXES = ['/api/gms', '/gms', ''] as const;
export const DEFAULT_INDEX_WAIT_MS = 30_000;
const GATEWAY_PREFIX = '/api/gms';

/**
 * The address forms a run checks by default: the document's three, or for a real deployment (li) the bare
 * prefix GMS serves (ServletConfig) plus the frontend's `/api/gms` proxy when its address is given.
 */
export function defaultPrefixes(namespace: Namespace, gatewayUrl: string | undefined): string[] {
  if (namespace !== 'li') return [...DEFAULT_PREFIXES];
  return gatewayUrl ? ['', GATEWAY_PREFIX] : [''];
}
/** Between two reads of a poll: short enough for a mock's lag, long enough not to load a deployment. */
const POLL_INTERVAL_MS = 100;

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
  only?: string;
  runId?: string;
  /** Cases of the fuzz phase (fuzz/README.md); none without it. */
  fuzz?: number;
  /** Seed of the fuzz phase's cases (default: random, printed in its result). */
  seed?: number;
  onResult?: (result: CheckResult) => void;
  /** Once aborted, no further check starts; the run cleans up and reports what ran (Ctrl-C). */
  stop?: AbortSignal;
  /** Once aborted, the clean-up soft-deletes nothing more; what it did not reach is `leftBehind` (a second Ctrl-C). */
  leaveWritten?: AbortSignal;
}

export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'known-difference';

export interface CheckResult {
  id: string;
  clause: string;
  section: string;
  prefix?: string;
  status: CheckStatus;
  message: string;
  difference?: string;
  /** Of a failed check: its last request, the answer, and a curl command that sends it again. */
  request?: FailedRequest;
  durationMs: number;
  /** How long the check's index-derived reads waited for its writes to show (absent when none waited). */
  indexWaitMs?: number;
}

export interface SectionSummary {
  section: string;
  title: string;
  passed: number;
  failed: number;
  skipped: number;
  knownDifference: number;
}

export interface Report {
  runId: string;
  baseUrl: string;
  graphqlUrl: string;
  namespace: Namespace;
  prefixes: string[];
  expectAuth: ExpectAuth;
  allowWrites: boolean;
  allowDestructive: boolean;
  startedAt: string;
  durationMs: number;
  ok: boolean;
  /** The run was stopped before every selected check ran. */
  interrupted: boolean;
  /** URNs the run wrote and did not soft-delete, because it was told to leave them. */
  leftBehind: string[];
  checks: CheckResult[];
  sections: SectionSummary[];
  clauses: Coverage;
}

/** All declared checks, in run order. */
export function allChecks(): Check[] {
  return CHECK_GROUPS.flatMap((group) => group.checks);
}

function skipReason(check: Check, options: Required<Pick<ConformanceOptions, 'allowWrites' | 'allowDestructive'>>): string | undefined {
  if ((check.writes || check.destructive || check.needsFixture) && !options.allowWrites) return 'needs --allow-writes';
  if (check.destructive && !options.allowDestructive) return 'needs --allow-destructive';
  return undefined;
}

function summarize(checks: CheckResult[]): SectionSummary[] {
  const bySection = new Map<string, SectionSummary>();
  for (const result of checks) {
    let summary = bySection.get(result.section);
    if (!summary) {
      summary = { section: result.section, title: sectionTitle(result.section), passed: 0, failed: 0, skipped: 0, knownDifference: 0 };
      bySection.set(result.section, summary);
    }
    if (result.status === 'known-difference') summary.knownDifference++;
    else summary[result.status]++;
  }
  return [...bySection.values()].sort((a, b) => a.section.localeCompare(b.section, 'en', { numeric: true }));
}

/** The addresses a run calls, with their defaults filled in. */
/** Where a run sends its calls: the base URL, GraphQL, the gateway (`/api/gms` in front of GMS) and the address forms to check. */
export function targetOf(options: Pick<ConformanceOptions, 'baseUrl' | 'graphqlUrl' | 'prefixes' | 'gatewayUrl' | 'namespace'>): { baseUrl: string; graphqlUrl: string; prefixes: string[]; gatewayUrl: string | undefined } {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const gatewayUrl = options.gatewayUrl?.replace(/\/+$/, '');
  const prefixes = options.prefixes?.length ? options.prefixes : defaultPrefixes(options.namespace ?? 'svc', gatewayUrl);
  return { baseUrl, graphqlUrl: options.graphqlUrl ?? `${baseUrl}/api/graphql`, prefixes, gatewayUrl };
}

export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const started = Date.now();
  const namespace = options.namespace ?? 'svc';
  const contract = loadContract(namespace);
  const { baseUrl, graphqlUrl, prefixes, gatewayUrl } = targetOf(options);
  const expectAuth: ExpectAuth = options.expectAuth ?? (namespace === 'li' ? 'all' : options.token ? 'standard' : 'off');
  const allowWrites = !!options.allowWrites;
  const allowDestructive = allowWrites && !!options.allowDestructive;
  const runId = options.runId ?? `cc${randomBytes(4).toString('hex')}`;
  const indexWaitMs = options.indexWaitMs ?? DEFAULT_INDEX_WAIT_MS;
  const known = new KnownDifferences(contract);
  const shapeLog = new ShapeLog();
  const upstreamShapes = namespace === 'li' ? known.shapes() : undefined;
  // The last request of the check running: what a failure shows, to reproduce it.
  let lastExchange: Exchange | undefined;
  const clientOf = (prefix: string): CatalogClient =>
    new CatalogClient({
      baseUrl: prefix === GATEWAY_PREFIX && gatewayUrl ? gatewayUrl : baseUrl,
      prefix,
      graphqlUrl,
      contract,
      shapeLog,
      ...(upstreamShapes ? { upstreamShapes } : {}),
      ...(options.token ? { token: options.token } : {}),
      ...(options.readerToken ? { readerToken: options.readerToken } : {}),
      record: (exchange) => (lastExchange = exchange),
    });
  const [firstPrefix = ''] = prefixes;
  const client = clientOf(firstPrefix);
  const fixture = new RunFixture(client, runId);

  const selected = allChecks().filter((check) => matchesOnly(options.only, check.id, check.clause));
  const checks: CheckResult[] = [];
  const record = (result: CheckResult): void => {
    checks.push(result);
    options.onResult?.(result);
  };

  const runOne = async (check: Check, prefixClient: CatalogClient, prefix: string | undefined): Promise<void> => {
    const base = { id: check.id, clause: check.clause, section: sectionOf(check.clause), ...(prefix !== undefined ? { prefix } : {}) };
    const reason = skipReason(check, { allowWrites, allowDestructive }) ?? (check.needsFixture && fixture.failure ? `run fixture could not be written: ${fixture.failure}` : undefined);
    if (reason) {
      record({ ...base, status: 'skipped', message: reason, durationMs: 0 });
      return;
    }
    const t0 = Date.now();
    lastExchange = undefined;
    shapeLog.seen.clear();
    const waits = { ms: 0, exhausted: false };
    const ctx: CheckContext = {
      contract,
      client,
      prefixClient,
      fixture,
      runId,
      ...(options.dataset ? { dataset: options.dataset } : {}),
      expectAuth,
      allowWrites,
      allowDestructive,
      skip: (why) => {
        throw new CheckSkipped(why);
      },
      eventually: async (read, visible) => {
        let result = await read();
        // Only a write that did not show at the first read makes the check wait.
        const started = Date.now();
        let polled = false;
        while (!visible(result)) {
          if (Date.now() - started >= indexWaitMs) {
            waits.exhausted = true;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, indexWaitMs)));
          result = await read();
          polled = true;
        }
        if (polled) waits.ms += Date.now() - started;
        return result;
      },
    };
    const waited = (): { indexWaitMs?: number } => (waits.ms > 0 ? { indexWaitMs: waits.ms } : {});
    try {
      await check.run(ctx);
      record({ ...base, status: 'passed', message: '', durationMs: Date.now() - t0, ...waited() });
    } catch (error) {
      const durationMs = Date.now() - t0;
      const reason = error instanceof Error ? error.message : String(error);
      // A write that never showed: the failure says how long the index was given.
      const message = waits.exhausted ? `${reason} (not visible after waiting ${indexWaitMs} ms for the index, --index-wait-ms)` : reason;
      if (error instanceof CheckSkipped) {
        record({ ...base, status: 'skipped', message, durationMs, ...waited() });
        return;
      }
      const status = error instanceof CheckFailure ? error.status : undefined;
      const explained = known.explaining(check.id, { message, shapes: shapeLog.seen, ...(status !== undefined ? { status } : {}) });
      if (explained && namespace === 'li') record({ ...base, status: 'known-difference', message, difference: explained.id, durationMs, ...waited() });
      else {
        const listed = explained ?? known.listing(check.id)[0];
        record({ ...base, status: 'failed', message, ...(listed ? { difference: listed.id } : {}), ...(lastExchange ? { request: failedRequest(lastExchange) } : {}), durationMs, ...waited() });
      }
    }
  };

  if (allowWrites && selected.some((c) => c.needsFixture)) await fixture.write();
  const stopped = (): boolean => !!options.stop?.aborted;
  try {
    for (const check of selected) {
      if (stopped()) break;
      if (!check.perPrefix) await runOne(check, client, undefined);
      else for (const prefix of prefixes) if (!stopped()) await runOne(check, clientOf(prefix), prefix);
    }
  } finally {
    // Every entity the run wrote ends soft-deleted, whatever the checks did (unless told to leave them).
    if (allowWrites) await fixture.cleanUp(options.leaveWritten);
  }
  if (options.fuzz) {
    const seed = options.seed ?? randomBytes(4).readUInt32BE(0);
    const t0 = Date.now();
    const fuzz = await runFuzzPhase({
      baseUrl,
      graphqlUrl,
      namespace,
      prefixes,
      count: options.fuzz,
      seed,
      runId,
      allowWrites,
      allowDestructive,
      ...(options.token ? { token: options.token } : {}),
      ...(options.only ? { only: options.only } : {}),
    });
    for (const failure of [...fuzz.failures, ...fuzz.knownDifferences]) {
      const status = failure.difference ? 'known-difference' : 'failed';
      record({ id: failure.id, clause: failure.clause, section: sectionOf(failure.clause), status, message: failure.message, ...(failure.difference ? { difference: failure.difference } : {}), durationMs: 0 });
    }
    const watched = fuzz.snapshot ? 'the store watched through /__mock/snapshot' : "the store watched through reads of the run's URNs";
    record({
      id: 'fuzz.phase',
      clause: '4 Endpoints',
      section: '4',
      status: fuzz.failures.length ? 'failed' : 'passed',
      message: `${fuzz.cases} cases of seed ${seed}, ${fuzz.failures.length} failed, ${fuzz.knownDifferences.length} known upstream differences; ${watched} (rerun: --fuzz ${options.fuzz} --seed ${seed})`,
      durationMs: Date.now() - t0,
    });
  }
  if (fixture.cleanUpFailure) {
    record({ id: 'lifecycle.cleanup.soft-delete', clause: '3 States and transitions: active', section: '3', status: 'failed', message: fixture.cleanUpFailure, durationMs: 0 });
  }

  return {
    runId,
    baseUrl,
    graphqlUrl,
    namespace,
    prefixes,
    expectAuth,
    allowWrites,
    allowDestructive,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    ok: !checks.some((c) => c.status === 'failed'),
    interrupted: stopped(),
    leftBehind: fixture.leftBehind,
    checks,
    sections: summarize(checks),
    clauses: coverage(checks.filter((c) => c.status !== 'skipped')),
  };
}
