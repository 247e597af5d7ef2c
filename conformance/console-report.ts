/** What the CLI prints: one line per check as it finishes, and a table per document section at the end. */
import type { CheckResult, Report } from './runner.js';

const MARK: Record<CheckResult['status'], string> = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip', 'known-difference': 'diff' };

export function progressLine(result: CheckResult): string {
  const where = result.prefix === undefined ? '' : ` [${result.prefix || 'direct'}]`;
  const detail = result.message ? `\n       ${result.status === 'known-difference' ? `known upstream difference ${result.difference ?? ''}: ` : ''}${result.message}` : '';
  return `${MARK[result.status]} ${result.id}${where}  (${result.clause})${detail}`;
}

export function summaryTable(report: Report): string {
  const rows = report.sections.map((s) => [`${s.section} ${s.title}`, s.passed, s.failed, s.skipped, s.knownDifference].map(String));
  const total = ['total', ...(['passed', 'failed', 'skipped', 'knownDifference'] as const).map((k) => String(report.sections.reduce((sum, s) => sum + s[k], 0)))];
  const all = [['section', 'passed', 'failed', 'skipped', 'known upstream difference'], ...rows, total];
  const widths = all[0]?.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]): string => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const lines = [line(all[0] ?? []), rule, ...rows.map(line), rule, line(total)];
  const { covered, notCovered, notObservable } = report.clauses;
  lines.push('', `${covered.length} covered, ${notCovered.length} not covered, ${notObservable.length} not observable; ${(report.durationMs / 1000).toFixed(1)} s; run id ${report.runId}`);
  const verdict = report.ok ? 'passed' : 'FAILED';
  lines.push(report.interrupted ? `conformance: INTERRUPTED after ${report.checks.length} results (${verdict} so far)` : `conformance: ${verdict}`);
  return lines.join('\n');
}
