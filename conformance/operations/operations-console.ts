/**
 * The operations run on the console: the matrix, one row per operation and one column per schema (the
 * contract's, then each target's), a cell saying `ok` (valid and, executed, clean), `valid` (valid, not
 * executed), `INVALID` or `ERRORS`; then the findings, new ones first, so they stay on screen; then a
 * line of totals. Long labels are numbered in a legend rather than widening every row.
 */
import type { Paint } from '../console-report.js';
import type { OperationCell, OperationsReport } from './operations-report.js';

function mark(cell: OperationCell): string {
  if (!cell.valid) return 'INVALID';
  if (cell.execution?.status === 'errors') return 'ERRORS';
  return cell.execution?.status === 'clean' ? 'ok' : 'valid';
}

const MAX_HEADER = 12;

export function operationsMatrix(report: OperationsReport, paint: Paint): string {
  const headers = report.columns.map((c, i) => (c.label.length <= MAX_HEADER ? c.label : `[${i + 1}]`));
  const legend = report.columns
    .map((c, i) => (headers[i] === c.label ? '' : `  [${i + 1}] ${c.label}`))
    .filter(Boolean);
  const nameWidth = Math.max('operation'.length, ...report.operations.map((r) => r.operation.length + 2));
  const widths = headers.map((h) => Math.max(h.length, 'INVALID'.length));
  const line = (name: string, cells: string[]): string =>
    `${name.padEnd(nameWidth)}  ${cells.map((text, i) => text.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  const painted = (text: string, width: number): string => {
    const padded = text.padEnd(width);
    if (text === 'INVALID' || text === 'ERRORS') return paint('red', padded);
    return text === 'ok' ? paint('green', padded) : padded;
  };
  const rows = report.operations.map((row) => {
    const kind = row.kind === 'query' ? 'q' : row.kind === 'mutation' ? 'm' : 's';
    const name = `${kind} ${row.operation}`.padEnd(nameWidth);
    return `${name}  ${row.cells.map((cell, i) => painted(mark(cell), widths[i]!)).join('  ')}`.trimEnd();
  });
  const fresh = report.findings.filter((f) => !f.known);
  const known = report.findings.filter((f) => f.known);
  const drift = report.findings.filter((f) => f.kind === 'drift').length;
  return [
    line('operation', headers),
    ...rows,
    ...(legend.length ? ['', ...legend] : []),
    '',
    ...known.map((f) => paint('dim', `known (baseline) ${f.message}`)),
    ...fresh.map((f) => paint('red', f.message)),
    `${report.operations.length} operations (q query, m mutation, s subscription) x ${report.columns.length} schemas: ` +
      `${report.findings.length} findings (${drift} drift), ${fresh.length} new` +
      (report.execute ? '' : '; queries not executed (--execute sends them)'),
  ].join('\n');
}
