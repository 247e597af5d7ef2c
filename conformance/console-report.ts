/**
 * What the CLI prints: one line per check as it finishes (a failure with its last request, the response
 * and a curl command that reproduces it), and at the end a table per document section, the skipped checks
 * grouped one line per reason, the clause coverage, and the failed checks again, so they are what stays
 * on screen. FAIL in red and ok in green when colour is on.
 */
import type { Report } from './report.js';
import { counted } from '../spec/index.js';
import { NOT_RUN, type CheckResult } from './verdict.js';

const MARK: Record<CheckResult['status'], string> = {
  passed: 'ok  ',
  failed: 'FAIL',
  skipped: 'skip',
  'known-difference': 'diff',
};

const ANSI = { red: [31, 39], green: [32, 39], dim: [2, 22] } as const;

export type Paint = (colour: keyof typeof ANSI, text: string) => string;

const plain: Paint = (_colour, text) => text;
const ansi: Paint = (colour, text) => `\x1b[${ANSI[colour][0]}m${text}\x1b[${ANSI[colour][1]}m`;

/**
 * Colour on a terminal, unless NO_COLOR is set (https://no-color.org); FORCE_COLOR (other than 0 or
 * false) turns it on anywhere, as in node and most command-line tools.
 */
export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Paint {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return ansi;
  if (env.NO_COLOR) return plain;
  return stream.isTTY ? ansi : plain;
}

const INDENT = '       ';

function indented(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => `${indent}${line}`)
    .join('\n');
}

function mark(status: CheckResult['status'], paint: Paint): string {
  if (status === 'failed') return paint('red', MARK[status]);
  if (status === 'passed') return paint('green', MARK[status]);
  return MARK[status];
}

function named(result: CheckResult): string {
  return `${result.id}${result.prefix === undefined ? '' : ` [${result.prefix || 'direct'}]`}`;
}

/** The last request of a failed check and how to send it again. */
function reproduction(result: CheckResult, paint: Paint): string {
  const { request } = result;
  if (!request) return '';
  const status = request.status === undefined ? 'no answer' : String(request.status);
  const lines = [`${request.method} ${request.url} -> ${status}`];
  if (request.body) lines.push(indented(request.body, '  '));
  lines.push(paint('dim', `reproduce: ${request.curl}`));
  return `\n${indented(lines.join('\n'), INDENT)}`;
}

export function progressLine(result: CheckResult, paint: Paint = plain): string {
  const detail = result.message
    ? `\n${INDENT}${result.status === 'known-difference' ? `known upstream difference ${result.difference ?? ''}: ` : ''}${result.message}`
    : '';
  return `${mark(result.status, paint)} ${named(result)}  (${result.clause})${detail}${result.status === 'failed' ? reproduction(result, paint) : ''}`;
}

/** How many check ids a skip line names before "and N more". */
const SKIP_IDS_SHOWN = 3;

/** The skipped checks, one line per reason: how many, the reason, the first few ids. */
export function skipLines(checks: readonly CheckResult[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const result of checks) {
    if (result.status !== 'skipped') continue;
    const ids = byReason.get(result.message) ?? [];
    if (!ids.includes(named(result))) ids.push(named(result));
    byReason.set(result.message, ids);
  }
  return [...byReason].map(([reason, ids]) => {
    const shown = ids.slice(0, SKIP_IDS_SHOWN).join(', ');
    const more = ids.length > SKIP_IDS_SHOWN ? ` and ${ids.length - SKIP_IDS_SHOWN} more` : '';
    return `skip ${reason} (${counted(ids.length, 'check')}): ${shown}${more}`;
  });
}

export function summaryTable(report: Report, paint: Paint = plain): string {
  const rows = report.sections.map((s) =>
    [`${s.section} ${s.title}`, s.passed, s.failed, s.skipped, s.knownDifference].map(String),
  );
  const total = [
    'total',
    ...(['passed', 'failed', 'skipped', 'knownDifference'] as const).map((k) =>
      String(report.sections.reduce((sum, s) => sum + s[k], 0)),
    ),
  ];
  const all = [['section', 'passed', 'failed', 'skipped', 'known upstream difference'], ...rows, total];
  const widths = all[0]?.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]): string =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const lines = [line(all[0] ?? []), rule, ...rows.map(line), rule, line(total)];
  const skips = skipLines(report.checks);
  if (skips.length) lines.push('', ...skips);
  const { covered, notCovered, notObservable } = report.clauses;
  lines.push(
    '',
    `clauses of the interface document: ${covered.length} covered by the checks that ran, ${notCovered.length} not covered, ${notObservable.length} not observable over HTTP; ${(report.durationMs / 1000).toFixed(1)} s; run id ${report.runId}`,
  );
  const failed = report.checks.filter((c) => c.status === 'failed');
  if (failed.length)
    lines.push(
      '',
      `failed (${failed.length}):`,
      ...failed.map((c) => `  ${mark(c.status, paint)} ${named(c)}: ${c.message.split('\n')[0] ?? ''}`),
    );
  if (report.interrupted) {
    const ran = report.checks.filter((c) => c.section !== 'run' && !c.message.startsWith(NOT_RUN));
    const verdict = ran.some((c) => c.status === 'failed') ? paint('red', 'FAILED') : paint('green', 'passed');
    lines.push(`conformance: INTERRUPTED after ${ran.length} results (${verdict} so far)`);
  } else lines.push(`conformance: ${report.ok ? paint('green', 'passed') : paint('red', 'FAILED')}`);
  return lines.join('\n');
}
