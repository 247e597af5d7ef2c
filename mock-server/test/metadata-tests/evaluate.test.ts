import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContract, makeUrn } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import { evaluate } from '../../metadata-tests/evaluate.js';
import { CatalogStore } from '../../store/catalog-store.js';

const contract = loadContract('svc');
const { urnPrefix } = contract.names;
const ctx = { actor: `${urnPrefix}corpuser:datahub`, now: 1_700_000_000_000 };
const dataset = (name: string): string =>
  makeUrn(urnPrefix, 'dataset', [makeUrn(urnPrefix, 'dataPlatform', ['hive']), name, 'PROD']);
const testUrn = (id: string): string => `${urnPrefix}test:${id}`;

const ORDERS = dataset('db.orders');
const HAS_OWNER = testUrn('has-owner');
const HAS_DESCRIPTION = testUrn('has-description');
const CHART_HAS_TITLE = testUrn('chart-has-title');

let store: CatalogStore;

function defineTest(urn: string, entityTypes: string[], rules: Record<string, unknown>): void {
  store.upsertAspect('test', urn, 'testInfo', { name: urn, entityTypes, rules }, ctx);
}

function writeDataset(aspect: string, value: Record<string, unknown>, urn = ORDERS): void {
  store.upsertAspect('dataset', urn, aspect, value, ctx);
}

const incoming = (test: string, type: 'IsPassing' | 'IsFailing'): string[] =>
  store
    .relationships({ urn: test, direction: 'INCOMING', types: [type], start: 0, count: 10 })
    .relationships.map((r) => r.entity);

const storedResults = (urn = ORDERS): unknown => store.latestAspects(urn, ['testResults'])[0]?.value;

const outcome = (passing: string[], failing: string[]) => ({
  passing: passing.map((test) => ({ test, type: 'SUCCESS' })),
  failing: failing.map((test) => ({ test, type: 'FAILURE' })),
});

beforeEach(() => {
  store = new CatalogStore({ contract });
  defineTest(HAS_OWNER, ['dataset'], { exists: 'ownership.owners.owner' });
  defineTest(HAS_DESCRIPTION, ['dataset'], {
    or: [{ exists: 'datasetProperties.description' }, { exists: 'editableDatasetProperties.description' }],
  });
  defineTest(CHART_HAS_TITLE, ['chart'], { exists: 'chartInfo.title' });
  writeDataset('ownership', { owners: [{ owner: `${urnPrefix}corpuser:ann`, type: 'DATAOWNER' }] });
});

afterEach(() => store.close());

describe('evaluate', () => {
  it('runs every stored test that applies to the entity type, without storing anything', () => {
    const before = store.snapshot().digest;
    expect(evaluate(store, { urn: ORDERS }, ctx)).toEqual(outcome([HAS_OWNER], [HAS_DESCRIPTION]));
    expect(store.snapshot().digest).toBe(before);
  });

  it('follows the entity as its aspects change', () => {
    writeDataset('datasetProperties', { description: 'One row per order' });
    expect(evaluate(store, { urn: ORDERS }, ctx)).toEqual(outcome([HAS_DESCRIPTION, HAS_OWNER], []));
    writeDataset('ownership', { owners: [] });
    writeDataset('datasetProperties', { description: '' });
    writeDataset('editableDatasetProperties', { description: 'Edited in the catalog' });
    expect(evaluate(store, { urn: ORDERS }, ctx)).toEqual(outcome([HAS_DESCRIPTION], [HAS_OWNER]));
  });

  it('stores the results as testResults when pushed, giving IsPassing and IsFailing relationships', () => {
    expect(evaluate(store, { urn: ORDERS, shouldPush: true }, ctx)).toEqual(outcome([HAS_OWNER], [HAS_DESCRIPTION]));
    expect(storedResults()).toEqual(outcome([HAS_OWNER], [HAS_DESCRIPTION]));
    expect([incoming(HAS_OWNER, 'IsPassing'), incoming(HAS_DESCRIPTION, 'IsFailing')]).toEqual([[ORDERS], [ORDERS]]);

    writeDataset('datasetProperties', { description: 'One row per order' });
    evaluate(store, { urn: ORDERS, push: true }, ctx);
    expect([incoming(HAS_DESCRIPTION, 'IsPassing'), incoming(HAS_DESCRIPTION, 'IsFailing')]).toEqual([[ORDERS], []]);
  });

  it('evaluates only the chosen tests, skipping those of other entity types and unknown ones', () => {
    const chosen = [HAS_DESCRIPTION, CHART_HAS_TITLE, testUrn('never-defined')];
    expect(evaluate(store, { urn: ORDERS, testUrns: chosen }, ctx)).toEqual(outcome([], [HAS_DESCRIPTION]));
    expect(evaluate(store, { urn: ORDERS, tests: [HAS_OWNER] }, ctx)).toEqual(outcome([HAS_OWNER], []));
  });

  it('keeps the stored results of the tests it did not evaluate', () => {
    evaluate(store, { urn: ORDERS, shouldPush: true }, ctx);
    writeDataset('datasetProperties', { description: 'One row per order' });
    evaluate(store, { urn: ORDERS, shouldPush: true, testUrns: [HAS_DESCRIPTION] }, ctx);
    expect(storedResults()).toEqual(outcome([HAS_OWNER, HAS_DESCRIPTION], []));
  });

  it.each([
    {
      name: 'shouldPush over push',
      given: { shouldPush: false, push: true },
      stored: false,
      want: outcome([HAS_OWNER], [HAS_DESCRIPTION]),
    },
    {
      name: 'testUrns over tests',
      given: { testUrns: [HAS_OWNER], tests: [HAS_DESCRIPTION] },
      stored: false,
      want: outcome([HAS_OWNER], []),
    },
    { name: 'push alone', given: { push: true }, stored: true, want: outcome([HAS_OWNER], [HAS_DESCRIPTION]) },
  ])("reads the document's names first: $name", ({ given, stored, want }) => {
    expect(evaluate(store, { urn: ORDERS, ...given }, ctx)).toEqual(want);
    expect(storedResults() !== undefined).toBe(stored);
  });

  it.each([
    { name: 'missing urn', given: { shouldPush: true }, want: /'urn'/ },
    { name: 'malformed urn', given: { urn: 'SampleHiveDataset' }, want: /body\.urn/ },
    {
      name: 'unknown entity type',
      given: { urn: `${urnPrefix}table:orders` },
      want: /Failed to find entity with name table/,
    },
    {
      name: 'testUrns as a string',
      given: { urn: ORDERS, testUrns: HAS_OWNER },
      want: /body\.testUrns: must be array/,
    },
    {
      name: 'a chosen URN that is not a test',
      given: { urn: ORDERS, testUrns: [HAS_OWNER, ORDERS] },
      want: /^body\.testUrns\[1\]: .* is not a test URN/,
    },
    { name: 'a tests entry that is not a test', given: { urn: ORDERS, tests: [ORDERS] }, want: /^body\.tests\[0\]/ },
  ])('answers 400 for $name, storing nothing', ({ given, want }) => {
    const before = store.snapshot().digest;
    let error: unknown;
    try {
      evaluate(store, { shouldPush: true, ...given }, ctx);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RestliError);
    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(want) });
    expect(store.snapshot().digest).toBe(before);
  });
});

