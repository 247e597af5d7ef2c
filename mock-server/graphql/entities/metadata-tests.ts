/**
 * Metadata tests: a test entity as upstream's TestMapper maps its testInfo aspect (no record without it),
 * and an entity's testResults aspect as TestResultsMapper maps it, each result's test resolved (null when
 * the test is gone) (datahub-graphql-core/.../types/test/, v1.3.0.1). Upstream keeps a test's definition
 * as JSON text; the contract's testInfo holds the definition as its entity types and rule, so
 * `definition.json` is those two as JSON text.
 */
import { objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function testRecord(view: EntityView, urn: string): OutputRecord | null {
  const info = view.aspectsOf(urn).aspect('testInfo');
  if (!info) return null;
  return view.shapes.record('Test', {
    urn,
    type: 'TEST',
    name: stringOr(info.name),
    category: stringOr(info.category),
    description: stringOr(info.description),
    definition: view.shapes.record('TestDefinition', {
      json: JSON.stringify({ entityTypes: info.entityTypes, rules: info.rules }),
    }),
    relationships: relationshipsOf(view, urn),
  });
}

/** The tests an entity passes and fails; null without the aspect. */
export function testResultsRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const results = (list: unknown) =>
    objectsOf(list).map((result) => {
      const test = stringOr(result.test);
      return view.shapes.record('TestResult', {
        test: () => (test ? view.entity(test) : null),
        type: stringOr(result.type),
      });
    });
  return view.shapes.record('TestResults', { passing: results(aspect.passing), failing: results(aspect.failing) });
}
