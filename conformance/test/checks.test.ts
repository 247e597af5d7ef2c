/**
 * The check declarations: unique ids, the ids spec/upstream-differences.yaml names exist as checks,
 * every clause starts with a section of the interface document, every clause of the document is
 * covered or declared not observable (quoting the document), and --only selects by id or clause.
 */
import { describe, expect, it } from 'vitest';
import { interfaceDocument, loadContract } from '../../spec/index.js';
import { covers, documentClauses } from '../clauses.js';
import { FUZZ_KINDS } from '../fuzz/cases.js';
import { misquoted, notObservableClauses } from '../not-observable.js';
import { matchesOnly } from '../only-pattern.js';
import { allChecks } from '../runner.js';

describe('check declarations', () => {
  const checks = allChecks();

  it('have unique ids', () => {
    const ids = checks.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("include every check id spec/upstream-differences.yaml names (the fuzz phase's `fuzz.<kind>` included)", () => {
    const ids = new Set([...checks.map((c) => c.id), ...FUZZ_KINDS.map((kind) => `fuzz.${kind}`)]);
    const named = loadContract('svc').differences.flatMap((d) => d.checks);
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('name a clause that starts with a section of the interface document', () => {
    const sections = interfaceDocument().sections.map((s) => `${s.number} ${s.title}`);
    expect(
      checks.filter((c) => !sections.some((s) => c.clause === s || c.clause.startsWith(`${s}:`))).map((c) => c.id),
    ).toEqual([]);
  });

  it('cover every clause of the document that is not declared not observable', () => {
    const notObservable = new Set(notObservableClauses().map((n) => n.clause));
    const uncovered = documentClauses().filter(
      (clause) => !notObservable.has(clause) && !checks.some((c) => covers(c.clause, clause)),
    );
    expect(uncovered).toEqual([]);
  });

  it('declare not observable only clauses of the document that no check names, quoting the document', () => {
    const declared = notObservableClauses().map((n) => n.clause);
    expect(declared.filter((clause) => !documentClauses().includes(clause))).toEqual([]);
    expect(checks.filter((c) => declared.some((clause) => covers(c.clause, clause))).map((c) => c.id)).toEqual([]);
    expect(misquoted()).toEqual([]);
  });

  it('mark destructive checks as the truncations only', () => {
    expect(
      checks.filter((c) => c.destructive).every((c) => /^operations\.(truncate|getEsTaskStatus)\./.test(c.id)),
    ).toBe(true);
  });
});

describe('--only', () => {
  it.each([
    { given: { pattern: undefined, id: 'reads.docs.page', clause: '4.5 Reads: GET /svc/docs' }, want: true },
    { given: { pattern: 'reads.', id: 'reads.docs.page', clause: '4.5 Reads: GET /svc/docs' }, want: true },
    {
      given: { pattern: 'operations.truncate.*', id: 'reads.docs.page', clause: '4.5 Reads: GET /svc/docs' },
      want: false,
    },
    { given: { pattern: 'operations.*boundary', id: 'operations.truncate.boundary', clause: '4.2 x' }, want: true },
    { given: { pattern: '4.5 reads', id: 'reads.docs.page', clause: '4.5 Reads: GET /svc/docs' }, want: true },
    { given: { pattern: '4.5', id: 'reads.docs.page', clause: '4.4 Ingestion' }, want: false },
  ])('$given.pattern selects $given.id: $want', ({ given, want }) => {
    expect(matchesOnly(given.pattern, given.id, given.clause)).toBe(want);
  });
});
