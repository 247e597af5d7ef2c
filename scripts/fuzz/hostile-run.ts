/**
 * `runHostile(server, options) -> HostileReport`: sends a seeded run of hostile requests (hostile-kinds.ts)
 * to a mock running in its own process, then the conformance suite's own fuzz phase through the suite's
 * face, and judges what came back:
 *   5xx          any answer of 500 or more
 *   crash        the server's process ended
 *   no-answer    a connection refused or broken, or no answer by the deadline (twice the budget); the
 *                run stops there, since a server that does not answer makes every later figure noise
 *   over-budget  an answer slower than the request budget
 *   cross-session  a session's write seen in another session (or the default one), or not seen in its own
 *   store-changed  the default session's snapshot digest changed over requests that must not write
 *   accepted     bad input answered as good: a 2xx (GraphQL: without errors) to a request that must be refused
 *   conformance  a failure of the suite's fuzz phase
 *   bad-option   a start of the server with a bad numeric option that served, or did not name the option
 *   memory       with two rounds or more, the last round (the same requests, the same sessions opened and
 *                closed again) grew the server's resident memory by 10% or more
 * Requests go one at a time, so an answer's time is the server's for that request alone.
 */
import { runConformance } from '../../conformance/index.js';
import { HOSTILE_KIND_NAMES, drawCase, type HostileKindName, type HostileStep } from './hostile-kinds.js';
import { Seeded } from './seeded.js';
import { startWithBadOptions } from './start-options.js';
import { send, type Answer, type HostileRequest } from './wire.js';

/** The kinds a run may choose: the hostile kinds and the suite's fuzz phase. */
export const CONFORMANCE_KIND = 'conformance.fuzz';
/** Bad numeric options at start-up: a few starts of the command per run (start-options.ts), not requests. */
export const START_OPTIONS_KIND = 'options.bad-numbers';
export const RUN_KINDS: readonly string[] = [...HOSTILE_KIND_NAMES, CONFORMANCE_KIND, START_OPTIONS_KIND];

/** A dataset of the sample catalog with lineage both ways (`mock-server/sample/dataset-definitions.ts`). */
export const LINEAGE_DATASET = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';

/** A mark written in the default session before the run: a reset reached by a refused request removes it. */
const MARK_URN = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,fuzz_default_session_mark,PROD)';

/**
 * The default session's digest is compared after this many requests to it, and at the end: a digest reads and
 * hashes every row (some 100 ms), so a change is named by the range of requests it fell in.
 */
const WATCH_EVERY = 50;

/**
 * The share of cases drawn over the whole range of their kind (hostile-kinds.ts `heavy`): the walks, lists
 * and texts that run to the server's request budget or its body limit, and prove that they stop there. The
 * others are small or past a limit the server checks first, and cost milliseconds.
 */
export const HEAVY_SHARE = 0.005;

/** The requests of a changed range that are not reads, named in full in its failure line. */
const SUSPECTS_NAMED = 5;

/** How many requests a kind may be ahead of the kind that sent the fewest and still be drawn. */
const BALANCE_SLACK = 32;

/** Memory growth of the last round over the first that fails the run. */
export const MEMORY_GROWTH_LIMIT = 0.1;

export interface ServerUnderTest {
  url: string;
  /** Resident memory of the server's process now, in MB. */
  residentMb(): number;
  /** Whether the server's process has ended. */
  exited(): boolean;
}

export interface HostileOptions {
  /** Requests per round, the suite's fuzz cases included. */
  requests: number;
  seed: number;
  /** Sessions each isolation case opens. */
  sessions: number;
  /** The longest an answer may take. */
  budgetMs: number;
  /** Identical rounds; the memory check needs two or more. */
  rounds: number;
  /** The share of the largest sizes drawn (texts, lists, widths; default 1); depths are never scaled. */
  scale?: number;
  /** The kinds sent (default: all of RUN_KINDS). */
  kinds?: readonly string[];
  /** With START_OPTIONS_KIND: the node arguments that start the server (`mockCommand`), and how many starts. */
  startOptions?: { command: string[]; starts: number };
  onProgress?: (line: string) => void;
}

const FAILED_CHECKS = [
  '5xx',
  'crash',
  'no-answer',
  'over-budget',
  'cross-session',
  'store-changed',
  'accepted',
  'conformance',
  'bad-option',
  'memory',
] as const;

