/**
 * The JUnit report validates against conformance/junit.xsd. No XSD validator is installed, so this
 * file reads the XSD's element and attribute declarations and checks the report's tree against them
 * (allowed children, how many of each, declared and required attributes, attribute types); with
 * xmllint on the machine, `xmllint --schema` validates the report as well.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';
import { junitXml } from '../junit.js';
import { parseXml, validateAgainst } from './junit-xsd.js';
import type { Report } from '../runner.js';

function report(checks: Report['checks']): Report {
  return {
    runId: 'cc0001',
    baseUrl: 'http://127.0.0.1:8080',
    graphqlUrl: 'http://127.0.0.1:8080/api/graphql',
    namespace: 'li',
    prefixes: ['/api/gms'],
    expectAuth: 'off',
    allowWrites: false,
    allowDestructive: false,
    startedAt: '2026-01-02T03:04:05.678Z',
    durationMs: 1234,
    ok: false,
    interrupted: false,
    leftBehind: [],
    checks,
    sections: [
      { section: '4.1', title: 'GraphQL', passed: 1, failed: 1, skipped: 0, knownDifference: 1 },
      { section: '4.2', title: 'Operations endpoints', passed: 0, failed: 0, skipped: 1, knownDifference: 0 },
    ],
    clauses: { covered: [], notCovered: [], notObservable: [] },
  };
}

const CHECKS: Report['checks'] = [
  {
    id: 'graphql.a',
    clause: '4.1 GraphQL: query dataset',
    section: '4.1',
    status: 'passed',
    message: '',
    durationMs: 3,
  },
  {
    id: 'graphql.b',
    clause: '4.1 GraphQL: <odd> & "quoted"',
    section: '4.1',
    status: 'failed',
    message: 'expected <1> & got "2"\u0001',
    durationMs: 4,
  },
  {
    id: 'graphql.c',
    clause: '4.1 GraphQL: x',
    section: '4.1',
    prefix: '',
    status: 'known-difference',
    difference: 'graphql-get',
    message: 'GET answered 200',
    durationMs: 1,
  },
  {
    id: 'operations.d',
    clause: '4.2 Operations endpoints: y',
    section: '4.2',
    status: 'skipped',
    message: 'needs --allow-writes',
    durationMs: 0,
  },
];

describe('JUnit report', () => {
  const xsd = readFileSync(fromRoot('conformance', 'junit.xsd'), 'utf8');
  const xml = junitXml(report(CHECKS));

  it('validates against conformance/junit.xsd', () => {
    expect(validateAgainst(xsd, xml)).toEqual([]);
  });

  const xmllint = existsSync('/usr/bin/xmllint');
  it.skipIf(!xmllint)(
    `validates with xmllint --schema${xmllint ? '' : ' (skipped: xmllint is not installed; apt-get install libxml2-utils)'}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'junit-'));
      writeFileSync(join(dir, 'report.xml'), xml);
      try {
        expect(() =>
          execFileSync(
            '/usr/bin/xmllint',
            ['--noout', '--schema', fromRoot('conformance', 'junit.xsd'), join(dir, 'report.xml')],
            { stdio: 'pipe' },
          ),
        ).not.toThrow();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.each([
    { given: '<testsuites><testsuite tests="1"/></testsuites>', want: 'missing required attribute name' },
    {
      given: '<testsuites><testsuite name="a" tests="x"/></testsuites>',
      want: 'tests="x" is not xs:nonNegativeInteger',
    },
    { given: '<testsuites><testcase name="a"/></testsuites>', want: 'testcase is not allowed in testsuites' },
    {
      given:
        '<testsuites><testsuite name="a" tests="1"><testcase name="b"><passed/></testcase></testsuite></testsuites>',
      want: 'element passed is not declared',
    },
    {
      given: '<testsuites><testsuite name="a" tests="0" timestamp="2026-01-02T03:04:05Z"/></testsuites>',
      want: 'timestamp',
    },
    {
      given: '<testsuites><testsuite name="a" tests="0"><properties/><properties/></testsuite></testsuites>',
      want: '2 properties elements, at most 1',
    },
  ])('the validator rejects $want', ({ given, want }) => {
    expect(validateAgainst(xsd, given).join('\n')).toContain(want);
  });

  it('maps each status to its JUnit outcome and counts them per suite', () => {
    const root = parseXml(xml);
    expect(root.attributes).toMatchObject({ tests: '4', failures: '1', skipped: '2', errors: '0' });
    const cases = root.children
      .flatMap((suite) => suite.children)
      .map((c) => [c.attributes.name, c.children.map((o) => o.name)]);
    expect(cases).toEqual([
      ['graphql.a', ['system-out']],
      ['graphql.b', ['failure']],
      ['graphql.c [direct]', ['skipped']],
      ['operations.d', ['skipped']],
    ]);
    const failure = root.children[0]?.children[1]?.children[0];
    expect(failure?.attributes.message).toBe('expected <1> & got "2"');
    expect(root.children[0]?.children[2]?.children[0]?.attributes.message).toContain(
      'known upstream difference graphql-get',
    );
  });
});
