/**
 * `npm run fuzz -- --requests N [--seed S] [--sessions K] [--rounds R] [--budget-ms MS] [--scale F] [--starts M] [--kinds a,b] [--source]`:
 * the hostile-input run of issue 47. Starts the mock in its own process, sends N seeded requests of every
 * hostile kind (`fuzz/hostile-kinds.ts`) and the conformance suite's fuzz phase, R identical rounds, and
 * prints what failed; exits 1 on any failure, 2 on a bad option. The same options and seed send the same
 * requests. What it checks and how to read it: `fuzz/README.md`.
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { RUN_KINDS, START_OPTIONS_KIND, runHostile, type HostileReport } from './fuzz/hostile-run.js';
import { mockCommand, startMockUnderFuzz } from './fuzz/mock-under-fuzz.js';
import { closeConnections } from './fuzz/wire.js';

const USAGE = `usage: npm run fuzz -- --requests N [--seed S] [--sessions K] [--rounds R] [--budget-ms MS] [--scale F] [--starts M] [--kinds ${RUN_KINDS.join(',')}] [--source]`;

/** The request budget when the server states none: generous, so that only a request that holds the server fails. */
export const DEFAULT_BUDGET_MS = 10_000;

/** The options, or a one-line reason (and the usage) on stderr and exit 2. */
function options() {
  try {
    const { values } = parseArgs({
      options: {
        requests: { type: 'string' },
        seed: { type: 'string' },
        sessions: { type: 'string', default: '4' },
        rounds: { type: 'string', default: '2' },
        'budget-ms': { type: 'string', default: String(DEFAULT_BUDGET_MS) },
        scale: { type: 'string', default: '1' },
        starts: { type: 'string', default: '8' },
        kinds: { type: 'string' },
        source: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const whole = (name: string, text: string | undefined, min: number, max: number): number => {
      const n = Number(text);
      if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max)
        throw new Error(`--${name} '${text ?? ''}': expected a whole number from ${min} to ${max}`);
      return n;
    };
    const scale = Number(values.scale);
    if (!/^[\d.e-]+$/.test(values.scale) || !(scale > 0 && scale <= 1))
      throw new Error(`--scale '${values.scale}': expected a number above 0 and at most 1`);
    const kinds = values.kinds?.split(',').map((kind) => kind.trim());
    const unknown = (kinds ?? []).filter((kind) => !RUN_KINDS.includes(kind));
    if (unknown.length) throw new Error(`--kinds '${unknown.join("', '")}': expected some of ${RUN_KINDS.join(', ')}`);
    return {
      requests: whole('requests', values.requests, 1, 100_000_000),
      seed: values.seed === undefined ? randomInt(2 ** 31) : whole('seed', values.seed, 0, 2 ** 32 - 1),
      // The default session and a case's own sessions must fit the mock's 64.
      sessions: whole('sessions', values.sessions, 2, 32),
      rounds: whole('rounds', values.rounds, 1, 100),
      budgetMs: whole('budget-ms', values['budget-ms'], 1, 2 ** 31 - 1),
      scale,
      starts: whole('starts', values.starts, 0, 1000),
      ...(kinds ? { kinds } : {}),
      from: values.source ? ('source' as const) : ('built' as const),
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

function print(report: HostileReport): void {
  console.log(`\n| kind | sent | answers | seconds |\n|---|---:|---|---:|`);
  for (const [kind, tally] of Object.entries(report.byKind)) {
    const answers = Object.entries(tally.answers).map(([answer, n]) => `${answer} ${n}`);
    console.log(`| ${kind} | ${tally.sent} | ${answers.join(', ')} | ${(tally.ms / 1000).toFixed(1)} |`);
  }
  const counts = Object.entries(report.counts).map(([check, n]) => `${n} ${check}`);
  console.log(`\n${report.sent} requests, ${report.rounds} rounds of ${report.requestsPerRound}: ${counts.join(', ')}`);
  const memory = report.residentMb.map((mb) => `${mb.toFixed(0)} MB`).join(' → ');
  const growth = report.memoryGrowth === undefined ? '' : ` (${(report.memoryGrowth * 100).toFixed(1)}%)`;
  console.log(`resident memory after each round: ${memory || 'not read'}${growth}`);
  if (report.stopped) console.log('the run stopped early: the server crashed or stopped answering');
  const shown = report.failures.slice(0, 50);
  for (const failure of shown) console.log(`FAIL ${failure.check}: ${failure.message}`);
  if (report.failures.length > shown.length) console.log(`… and ${report.failures.length - shown.length} more`);
  const kinds = report.kinds.length === RUN_KINDS.length ? '' : ` --kinds ${report.kinds.join(',')}`;
  const scale = report.scale === 1 ? '' : ` --scale ${report.scale}`;
  const starts = report.kinds.includes(START_OPTIONS_KIND) ? ` --starts ${chosen.starts}` : '';
  console.log(
    `${report.ok ? 'ok' : 'FAILED'} (rerun: --requests ${report.requestsPerRound} --seed ${report.seed} --rounds ${report.rounds}${scale}${starts}${kinds})`,
  );
}

const chosen = options();
const mock = await startMockUnderFuzz(chosen.from);
let report: HostileReport;
try {
  report = await runHostile(mock, {
    requests: chosen.requests,
    seed: chosen.seed,
    sessions: chosen.sessions,
    rounds: chosen.rounds,
    budgetMs: chosen.budgetMs,
    scale: chosen.scale,
    startOptions: { command: mockCommand(chosen.from), starts: chosen.starts },
    ...(chosen.kinds ? { kinds: chosen.kinds } : {}),
    onProgress: (line) => console.error(line),
  });
} finally {
  closeConnections();
  await mock.stop();
}
print(report);
process.exit(report.ok ? 0 : 1);