export type FailedCheck = (typeof FAILED_CHECKS)[number];

export interface HostileFailure {
  check: FailedCheck;
  round: number;
  /** The request's number in its round (from 0), when one request is to blame. */
  request?: number;
  kind?: string;
  message: string;
}

export interface KindTally {
  sent: number;
  /** Answers by status class ('2xx', '4xx', '5xx') and 'no-answer'. */
  answers: Record<string, number>;
  /** Milliseconds spent on the kind's requests: drawing them, waiting for their answers, and the checks after them. */
  ms: number;
}

export interface HostileReport {
  seed: number;
  requestsPerRound: number;
  rounds: number;
  budgetMs: number;
  scale: number;
  kinds: string[];
  /** Requests sent over all rounds (the suite's fuzz cases counted as sent). */
  sent: number;
  byKind: Record<string, KindTally>;
  counts: Record<FailedCheck, number>;
  /** Resident memory of the server after each round, MB. */
  residentMb: number[];
  /** The last round's growth over the first, as a fraction, with two rounds or more. */
  memoryGrowth?: number;
  /** True when the run stopped early: the server crashed or stopped answering. */
  stopped: boolean;
  failures: HostileFailure[];
  ok: boolean;
}

/** The same request in the words a failure line uses: method, target (cut short) and body size. */
function describe(request: HostileRequest): string {
  const target = request.target.length > 120 ? `${request.target.slice(0, 120)}…` : request.target;
  const body = request.body === undefined ? '' : `, body ${request.body.length} chars`;
  return `${request.method} ${target}${body}`;
}

function statusClass(answer: Answer): string {
  return answer.kind === 'answer' ? `${Math.floor(answer.status / 100)}xx` : 'no-answer';
}

