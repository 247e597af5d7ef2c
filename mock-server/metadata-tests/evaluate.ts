/**
 * evaluate: runs the metadata tests that apply to an entity (all stored tests, or the chosen ones)
 * on its latest aspects and, when asked, stores the outcome as the entity's testResults aspect,
 * which gives the IsPassing / IsFailing relationships. The document names the parameters
 * shouldPush / testUrns, upstream's wire names are push / tests; both are read, the document's win.
 */
import { tryParseUrn, type EntitySpec } from '../../spec/index.js';
import { atField, badRequest } from '../errors.js';
import { operationBody } from '../operations/action-body.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { entityOfUrn } from '../store/entity-urn.js';
import type { WriteContext } from '../store/types.js';
import { appliesTo, storedTests, testDefinition, TEST_ENTITY, type TestDefinition } from './test-definitions.js';
import { ruleHolds } from './test-rule.js';

export interface EvaluateRequest {
  urn: string;
  shouldPush?: boolean;
  push?: boolean;
  testUrns?: string[];
  tests?: string[];
}

export interface TestResult {
  test: string;
  type: 'SUCCESS' | 'FAILURE';
}

// A type alias (not an interface) so that it is a plain record the store accepts as an aspect value.
export type TestResults = {
  passing: TestResult[];
  failing: TestResult[];
};

const TEST_RESULTS_ASPECT = 'testResults';

/** The chosen tests that exist; a URN that is not a test URN is a 400 naming it, an unknown test is skipped. */
function chosenTests(store: CatalogStore, urns: string[], field: string): TestDefinition[] {
  return urns.flatMap((urn, i) => {
    if (tryParseUrn(urn)?.entityType.toLowerCase() !== TEST_ENTITY) {
      throw badRequest(
        `body.${field}[${i}]: '${urn}' is not a test URN (${store.contract.names.urnPrefix}${TEST_ENTITY}:<id>)`,
      );
    }
    return testDefinition(store, urn) ?? [];
  });
}

/**
 * The entity's values the rules see: its latest versioned aspects, the newest point of each of its
 * time series aspects, and the key aspect from the URN for an entity never written.
 */
function aspectValues(store: CatalogStore, entity: EntitySpec, urn: string): Map<string, unknown> {
  const values = new Map<string, unknown>(store.latestAspects(urn).map((a) => [a.aspect, a.value]));
  for (const aspect of entity.timeseriesAspects) {
    const [newest] = store.timeseries({ urn, aspect, limit: 1 });
    if (newest) values.set(aspect, newest.value);
  }
  if (!values.has(entity.keyAspect)) {
    const key = store.keyAspectOf(urn);
    values.set(key.aspect, key.value);
  }
  return values;
}

/** Results of the tests not evaluated this time are kept, so evaluating a few tests does not forget the others. */
function mergedResults(
  store: CatalogStore,
  urn: string,
  fresh: TestResults,
  evaluated: ReadonlySet<string>,
): TestResults {
  const [previous] = store.latestAspects(urn, [TEST_RESULTS_ASPECT]);
  const before = (previous?.value ?? { passing: [], failing: [] }) as unknown as TestResults;
  const kept = (results: TestResult[]) => results.filter((r) => !evaluated.has(r.test));
  return { passing: [...kept(before.passing), ...fresh.passing], failing: [...kept(before.failing), ...fresh.failing] };
}

export function evaluate(store: CatalogStore, body: unknown, ctx: WriteContext): TestResults {
  const request = operationBody<EvaluateRequest>(store.contract, 'evaluateTests', body);
  const { entity } = atField('body.urn', () => entityOfUrn(store.contract, request.urn));
  const testUrnsField = request.testUrns !== undefined ? 'testUrns' : 'tests';
  const chosen = request.testUrns ?? request.tests;
  const tests = (chosen ? chosenTests(store, chosen, testUrnsField) : storedTests(store)).filter((t) =>
    appliesTo(t, entity.name),
  );

  const values = aspectValues(store, entity, request.urn);
  const results: TestResults = { passing: [], failing: [] };
  for (const test of tests) {
    if (ruleHolds(test.rules, values)) results.passing.push({ test: test.urn, type: 'SUCCESS' });
    else results.failing.push({ test: test.urn, type: 'FAILURE' });
  }

  if (request.shouldPush ?? request.push ?? false) {
    const stored = chosen ? mergedResults(store, request.urn, results, new Set(tests.map((t) => t.urn))) : results;
    store.upsertAspect(entity.name, request.urn, TEST_RESULTS_ASPECT, stored, ctx);
  }
  return results;
}
