/**
 * The report of a run, what `runConformance` resolves with and the CLI writes as --json (and, through
 * junit.ts, --junit):
 *   { runId, baseUrl, graphqlUrl, namespace, prefixes, expectAuth, allowWrites, allowDestructive,
 *     startedAt (ISO), durationMs, ok (true when no check failed; an interrupted run is not ok),
 *     interrupted (stopped by `stop` before every check ran: the checks it did not start are skipped,
 *     "not run: interrupted by SIGINT", and run.interrupted fails), leftBehind (URNs written and not soft-deleted: `leaveWritten`),
 *     checks: CheckResult[]   -- { id, clause, section, prefix?, status, message, difference?, request?, durationMs }
 *                                status is 'passed' | 'failed' | 'skipped' | 'known-difference';
 *                                section is the clause's section number ('4.2'), or 'run' for a result
 *                                about the run itself (run.preflight: exit 3; run.interrupted); prefix is set on
 *                                per-prefix checks ('' is the direct form); difference is the id in
 *                                spec/upstream-differences.yaml of a known-difference; request is the
 *                                last request of a failed check (reproduce.ts);
 *     sections: SectionSummary[] -- { section, title, passed, failed, skipped, knownDifference }
 *     clauses: { covered: [{ clause, checks: [id] }], notCovered: [clause], notObservable: [{ clause, reason }] } }
 *                                -- covered by checks that ran; notObservable: declared in not-observable.ts
 */
import type { DeploymentTarget } from '../deployment/index.js';
import type { Namespace } from '../spec/index.js';
import type { ExpectAuth } from './check.js';
import { coverage, sectionTitle, type Coverage } from './clauses.js';
import type { CheckResult } from './verdict.js';

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

/**
 * What a result about the run itself (not a clause of the document) shares: the pre-flight that found no
 * service to check, an interruption. Its section is `run`, and it always fails: the run did not check
 * what it was asked to.
 */
export const RUN_RESULT = { section: 'run', status: 'failed', durationMs: 0 } as const satisfies Partial<CheckResult>;

function summarize(checks: CheckResult[]): SectionSummary[] {
  const bySection = new Map<string, SectionSummary>();
  for (const result of checks) {
    let summary = bySection.get(result.section);
    if (!summary) {
      summary = {
        section: result.section,
        title: result.section === RUN_RESULT.section ? 'the run itself' : sectionTitle(result.section),
        passed: 0,
        failed: 0,
        skipped: 0,
        knownDifference: 0,
      };
      bySection.set(result.section, summary);
    }
    if (result.status === 'known-difference') summary.knownDifference++;
    else summary[result.status]++;
  }
  return [...bySection.values()].sort((a, b) => a.section.localeCompare(b.section, 'en', { numeric: true }));
}

/** What a run did, besides its results. */
export interface RunSummary {
  runId: string;
  target: DeploymentTarget;
  namespace: Namespace;
  expectAuth: ExpectAuth;
  allowWrites: boolean;
  allowDestructive: boolean;
  /** Epoch milliseconds. */
  started: number;
  interrupted: boolean;
  leftBehind: string[];
}

export function reportOf(run: RunSummary, checks: CheckResult[]): Report {
  return {
    runId: run.runId,
    baseUrl: run.target.baseUrl,
    graphqlUrl: run.target.graphqlUrl,
    namespace: run.namespace,
    prefixes: run.target.prefixes,
    expectAuth: run.expectAuth,
    allowWrites: run.allowWrites,
    allowDestructive: run.allowDestructive,
    startedAt: new Date(run.started).toISOString(),
    durationMs: Date.now() - run.started,
    ok: !checks.some((c) => c.status === 'failed'),
    interrupted: run.interrupted,
    leftBehind: run.leftBehind,
    checks,
    sections: summarize(checks),
    clauses: coverage(checks.filter((c) => c.status !== 'skipped')),
  };
}
