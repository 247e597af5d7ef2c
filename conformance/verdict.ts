/**
 * What a check comes to, as a `CheckResult`: skipped before it runs (the run lacks a flag, or the
 * fixture it needs could not be written), passed, skipped by the check itself, a known upstream
 * difference (a li run, a listed check, a failure the difference's matcher recognises) or failed, with
 * its last request to reproduce it; and the fuzz phase's failures folded in as results of their own.
 */
import type { Namespace } from '../spec/index.js';
import { CheckFailure, CheckSkipped, type Check } from './check.js';
import type { IndexWaits } from './check-context.js';
import type { Exchange } from './client.js';
import { sectionOf } from './clauses.js';
import type { FuzzReport } from './fuzz/phase.js';
import type { KnownDifferences } from './known-differences.js';
import { failedRequest, type FailedRequest } from './reproduce.js';

export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'known-difference';

export interface CheckResult {
  id: string;
  clause: string;
  section: string;
  prefix?: string;
  status: CheckStatus;
  message: string;
  difference?: string;
  /** Of a failed check: its last request, the response, and a curl command that sends it again. */
  request?: FailedRequest;
  durationMs: number;
  /** How long the check's index-derived reads waited for its writes to show (absent when none waited). */
  indexWaitMs?: number;
}

/** How a check an interruption kept from starting is skipped: `not run: interrupted by SIGINT`. */
export const NOT_RUN = 'not run: interrupted by';

/** The fields every result of one check (on one prefix) starts from. */
export type ResultBase = Pick<CheckResult, 'id' | 'clause' | 'section' | 'prefix'>;

export function resultBase(check: Check, prefix: string | undefined): ResultBase {
  return {
    id: check.id,
    clause: check.clause,
    section: sectionOf(check.clause),
    ...(prefix !== undefined ? { prefix } : {}),
  };
}

/** Why a check does not run at all: a flag the run lacks, or the run's fixture that could not be written. */
export function skipReason(
  check: Check,
  flags: { allowWrites: boolean; allowDestructive: boolean },
  fixtureFailure: string | undefined,
): string | undefined {
  if ((check.writes || check.destructive || check.needsFixture) && !flags.allowWrites) return 'needs --allow-writes';
  if (check.destructive && !flags.allowDestructive) return 'needs --allow-destructive';
  return check.needsFixture && fixtureFailure ? `run fixture could not be written: ${fixtureFailure}` : undefined;
}

/** What the run knows when judging a check that threw. */
export interface Judge {
  namespace: Namespace;
  known: KnownDifferences;
  indexWaitMs: number;
}

/** What happened while the check ran. */
export interface Outcome {
  durationMs: number;
  waits: IndexWaits;
  /** The upstream shapes its client read (a li run). */
  shapes: ReadonlySet<string>;
  /** Its last request, if it sent one. */
  lastExchange: Exchange | undefined;
}

function waited(waits: IndexWaits): { indexWaitMs?: number } {
  return waits.ms > 0 ? { indexWaitMs: waits.ms } : {};
}

export function passed(base: ResultBase, outcome: Outcome): CheckResult {
  return { ...base, status: 'passed', message: '', durationMs: outcome.durationMs, ...waited(outcome.waits) };
}

/** The result of a check that threw: skipped by itself, a known difference, or failed. */
export function thrown(base: ResultBase, error: unknown, outcome: Outcome, judge: Judge): CheckResult {
  const { durationMs, waits } = outcome;
  const reason = error instanceof Error ? error.message : String(error);
  // A write that never showed: the failure says how long the index was given.
  const message = waits.exhausted
    ? `${reason} (not visible after waiting ${judge.indexWaitMs} ms for the index, --index-wait-ms)`
    : reason;
  if (error instanceof CheckSkipped) return { ...base, status: 'skipped', message, durationMs, ...waited(waits) };
  const status = error instanceof CheckFailure ? error.status : undefined;
  const explained = judge.known.explaining(base.id, {
    message,
    shapes: outcome.shapes,
    ...(status !== undefined ? { status } : {}),
  });
  if (explained && judge.namespace === 'li')
    return { ...base, status: 'known-difference', message, difference: explained.id, durationMs, ...waited(waits) };
  const listed = explained ?? judge.known.listing(base.id)[0];
  return {
    ...base,
    status: 'failed',
    message,
    ...(listed ? { difference: listed.id } : {}),
    ...(outcome.lastExchange ? { request: failedRequest(outcome.lastExchange) } : {}),
    durationMs,
    ...waited(waits),
  };
}

/** The fuzz phase as results: one per failing case (`fuzz.<kind>`), then `fuzz.phase` with its seed, counts and the flags that rerun it. */
export function fuzzResults(fuzz: FuzzReport, count: number, durationMs: number): CheckResult[] {
  const results: CheckResult[] = [];
  for (const failure of [...fuzz.failures, ...fuzz.knownDifferences]) {
    const status = failure.difference ? 'known-difference' : 'failed';
    results.push({
      id: failure.id,
      clause: failure.clause,
      section: sectionOf(failure.clause),
      status,
      message: failure.message,
      ...(failure.difference ? { difference: failure.difference } : {}),
      durationMs: 0,
    });
  }
  const watched = fuzz.snapshot
    ? 'the store watched through /__mock/snapshot'
    : "the store watched through reads of the run's URNs";
  const { seed } = fuzz;
  results.push({
    id: 'fuzz.phase',
    clause: '4 Endpoints',
    section: '4',
    status: fuzz.failures.length ? 'failed' : 'passed',
    message: `${fuzz.cases} cases of seed ${seed}, ${fuzz.failures.length} failed, ${fuzz.knownDifferences.length} known upstream differences; ${watched} (rerun: --fuzz ${count} --seed ${seed})`,
    durationMs,
  });
  return results;
}
