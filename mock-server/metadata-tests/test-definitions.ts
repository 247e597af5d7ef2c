/**
 * Metadata tests are entities `urn:<ns>:test:<id>` whose testInfo aspect holds the definition: the
 * entity types the test applies to and its rule. The store validated the definition on write.
 */
import type { CatalogStore } from '../store/catalog-store.js';
import type { TestRule } from './test-rule.js';

export const TEST_ENTITY = 'test';
export const TEST_INFO_ASPECT = 'testInfo';

export interface TestDefinition {
  urn: string;
  name: string;
  entityTypes: string[];
  rules: TestRule;
}

/** The definition stored for a test URN, or undefined when no such test exists. */
export function testDefinition(store: CatalogStore, urn: string): TestDefinition | undefined {
  const [info] = store.latestAspects(urn, [TEST_INFO_ASPECT]);
  if (!info) return undefined;
  const { name, entityTypes, rules } = info.value as Omit<TestDefinition, 'urn'>;
  return { urn, name, entityTypes, rules };
}

/** Every stored test, in URN order. */
export function storedTests(store: CatalogStore): TestDefinition[] {
  const urns = store.db
    .prepare('SELECT urn FROM aspects WHERE entity = ? AND aspect = ? AND version = 0 ORDER BY urn')
    .pluck()
    .all(TEST_ENTITY, TEST_INFO_ASPECT) as string[];
  return urns.flatMap((urn) => testDefinition(store, urn) ?? []);
}

/** Whether a test applies to an entity type (entity names compare case-insensitively, as upstream's registry). */
export function appliesTo(test: TestDefinition, entityType: string): boolean {
  return test.entityTypes.some((t) => t.toLowerCase() === entityType.toLowerCase());
}
