/**
 * The metadata tests screen, as upstream's test resolvers do it (datahub-graphql-core/.../resolvers/test/
 * TestResolver.java, ListTestsResolver.java, CreateTestResolver.java, DeleteTestResolver.java, v1.3.0.1):
 * - test(urn): the stored test, null when none;
 * - listTests (MANAGE_TESTS or VIEW_TESTS): a search of the tests;
 * - createTest (MANAGE_TESTS) writes testInfo at `test:<id or random UUID>` (an existing one is a BAD_REQUEST).
 *   The contract's testInfo holds a definition's entity types and rule (../../metadata-tests/), so the
 *   definition's JSON text must be `{entityTypes, rules}`, as the test's `definition.json` reads back;
 * - deleteTest (MANAGE_TESTS) deletes the test.
 */
import type {
  MutationCreateTestArgs,
  MutationDeleteTestArgs,
  QueryListTestsArgs,
  QueryTestArgs,
} from '../../../generated/graphql/resolvers.js';
import { authorizePlatform, callerOf, holdsPrivilege, unauthorized, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { searchPage } from './lists.js';
import { newUrn, removeEntity } from './stored-entities.js';

const ENTITY = 'test';
const MANAGE_TESTS = ['MANAGE_TESTS'];

export function test(ctx: GraphqlContext, view: EntityView, { urn }: QueryTestArgs): OutputRecord | null {
  targetUrn(ctx, urn, ENTITY);
  return view.entity(urn);
}

export function listTests(ctx: GraphqlContext, view: EntityView, { input }: QueryListTestsArgs): OutputRecord {
  if (!holdsPrivilege(ctx, callerOf(ctx, true), [...MANAGE_TESTS, 'VIEW_TESTS'])) throw unauthorized();
  const page = searchPage(ctx, ENTITY, input);
  return view.shapes.record('ListTestsResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    tests: page.urns.flatMap((urn) => view.entity(urn) ?? []),
  });
}

/** The definition's JSON text as testInfo's entity types and rules. */
function definitionOf(json: string | null | undefined): { entityTypes: unknown; rules: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '');
  } catch {
    throw badRequestError('input.definition.json: not JSON text');
  }
  const definition = objectOf(parsed);
  if (!definition || !('entityTypes' in definition) || !('rules' in definition))
    throw badRequestError('input.definition.json: expected an object with entityTypes and rules');
  return { entityTypes: definition.entityTypes, rules: definition.rules };
}

export function createTest(ctx: GraphqlContext, { input }: MutationCreateTestArgs): string {
  const write = authorizePlatform(ctx, MANAGE_TESTS);
  const urn = newUrn(ctx, ENTITY, input.id);
  targetUrn(ctx, urn, ENTITY);
  if (ctx.store.entityExists(urn)) throw badRequestError(`input.id: test ${urn} already exists`);
  const info: Record<string, unknown> = {
    name: input.name,
    category: input.category,
    ...definitionOf(input.definition.json),
  };
  if (input.description != null) info.description = input.description;
  ctx.store.upsertAspect(ENTITY, urn, 'testInfo', info, { ...write, valueRoot: 'input.definition' });
  return urn;
}

export function deleteTest(ctx: GraphqlContext, { urn }: MutationDeleteTestArgs): boolean {
  const write = authorizePlatform(ctx, MANAGE_TESTS);
  removeEntity(ctx, ENTITY, urn, write);
  return true;
}
