/**
 * The report as JUnit XML in the common Jenkins/Ant format (junit.xsd): one testsuite per document
 * section, one testcase per check result. A failed check is a <failure>; a skipped one and a known
 * upstream difference are <skipped> (the run does not fail on them), the latter naming the difference.
 */
import type { Report } from './report.js';
import type { CheckResult } from './verdict.js';

/** Text as an XML attribute or element may hold it (shared with the operations run's JUnit report). */
export function escape(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // XML 1.0 does not allow most control characters, even escaped.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

/** Milliseconds as JUnit's seconds. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** The failed check's last request, its response and the curl command that sends it again. */
function reproduction({ request }: CheckResult): string {
  if (!request) return '';
  return escape(
    `\n${request.method} ${request.url} -> ${request.status ?? 'no answer'}\n${request.body}\nreproduce: ${request.curl}`,
  );
}

function testcase(result: CheckResult, suite: string): string {
  const name = result.prefix === undefined ? result.id : `${result.id} [${result.prefix || 'direct'}]`;
  const open = `    <testcase name="${escape(name)}" classname="${escape(suite)}" time="${seconds(result.durationMs)}"`;
  const clause = escape(result.clause);
  switch (result.status) {
    case 'passed':
      return `${open}>\n      <system-out>${clause}</system-out>\n    </testcase>`;
    case 'failed':
      return `${open}>\n      <failure message="${escape(result.message)}" type="${escape(result.clause)}">${clause}: ${escape(result.message)}${reproduction(result)}</failure>\n    </testcase>`;
    case 'skipped':
      return `${open}>\n      <skipped message="${escape(result.message)}"/>\n    </testcase>`;
    case 'known-difference':
      return `${open}>\n      <skipped message="${escape(`known upstream difference ${result.difference ?? ''}: ${result.message}`)}"/>\n    </testcase>`;
  }
}

export function junitXml(report: Report): string {
  const suites = report.sections.map((section) => {
    const results = report.checks.filter((c) => c.section === section.section);
    const name = `conformance.${section.section} ${section.title}`.trim();
    const time = results.reduce((sum, r) => sum + r.durationMs, 0);
    const skipped = section.skipped + section.knownDifference;
    return [
      `  <testsuite name="${escape(name)}" tests="${results.length}" failures="${section.failed}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${report.startedAt.slice(0, 19)}" hostname="${escape(new URL(report.baseUrl).host)}">`,
      ...results.map((r) => testcase(r, name)),
      '  </testsuite>',
    ].join('\n');
  });
  const failures = report.checks.filter((c) => c.status === 'failed').length;
  const skipped = report.checks.filter((c) => c.status === 'skipped' || c.status === 'known-difference').length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="catalog-contract conformance" tests="${report.checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
