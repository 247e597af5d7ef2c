/**
 * The web app's shapes under the limits (issue 47, Build item 1): operations written in the shapes DataHub's
 * web app sends (`app-shaped-operations.ts`) measure under depth 50 and complexity 2000 as the mock measures
 * them (`../../graphql/transport/operation-limits.ts`, as graphql-java's MaxQueryDepthInstrumentation and
 * MaxQueryComplexityInstrumentation with DataHubFieldComplexityCalculator do in DataHub v1.3.0.1), run
 * against the built-in schema without an error, and the same shapes deepened past a limit are refused with
 * the error naming it.
 */
import { createRequire } from 'node:module';
import type { DocumentNode, FragmentDefinitionNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../spec/index.js';
import { catalogSchema } from '../../graphql/schema.js';
import { measureOperation, type OperationMeasure } from '../../graphql/transport/operation-limits.js';
import { DATASET, graphql, ingest } from '../graphql-harness.js';
import { serverForTests } from '../http-harness.js';
import { DATASET_PAGE, lineageView, SEARCH } from './app-shaped-operations.js';

// The graphql instance the schema is built with (CommonJS, as the endpoint's).
const { Kind, parse, validate } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

const SEARCH_INPUT = { types: [], query: '*', start: 0, count: 10 };

const schema: GraphQLSchema = catalogSchema(loadContract('svc')).schema;

/** The document's one operation, measured with `variables` as the endpoint measures a request. */
function measure(text: string, variables: Record<string, unknown>): OperationMeasure {
  const document: DocumentNode = parse(text);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    else if (definition.kind === Kind.OPERATION_DEFINITION) operation = definition;
  expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  return measureOperation(schema, operation as OperationDefinitionNode, fragments, variables);
}

const SHAPES = [
  ['the search page, its result fragment spread on every entity type', SEARCH, { input: SEARCH_INPUT }],
  ["a dataset's page of many fragments", DATASET_PAGE, { urn: DATASET }],
  ['the lineage view, a hop both ways and the counts beyond', lineageView(), { urn: DATASET }],
] as const;

describe("the web app's shapes under upstream's limits", () => {
  const server = serverForTests();

  it.each(SHAPES)('%s keeps depth 50 and complexity 2000, and runs', async (_, query, variables) => {
    const measured = measure(query, variables);
    // No toy: nested and wide as the app's operations are, and within the limits.
    expect(measured.depth).toBeGreaterThanOrEqual(6);
    expect(measured.depth).toBeLessThanOrEqual(50);
    expect(measured.complexity).toBeGreaterThanOrEqual(150);
    expect(measured.complexity).toBeLessThanOrEqual(2000);
    await ingest(server(), DATASET, 'datasetKey', {
      platform: 'urn:svc:dataPlatform:hive',
      name: 'db.orders',
      origin: 'PROD',
    });
    const reply = await graphql(server(), { query, variables });
    expect(reply.status).toBe(200);
    expect((reply.json as { errors?: unknown }).errors, reply.text.slice(0, 600)).toBeUndefined();
  });

  it('refuses the search asking for 1,000 results: each counts its two lineage reads', async () => {
    const variables = { input: { ...SEARCH_INPUT, count: 1000 } };
    const measured = measure(SEARCH, variables);
    expect(measured.complexity).toBe(measure(SEARCH, { input: SEARCH_INPUT }).complexity + 2 * (1000 - 10));
    const reply = await graphql(server(), { query: SEARCH, variables });
    expect(reply.json).toEqual({
      errors: [expect.objectContaining({ message: `maximum query complexity exceeded ${measured.complexity} > 2000` })],
      extensions: {},
    });
  });

  it('refuses the lineage view nested past depth 50, naming the limit', async () => {
    let deeper = 1;
    while (measure(lineageView(deeper), { urn: DATASET }).depth <= 50) deeper += 1;
    const deepened = lineageView(deeper);
    const { depth } = measure(deepened, { urn: DATASET });
    const reply = await graphql(server(), { query: deepened, variables: { urn: DATASET } });
    expect(reply.json).toEqual({
      errors: [expect.objectContaining({ message: `maximum query depth exceeded ${depth} > 50` })],
      extensions: {},
    });
  });
});
