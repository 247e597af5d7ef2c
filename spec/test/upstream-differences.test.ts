import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot, loadContract, type DifferenceMatcher, type UpstreamDifference } from '../index.js';
import { SchemaValidators } from '../validation.js';
import { interfaceDocument } from '../interface-document.js';

const { differences, names } = loadContract('svc');
const FIELDS = ['id', 'clause', 'document', 'upstream', 'mock', 'source', 'profile'] as const;
/** `<number> <section title>: <row>`, e.g. `4.5 Reads: GET /relationships` or `7. Errors: ...`. */
const CLAUSE = /^(\d+(?:\.\d+)*)\.?\s+([^:]+):\s*\S/;
/** Conformance check ids: dot-separated lower-case segments, e.g. `reads.relationships.shape`. */
const CHECK_ID = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+(-[a-z0-9]+)*)+$/;

describe('spec/upstream-differences.yaml', () => {
  it('lists differences', () => {
    expect(differences.length).toBeGreaterThan(0);
  });

  it.each(differences.map((d) => [d.id, d] as [string, UpstreamDifference]))('%s has every field filled in', (_id, difference) => {
    for (const key of FIELDS) {
      expect(typeof difference[key], key).toBe('string');
      expect(difference[key].trim(), key).not.toBe('');
    }
    expect(difference.checks.length + (difference.tests?.length ?? 0), 'a conformance check or a mock test proves it').toBeGreaterThan(0);
    for (const check of difference.checks) expect(check).toMatch(CHECK_ID);
  });

  it.each(differences.filter((d) => d.tests).map((d) => [d.id, d] as [string, UpstreamDifference]))('%s names mock tests that exist and name it', (id, difference) => {
    for (const test of difference.tests ?? []) {
      const path = fromRoot(...test.split('/'));
      expect(existsSync(path), test).toBe(true);
      expect(readFileSync(path, 'utf8'), `${test} names ${id}`).toContain(id);
    }
  });

  it.each(differences.map((d) => [d.id, d] as [string, UpstreamDifference]))('%s carries a matcher the suite can apply', (_id, difference) => {
    const alternatives: DifferenceMatcher[] = Array.isArray(difference.matcher) ? difference.matcher : [difference.matcher];
    expect(alternatives.length).toBeGreaterThan(0);
    for (const matcher of alternatives) {
      expect(Object.keys(matcher).length, 'a matcher with no condition would explain every failure').toBeGreaterThan(0);
      for (const status of matcher.status ?? []) expect(Number.isInteger(status)).toBe(true);
      if (matcher.message !== undefined) expect(() => new RegExp(matcher.message ?? '')).not.toThrow();
      if (matcher.shape) expect(difference.shape, 'shape: true needs the upstream shape').toBeDefined();
    }
  });

  it.each(differences.filter((d) => d.shape).map((d) => [d.id, d] as [string, UpstreamDifference]))('%s lists an upstream shape of a contract operation that compiles', (_id, difference) => {
    const { operations } = loadContract('svc');
    expect(operations.map((o) => o.operationId)).toContain(difference.shape?.operation);
    expect(() => new SchemaValidators().compile(difference.shape?.schema ?? {})).not.toThrow();
  });

  it('has unique ids', () => {
    const ids = differences.map((d) => d.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each(differences.map((d) => [d.id, d.clause]))('%s names a section of the interface document (%s)', (_id, clause) => {
    const match = CLAUSE.exec(clause);
    expect(match, `clause '${clause}' is not '<number> <section title>: <row>'`).not.toBeNull();
    const section = interfaceDocument().section(match?.[1] ?? '');
    expect(section?.title.toLowerCase(), `no section ${match?.[1]} in the document`).toBe(match?.[2]?.trim().toLowerCase());
  });

  it('is written in the document notation and rewritten for another namespace', () => {
    const other = loadContract('li');
    const text = JSON.stringify(differences);
    expect(text).toContain(names.docsPath);
    expect(text).not.toContain(other.names.urnPrefix);
    expect(JSON.stringify(other.differences)).toContain(other.names.docsPath);
    expect(other.differences.map((d) => d.id)).toEqual(differences.map((d) => d.id));
  });
});
