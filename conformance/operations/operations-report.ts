/**
 * What an operations run comes to: per operation and per column (the contract's schema, then each target)
 * whether the operation is valid there, with the first cause when not, and, executed, whether it answered
 * without errors; then the findings. Drift is an operation one column accepts and another refuses (the
 * mock accepts what a deployment refuses: the mock is ahead of, or wrong about, it); an operation every
 * column refuses is invalid everywhere; one every target answers with errors, executed with the team's own
 * variables, answers errors everywhere. A finding the baseline (an earlier run's JSON report) holds is
 * known and does not fail the run.
 */
import type { OperationKind } from './operation-documents.js';

export interface OperationColumn {
  label: string;
  /** `contract`: the contract's own schema, validated against only; `target`: a deployment or a mock. */
  kind: 'contract' | 'target';
  /** The GraphQL endpoint of a target. */
  url?: string;
}

/** Executed: the answer had data and no errors (`clean`) or errors (`errors`); `not-run` with the reason. */
export type Execution =
  | { status: 'clean'; variables: 'given' | 'synthesised' }
  | { status: 'errors'; variables: 'given' | 'synthesised'; error: string }
  | { status: 'not-run'; reason: string };

export interface OperationCell {
  column: string;
  valid: boolean;
  /** The first validation error, when not valid. */
  cause?: string;
  execution?: Execution;
}

export interface OperationRow {
  operation: string;
  kind: OperationKind;
  file: string;
  line: number;
  hash: string;
  cells: OperationCell[];
}

export type FindingKind = 'drift' | 'invalid' | 'errors';

export interface Finding {
  kind: FindingKind;
  operation: string;
  /** The columns that accept the operation (drift), and those that refuse it. */
  accepted: string[];
  refused: string[];
  message: string;
  /** Held by the baseline: reported, not failing. */
  known: boolean;
}

export interface OperationsReport {
  startedAt: string;
  durationMs: number;
  documents: {
    files: number;
    operations: number;
    fragments: number;
    duplicateFragmentsMerged: number;
    duplicateOperationsMerged: number;
  };
  columns: OperationColumn[];
  execute: boolean;
  operations: OperationRow[];
  findings: Finding[];
  /** No finding the baseline does not hold. */
  ok: boolean;
}

/** What identifies a finding across runs: its kind, the operation and the columns that refuse it (not the wording of the cause). */
export function findingKey(finding: Pick<Finding, 'kind' | 'operation' | 'refused'>): string {
  return `${finding.kind} ${finding.operation} refused by ${[...finding.refused].sort().join(', ')}`;
}

/** Whether a cell accepts the operation: valid and, executed, clean. */
function accepts(cell: OperationCell): boolean {
  return cell.valid && cell.execution?.status !== 'errors';
}

function why(cell: OperationCell): string {
  if (!cell.valid) return cell.cause ?? 'invalid';
  return cell.execution?.status === 'errors' ? `answered errors: ${cell.execution.error}` : '';
}

/** The findings of one operation's row. */
export function findingsOf(row: OperationRow): Omit<Finding, 'known'>[] {
  const accepted = row.cells.filter(accepts).map((c) => c.column);
  const refusing = row.cells.filter((c) => !accepts(c));
  if (!refusing.length) return [];
  const refused = refusing.map((c) => c.column);
  const first = refusing[0]!;
  if (accepted.length)
    return [
      {
        kind: 'drift',
        operation: row.operation,
        accepted,
        refused,
        message: `drift: ${row.kind} ${row.operation} is accepted by ${accepted.join(', ')} and refused by ${refused.join(', ')} (${first.column}: ${why(first)})`,
      },
    ];
  if (row.cells.some((c) => !c.valid))
    return [
      {
        kind: 'invalid',
        operation: row.operation,
        accepted,
        refused,
        message: `invalid everywhere: ${row.kind} ${row.operation} (${first.column}: ${why(first)})`,
      },
    ];
  // Valid everywhere, errors on every target that ran it: a finding only with the team's own variables,
  // since made-up ones may well ask for what no catalog holds.
  const given = refusing.every((c) => c.execution?.status === 'errors' && c.execution.variables === 'given');
  return given
    ? [
        {
          kind: 'errors',
          operation: row.operation,
          accepted,
          refused,
          message: `answers errors everywhere with the given variables: ${row.operation} (${first.column}: ${why(first)})`,
        },
      ]
    : [];
}

/** The keys of the findings of a baseline file's report; a file that is not an operations report throws, naming it. */
export function baselineKeys(json: unknown, file: string): Set<string> {
  const findings = (json as { findings?: unknown } | null)?.findings;
  if (!Array.isArray(findings))
    throw new Error(`--baseline ${file}: not the JSON report of an operations run (it has no findings list)`);
  return new Set(
    findings.map((f: Partial<Finding>, i) => {
      if (typeof f?.kind !== 'string' || typeof f.operation !== 'string' || !Array.isArray(f.refused))
        throw new Error(`--baseline ${file}: findings[${i}] has no kind, operation and refused columns`);
      return findingKey(f as Finding);
    }),
  );
}