describe('the rule language', () => {
  const ownership = {
    owners: [
      { owner: `${urnPrefix}corpuser:ann`, type: 'DATAOWNER' },
      { owner: `${urnPrefix}corpuser:bob`, type: 'PRODUCER' },
    ],
  };
  const cases: { name: string; rules: Record<string, unknown>; want: boolean }[] = [
    { name: 'exists: a value in an array', rules: { exists: 'ownership.owners.owner' }, want: true },
    { name: 'exists: an absent aspect', rules: { exists: 'glossaryTerms.terms' }, want: false },
    {
      name: 'exists: an empty string is not there',
      rules: { exists: 'editableDatasetProperties.description' },
      want: false,
    },
    { name: 'exists: a whole aspect', rules: { exists: 'subTypes' }, want: true },
    {
      name: 'equals: some value of a fanned-out array',
      rules: { equals: ['ownership.owners.type', 'PRODUCER'] },
      want: true,
    },
    { name: 'equals: no value matches', rules: { equals: ['ownership.owners.type', 'STEWARD'] }, want: false },
    { name: 'equals: a key field from the URN', rules: { equals: ['datasetKey.name', 'db.orders'] }, want: true },
    { name: 'equals: a boolean', rules: { equals: ['status.removed', false] }, want: true },
    { name: 'contains: a substring', rules: { contains: ['datasetProperties.description', 'per order'] }, want: true },
    {
      name: 'contains: a substring that is not there',
      rules: { contains: ['datasetProperties.description', 'per user'] },
      want: false,
    },
    { name: 'contains: an array element', rules: { contains: ['subTypes.typeNames', 'View'] }, want: true },
    {
      name: 'greaterThan: the newest time series point',
      rules: { greaterThan: ['datasetProfile.rowCount', 50] },
      want: true,
    },
    {
      name: 'lessThan: an older point does not count',
      rules: { lessThan: ['datasetProfile.rowCount', 50] },
      want: false,
    },
    {
      name: 'lessThan: a text value is not a number',
      rules: { lessThan: ['datasetProperties.description', 50] },
      want: false,
    },
    {
      name: 'and: all hold',
      rules: { and: [{ exists: 'ownership.owners' }, { equals: ['subTypes.typeNames', 'View'] }] },
      want: true,
    },
    {
      name: 'and: one fails',
      rules: { and: [{ exists: 'ownership.owners' }, { equals: ['subTypes.typeNames', 'Table'] }] },
      want: false,
    },
    {
      name: 'or: one holds',
      rules: { or: [{ exists: 'glossaryTerms.terms' }, { greaterThan: ['datasetProfile.rowCount', 99] }] },
      want: true,
    },
    { name: 'not', rules: { not: { equals: ['status.removed', true] } }, want: true },
    {
      name: 'nested: and of not and or',
      rules: {
        and: [
          { not: { exists: 'glossaryTerms' } },
          { or: [{ lessThan: ['datasetProfile.rowCount', 1] }, { exists: 'ownership' }] },
        ],
      },
      want: true,
    },
  ];

  it.each(cases)('$name', ({ rules, want }) => {
    const urn = testUrn('rule');
    defineTest(urn, ['DATASET'], rules);
    writeDataset('ownership', ownership);
    writeDataset('datasetProperties', { description: 'One row per order' });
    writeDataset('editableDatasetProperties', { description: '' });
    writeDataset('subTypes', { typeNames: ['View'] });
    writeDataset('status', { removed: false });
    writeDataset('datasetProfile', { timestampMillis: 1000, rowCount: 10 });
    writeDataset('datasetProfile', { timestampMillis: 2000, rowCount: 100 });
    const results = evaluate(store, { urn: ORDERS, testUrns: [urn] }, ctx);
    expect(results).toEqual(want ? outcome([urn], []) : outcome([], [urn]));
  });
});
