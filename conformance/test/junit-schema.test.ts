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
import type { Report } from '../runner.js';

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ENTITIES[name] ?? '');
}

/** A small XML parser for well-formed documents without DTDs; throws on anything malformed. */
function parseXml(xml: string): XmlNode {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '').replace(/<!--[\s\S]*?-->/g, '');
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = tag.exec(body))) {
    consumed = tag.lastIndex;
    const top = stack[stack.length - 1];
    if (!top) throw new Error('unbalanced document');
    const [, closing, name = '', attrs = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bad entity in text: ${text.slice(0, 40)}`);
      top.text += decode(text);
      continue;
    }
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attrs.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) {
      if ((a[1] ?? '') in attributes) throw new Error(`duplicate attribute ${a[1]}`);
      attributes[a[1] ?? ''] = decode(a[2] ?? '');
    }
    const node: XmlNode = { name, attributes, children: [], text: '' };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (consumed !== body.length || stack.length !== 1) throw new Error(`not well-formed at offset ${consumed}`);
  const [documentElement, ...rest] = root.children;
  if (!documentElement || rest.length || root.text.trim()) throw new Error('a document has exactly one root element');
  return documentElement;
}

interface ElementRule {
  children: Map<string, { max: number }>;
  attributes: Map<string, { type: string; required: boolean }>;
  textOnly: boolean;
}

/** The element rules of an XSD written as this repository's junit.xsd is: global elements, refs, inline complex types. */
function xsdRules(xsd: XmlNode): { rules: Map<string, ElementRule>; simpleTypes: Map<string, XmlNode> } {
  const rules = new Map<string, ElementRule>();
  const simpleTypes = new Map<string, XmlNode>();
  for (const decl of xsd.children) {
    if (decl.name === 'xs:simpleType') simpleTypes.set(decl.attributes.name ?? '', decl);
    if (decl.name !== 'xs:element') continue;
    const rule: ElementRule = {
      children: new Map(),
      attributes: new Map(),
      textOnly: decl.attributes.type === 'xs:string',
    };
    const visit = (node: XmlNode, unbounded: boolean): void => {
      for (const child of node.children) {
        if (child.name === 'xs:element' && child.attributes.ref) {
          const max =
            unbounded || child.attributes.maxOccurs === 'unbounded'
              ? Infinity
              : Number(child.attributes.maxOccurs ?? 1);
          rule.children.set(child.attributes.ref, { max });
        } else if (child.name === 'xs:attribute') {
          rule.attributes.set(child.attributes.name ?? '', {
            type: child.attributes.type ?? 'xs:string',
            required: child.attributes.use === 'required',
          });
        } else if (child.name !== 'xs:annotation') {
          visit(child, unbounded || (child.name === 'xs:choice' && child.attributes.maxOccurs === 'unbounded'));
        }
      }
    };
    visit(decl, false);
    rules.set(decl.attributes.name ?? '', rule);
  }
  return { rules, simpleTypes };
}

function validateAgainst(xsdText: string, xml: string): string[] {
  const { rules, simpleTypes } = xsdRules(parseXml(xsdText));
  const errors: string[] = [];
  const typeOk = (type: string, value: string): boolean => {
    if (type === 'xs:string') return true;
    if (type === 'xs:nonNegativeInteger') return /^\d+$/.test(value);
    if (type === 'xs:decimal') return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value);
    const simple = simpleTypes.get(type);
    const restriction = simple?.children.find((c) => c.name === 'xs:restriction');
    const pattern = restriction?.children.find((c) => c.name === 'xs:pattern')?.attributes.value;
    if (pattern === undefined) return false;
    return new RegExp(`^(?:${pattern})$`).test(value) && !Number.isNaN(Date.parse(value));
  };
  const check = (node: XmlNode, path: string): void => {
    const rule = rules.get(node.name);
    if (!rule) {
      errors.push(`${path}: element ${node.name} is not declared`);
      return;
    }
    for (const [name, value] of Object.entries(node.attributes)) {
      const attr = rule.attributes.get(name);
      if (!attr) errors.push(`${path}: attribute ${name} is not declared`);
      else if (!typeOk(attr.type, value)) errors.push(`${path}: attribute ${name}="${value}" is not ${attr.type}`);
    }
    for (const [name, attr] of rule.attributes)
      if (attr.required && !(name in node.attributes)) errors.push(`${path}: missing required attribute ${name}`);
    if (rule.textOnly && node.children.length) errors.push(`${path}: ${node.name} holds text only`);
    if (!rule.textOnly && !rule.children.size && node.children.length)
      errors.push(`${path}: ${node.name} has no child elements`);
    const counts = new Map<string, number>();
    node.children.forEach((child, i) => {
      const allowed = rule.children.get(child.name);
      if (!rule.textOnly && !allowed) errors.push(`${path}: ${child.name} is not allowed in ${node.name}`);
      counts.set(child.name, (counts.get(child.name) ?? 0) + 1);
      check(child, `${path}/${child.name}[${i}]`);
    });
    for (const [name, count] of counts) {
      const max = rule.children.get(name)?.max ?? Infinity;
      if (count > max) errors.push(`${path}: ${count} ${name} elements, at most ${max}`);
    }
  };
  const root = parseXml(xml);
  check(root, root.name);
  return errors;
}

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