export async function runHostile(server: ServerUnderTest, options: HostileOptions): Promise<HostileReport> {
  const base = new URL(server.url);
  const kinds = [...(options.kinds ?? RUN_KINDS)];
  const unknown = kinds.filter((kind) => !RUN_KINDS.includes(kind));
  if (unknown.length) throw new Error(`unknown kinds ${unknown.join(', ')}: expected some of ${RUN_KINDS.join(', ')}`);
  const hostileKinds = HOSTILE_KIND_NAMES.filter((kind) => kinds.includes(kind));
  const conformanceCases = kinds.includes(CONFORMANCE_KIND)
    ? hostileKinds.length
      ? Math.max(1, Math.round(options.requests / (hostileKinds.length + 1)))
      : options.requests
    : 0;
  const deadlineMs = options.budgetMs * 2;
  const report: HostileReport = {
    seed: options.seed,
    requestsPerRound: options.requests,
    rounds: options.rounds,
    budgetMs: options.budgetMs,
    scale: options.scale ?? 1,
    kinds,
    sent: 0,
    byKind: Object.fromEntries(kinds.map((kind) => [kind, { sent: 0, answers: {}, ms: 0 }])),
    counts: Object.fromEntries(FAILED_CHECKS.map((check) => [check, 0])) as Record<FailedCheck, number>,
    residentMb: [],
    stopped: false,
    failures: [],
    ok: false,
  };
  const fail = (failure: HostileFailure): void => {
    report.counts[failure.check]++;
    report.failures.push(failure);
    options.onProgress?.(`  ${failure.check}: ${failure.message}`);
  };
  const admin = async (request: HostileRequest): Promise<Answer> => send(base, request, deadlineMs);
  const digest = async (): Promise<string | undefined> => {
    const answer = await admin({ method: 'GET', target: '/__mock/snapshot' });
    return answer.kind === 'answer' && answer.status === 200
      ? (JSON.parse(answer.body) as { digest: string }).digest
      : undefined;
  };

  // The default session back at its start-up state, with the mark: before the run and after any change.
  const restore = async (): Promise<string | undefined> => {
    const reset = await admin({ method: 'POST', target: '/__mock/reset' });
    const mark = await admin({
      method: 'POST',
      target: '/aspects?action=ingestProposal',
      body: JSON.stringify({
        proposal: {
          entityType: 'dataset',
          entityUrn: MARK_URN,
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { value: '{"removed":false}', contentType: 'application/json' },
        },
      }),
    });
    for (const answer of [reset, mark])
      if (answer.kind !== 'answer' || answer.status !== 200)
        throw new Error(`the default session could not be reset and marked: ${JSON.stringify(answer)}`);
    return digest();
  };
  await restore();

  for (let round = 1; round <= options.rounds && !report.stopped; round++) {
    options.onProgress?.(`round ${round} of ${options.rounds}: ${options.requests} requests of seed ${options.seed}`);
    const rng = new Seeded(options.seed);
    let watched = await digest();
    // Requests to the default session since the last digest: number, kind, method, status class and the request.
    let unwatched: { number: number; kind: string; method: string; answered: string; what: string }[] = [];
    const watch = async (): Promise<void> => {
      const now = await digest();
      if (now !== watched && unwatched.length) {
        const first = unwatched[0] as (typeof unwatched)[number];
        const last = unwatched[unwatched.length - 1] as (typeof unwatched)[number];
        const range =
          first === last ? `request #${first.number} (${first.what})` : `requests #${first.number}..#${last.number}`;
        const accepted = unwatched.filter((r) => r.answered === '2xx').map((r) => `#${r.number} ${r.kind}`);
        // The suspects of a range: the requests in it that are not reads, the first few named in full.
        const writes = unwatched.filter((r) => r.method !== 'GET');
        const suspects =
          first === last
            ? ''
            : `; not reads: ${writes.length} (${writes
                .slice(0, SUSPECTS_NAMED)
                .map((r) => `#${r.number} ${r.what}`)
                .join(', ')}${writes.length > SUSPECTS_NAMED ? ', …' : ''})`;
        fail({
          check: 'store-changed',
          round,
          ...(first === last ? { request: first.number } : {}),
          kind: [...new Set(unwatched.map((r) => r.kind))].join(', '),
          message: `the default session's store changed over ${range} of seed ${options.seed} (answered 2xx: ${accepted.join(', ') || 'none'}${suspects}); reset to go on`,
        });
        watched = await restore();
      } else watched = now;
      unwatched = [];
    };

    const judge = (step: HostileStep, kind: string, number: number, answer: Answer): boolean => {
      const where = `request #${number} (${kind}, round ${round}, seed ${options.seed}): ${describe(step.request)}`;
      const tally = report.byKind[kind] as KindTally;
      tally.sent++;
      report.sent++;
      const answered = statusClass(answer);
      tally.answers[answered] = (tally.answers[answered] ?? 0) + 1;
      if (answer.kind !== 'answer') {
        if (server.exited())
          fail({ check: 'crash', round, request: number, kind, message: `the server exited at ${where}` });
        else
          fail({
            check: 'no-answer',
            round,
            request: number,
            kind,
            message: `${answer.kind === 'hung' ? `no answer in ${deadlineMs} ms` : answer.message} to ${where}`,
          });
        report.stopped = true;
        return false;
      }
      if (answer.status >= 500)
        fail({
          check: '5xx',
          round,
          request: number,
          kind,
          message: `${answer.status} ${answer.body.slice(0, 200)} to ${where}`,
        });
      if (answer.ms > options.budgetMs)
        fail({
          check: 'over-budget',
          round,
          request: number,
          kind,
          message: `answered in ${Math.round(answer.ms)} ms, over the budget of ${options.budgetMs} ms: ${where}`,
        });
      if (step.refused && answer.status < 400 && !/"errors"\s*:\s*\[/.test(answer.body))
        fail({
          check: 'accepted',
          round,
          request: number,
          kind,
          message: `bad input answered ${answer.status} ${answer.body.slice(0, 200)}: ${where}`,
        });
      const expect = step.expect;
      if (expect && answer.status < 500) {
        const found = answer.status === 200;
        if (found !== expect.found)
          fail({
            check: 'cross-session',
            round,
            request: number,
            kind,
            message: `${expect.urn}, written in session ${expect.writtenIn}, was ${found ? '' : 'not '}found in ${expect.readIn} (${answer.status}): ${where}`,
          });
      }
      if (!step.request.headers?.['x-mock-session'])
        unwatched.push({ number, kind, method: step.request.method, answered, what: describe(step.request) });
      return true;
    };

    let number = 0;
    const sentThisRound = new Map<HostileKindName, number>();
    for (
      let index = 0;
      number < options.requests - conformanceCases && hostileKinds.length && !report.stopped;
      index++
    ) {
      // A kind at random among those that have sent the fewest requests this round (give or take a case),
      // so that a kind of many requests per case (sessions) does not crowd out the others.
      const fewest = Math.min(...hostileKinds.map((k) => sentThisRound.get(k) ?? 0));
      const kind = rng.pick(hostileKinds.filter((k) => (sentThisRound.get(k) ?? 0) <= fewest + BALANCE_SLACK));
      const started = performance.now();
      const heavy = rng.next() < HEAVY_SHARE;
      const hostile = drawCase(kind, rng, {
        heavy,
        dataset: LINEAGE_DATASET,
        seed: options.seed,
        index,
        sessions: options.sessions,
        scale: options.scale ?? 1,
      });
      sentThisRound.set(kind, (sentThisRound.get(kind) ?? 0) + hostile.steps.length);
      for (const step of hostile.steps) {
        const answer = await send(base, step.request, deadlineMs);
        if (!judge(step, kind, number++, answer)) break;
        if (unwatched.length >= WATCH_EVERY) await watch();
      }
      (report.byKind[kind] as KindTally).ms += performance.now() - started;
    }
    if (report.stopped) break;
    await watch();

    if (conformanceCases) {
      const started = performance.now();
      const before = await digest();
      const suite = await runConformance({
        baseUrl: server.url,
        fuzz: conformanceCases,
        seed: options.seed,
        only: 'fuzz',
        allowWrites: true,
        runId: `fz${options.seed}`,
      });
      const tally = report.byKind[CONFORMANCE_KIND] as KindTally;
      tally.sent += conformanceCases;
      report.sent += conformanceCases;
      for (const result of suite.checks)
        if (result.status === 'failed' && result.id !== 'fuzz.phase')
          fail({ check: 'conformance', round, kind: result.id, message: `${result.id}: ${result.message}` });
      const phase = suite.checks.find((result) => result.id === 'fuzz.phase');
      tally.answers[phase?.status ?? 'not run'] = (tally.answers[phase?.status ?? 'not run'] ?? 0) + 1;
      tally.ms += performance.now() - started;
      if (server.exited()) {
        fail({
          check: 'crash',
          round,
          kind: CONFORMANCE_KIND,
          message: "the server exited during the suite's fuzz phase",
        });
        report.stopped = true;
        break;
      }
      if ((await digest()) !== before)
        fail({
          check: 'store-changed',
          round,
          kind: CONFORMANCE_KIND,
          message: "the default session's store changed over the suite's fuzz phase",
        });
    }
    report.residentMb.push(server.residentMb());
  }

  if (kinds.includes(START_OPTIONS_KIND) && options.startOptions && !report.stopped) {
    options.onProgress?.(`${options.startOptions.starts} starts with a bad numeric option`);
    const started = performance.now();
    const starts = await startWithBadOptions(
      options.startOptions.command,
      new Seeded(options.seed ^ 0x5eed),
      options.startOptions.starts,
    );
    const answers: Record<string, number> = {};
    for (const start of starts) {
      answers[start.outcome] = (answers[start.outcome] ?? 0) + 1;
      const where = `mock ${start.option} ${start.value}`;
      if (start.outcome === 'served')
        fail({
          check: 'bad-option',
          round: 1,
          kind: START_OPTIONS_KIND,
          message: `${where} was accepted: the server started`,
        });
      if (start.outcome === 'refused-unnamed')
        fail({
          check: 'bad-option',
          round: 1,
          kind: START_OPTIONS_KIND,
          message: `${where} exited ${start.code} without naming ${start.option}: ${start.line}`,
        });
    }
    report.byKind[START_OPTIONS_KIND] = { sent: starts.length, answers, ms: performance.now() - started };
  }

  const [first, last] = [report.residentMb[0], report.residentMb[report.residentMb.length - 1]];
  if (report.residentMb.length >= 2 && first !== undefined && last !== undefined) {
    report.memoryGrowth = (last - first) / first;
    if (report.memoryGrowth >= MEMORY_GROWTH_LIMIT)
      fail({
        check: 'memory',
        round: report.residentMb.length,
        message: `resident memory grew from ${first.toFixed(0)} MB after round 1 to ${last.toFixed(0)} MB after round ${report.residentMb.length} (${(report.memoryGrowth * 100).toFixed(1)}%, limit ${MEMORY_GROWTH_LIMIT * 100}%)`,
      });
  }
  report.ok = report.failures.length === 0;
  return report;
}
