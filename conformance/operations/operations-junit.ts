/**
 * The operations run as JUnit XML (conformance/junit.xsd, as the suite's report): one testsuite per
 * column (the contract's schema, each target), one testcase per operation. A cell that refuses the
 * operation is a <failure> naming the finding, or <skipped> when the baseline holds that finding; a cell
 * that accepts it passes.
 */
import { escape, seconds } from '../junit.js';
import { findingKey, type OperationsReport } from './operations-report.js';

export function operationsJunitXml(report: OperationsReport): string {
  const findingOf = new Map(report.findings.map((f) => [f.operation, f]));
  let failures = 0;
  let skipped = 0;
  const suites = report.columns.map((column, c) => {
    let suiteFailures = 0;
    let suiteSkipped = 0;
    const cases = report.operations.map((row) => {
      const cell = row.cells[c]!;
      const open = `    <testcase name="${escape(row.operation)}" classname="${escape(`operations.${column.label}`)}" time="0.000">`;
      const finding = findingOf.get(row.operation);
      const refused = finding?.refused.includes(column.label);
      if (!finding || !refused) {
        const state = cell.execution?.status === 'clean' ? 'valid, answered without errors' : 'valid';
        return `${open}\n      <system-out>${escape(`${row.kind} ${row.file}:${row.line}: ${state}`)}</system-out>\n    </testcase>`;
      }
      if (finding.known) {
        suiteSkipped += 1;
        return `${open}\n      <skipped message="${escape(`known (baseline): ${findingKey(finding)}`)}"/>\n    </testcase>`;
      }
      suiteFailures += 1;
      return `${open}\n      <failure message="${escape(finding.message)}" type="${finding.kind}">${escape(`${row.file}:${row.line}\n${finding.message}`)}</failure>\n    </testcase>`;
    });
    failures += suiteFailures;
    skipped += suiteSkipped;
    const host = column.url ? new URL(column.url).host : 'localhost';
    return [
      `  <testsuite name="${escape(`operations ${column.label}`)}" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="${suiteSkipped}" time="${seconds(0)}" timestamp="${report.startedAt.slice(0, 19)}" hostname="${escape(host)}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="catalog-contract operations" tests="${report.operations.length * report.columns.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
