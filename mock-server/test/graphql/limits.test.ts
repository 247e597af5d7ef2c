/**
 * GraphQL's depth and complexity limits, as DataHub sets and counts them (v1.3.0.1:
 * `datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/GraphQLEngine.java` installs graphql-java's
 * MaxQueryDepthInstrumentation and MaxQueryComplexityInstrumentation with
 * `instrumentation/DataHubFieldComplexityCalculator.java`; `graphQL.query.depthLimit` 50 and `complexityLimit`
 * 2000 in `metadata-service/configuration/src/main/resources/application.yaml`). A refused request is one
 * GraphQL error naming the limit and the measured value, and nothing of it runs.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, DATASET, digest, graphql, ingest, startServer } from '../graphql-harness.js';
import { serverForTests, withServer } from '../http-harness.js';

/** `dataset(urn) { relationships { relationships { entity { ... on Dataset { ... } } } } }` nested `levels` times: depth 3 × levels + 2. */
function nestedRelationships(levels: number): string {
  let inner = 'urn';
  for (let i = 0; i < levels; i += 1) {
    inner = `relationships(input: {types: ["DownstreamOf"], direction: INCOMING}) { relationships { entity { ... on Dataset { ${inner} } } } }`;
  }
  return `query deep { dataset(urn: "${DATASET}") { ${inner} } }`;
}

/** `count` aliases of `dataset(urn) { urn }`: complexity 2 each. */
function aliases(count: number): string {
  return `query wide { ${Array.from({ length: count }, (_, i) => `d${i}: dataset(urn: "${DATASET}") { urn }`).join(' ')} }`;
}

describe('GraphQL limits at upstream defaults', () => {
  const server = serverForTests();

  it.each([
    ['16 levels of relationships (depth 50) run', nestedRelationships(16), undefined],
    ['17 levels (depth 53) are refused', nestedRelationships(17), 'maximum query depth exceeded 53 > 50'],
    ['1,000 aliases (complexity 2000) run', aliases(1000), undefined],
    ['1,001 aliases (complexity 2002) are refused', aliases(1001), 'maximum query complexity exceeded 2002 > 2000'],
  ])('%s', async (_, query, refusal) => {
    await ingest(server(), DATASET, 'datasetKey', {
      platform: 'urn:svc:dataPlatform:hive',
      name: 'orders',
      origin: 'PROD',
    });
    const reply = await graphql(server(), { query });
    expect(reply.status).toBe(200);
    const body = reply.json as { data?: unknown; errors?: { message: string }[] };
    if (refusal === undefined) {
      expect(body.errors).toBeUndefined();
      expect(body.data).not.toBeNull();
    } else {
      expect(body.errors?.map((e) => e.message)).toEqual([refusal]);
      expect(body.data ?? null).toBeNull();
    }
  });

  it("counts a fragment once, where it is first spread: graphql-java's traverser enters a node once", async () => {
    // A fragment of n aliased fields, spread under two aliases of dataset: 2 + n when counted once, 2 + 2n inlined.
    const twice = (n: number) => {
      const fields = Array.from({ length: n }, (_, i) => `f${i}: urn`).join(' ');
      return `query twice { a: dataset(urn: "${DATASET}") { ...W } b: dataset(urn: "${DATASET}") { ...W } } fragment W on Dataset { ${fields} }`;
    };
    expect((await graphql(server(), { query: twice(1998) })).json).not.toHaveProperty('errors');
    const refused = await graphql(server(), { query: twice(1999) });
    expect((refused.json as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
      'maximum query complexity exceeded 2001 > 2000',
    ]);
    // F0 is urn; Fk spreads F(k-1) twice: inlined 2^40 fields, measured (and executed) as 2.
    const fragments = ['fragment F0 on Dataset { urn }'];
    for (let k = 1; k <= 40; k += 1) fragments.push(`fragment F${k} on Dataset { ...F${k - 1} ...F${k - 1} }`);
    const fanOut = `query fan { dataset(urn: "${DATASET}") { ...F40 } } ${fragments.join(' ')}`;
    expect((await graphql(server(), { query: fanOut })).json).not.toHaveProperty('errors');
  });

  it('adds 2 × count for a search whose results spread searchResultFields, as DataHubFieldComplexityCalculator does', async () => {
    const search = (
      count: number,
      spread: string,
    ) => `query s { searchAcrossEntities(input: {query: "*", count: ${count}}) {
      searchResults { entity { ...${spread} } } } } fragment ${spread} on Entity { urn }`;
    // 1 (search) + 2 × count + 1 (searchResults) + 1 (entity) + 1 (urn).
    const refused = await graphql(server(), { query: search(999, 'searchResultFields') });
    expect((refused.json as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
      'maximum query complexity exceeded 2002 > 2000',
    ]);
    expect((await graphql(server(), { query: search(998, 'searchResultFields') })).json).not.toHaveProperty('errors');
    expect((await graphql(server(), { query: search(999, 'otherFields') })).json).not.toHaveProperty('errors');
  });

  it('refuses a list argument of more than 10,000 items, naming it, given inline or by variable', async () => {
    const urns = (n: number) => Array.from({ length: n }, (_, i) => `urn:svc:tag:t${i}`);
    const query = 'query many($urns: [String!]!) { entities(urns: $urns) { urn } }';
    const refused = await graphql(server(), { query, variables: { urns: urns(10_001) } });
    expect((refused.json as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
      'maximum list argument size exceeded 10001 > 10000 (Query.entities(urns))',
    ]);
    expect((await graphql(server(), { query, variables: { urns: urns(10_000) } })).json).not.toHaveProperty('errors');
    const batch = `mutation tags($urns: [String!]!) { batchAddTags(input: {tagUrns: $urns, resources: [{resourceUrn: "${DATASET}"}]}) }`;
    const inInput = await graphql(server(), { query: batch, variables: { urns: urns(10_001) }, token: ADMIN });
    expect((inInput.json as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
      'maximum list argument size exceeded 10001 > 10000 (Mutation.batchAddTags(input.tagUrns))',
    ]);
  });

  it('lets introspection through (GraphiQL and codegen read the schema this way)', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const reply = await graphql(server(), {
      query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
    });
    expect(reply.json).not.toHaveProperty('errors');
  });

  it('leaves @skip-ped fields out of the count, as graphql-java does', async () => {
    // 167 aliases of 12 fields each: complexity 2004 when they are not skipped.
    const leaves = Array.from({ length: 10 }, (_, i) => `u${i}: urn`).join(' ');
    const aliased = Array.from(
      { length: 167 },
      (_, i) => `d${i}: dataset(urn: "${DATASET}") @skip(if: $skip) { urn ${leaves} }`,
    );
    const query = `query wide($skip: Boolean!) { ${aliased.join(' ')} }`;
    expect((await graphql(server(), { query, variables: { skip: true } })).json).not.toHaveProperty('errors');
    const counted = await graphql(server(), { query, variables: { skip: false } });
    expect((counted.json as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
      'maximum query complexity exceeded 2004 > 2000',
    ]);
  });

  it('answers a @skip or @include whose variable was not given with an error naming it, never a 500', async () => {
    for (const directive of ['@skip(if: $flag)', '@include(if: $flag)']) {
      const reply = await graphql(server(), {
        query: `query flagged($flag: Boolean!) { dataset(urn: "${DATASET}") ${directive} { urn } }`,
      });
      expect(reply.status).toBe(200);
      expect((reply.json as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
        'Variable "$flag" of required type "Boolean!" was not provided.',
      ]);
    }
  });

  it("stops parsing past 15,000 tokens, graphql-java's default, however long the text", async () => {
    const typenames = (n: number) =>
      `query t { ${Array.from({ length: n }, (_, i) => `t${i}: __typename`).join(' ')} }`;
    // 4 tokens for the operation, 3 an alias, 1 closing brace.
    expect((await graphql(server(), { query: typenames(4998) })).json).not.toHaveProperty('errors');
    const refused = await graphql(server(), { query: typenames(200_000) });
    expect((refused.json as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
      'Syntax Error: Document contains more that 15000 tokens. Parsing aborted.',
    ]);
  });
});

describe('GraphQL limits set by option', () => {
  it('refuses past --graphql-depth-limit and --graphql-complexity-limit, mutations included, and writes nothing', async () => {
    await withServer({ graphqlDepthLimit: 4, graphqlComplexityLimit: 5 }, async (server) => {
      expect((await graphql(server, { query: nestedRelationships(0) })).json).not.toHaveProperty('errors');
      const deep = await graphql(server, { query: nestedRelationships(1) });
      expect((deep.json as { errors: { message: string }[] }).errors[0]?.message).toBe(
        'maximum query depth exceeded 5 > 4',
      );
      const wide = await graphql(server, { query: aliases(3) });
      expect((wide.json as { errors: { message: string }[] }).errors[0]?.message).toBe(
        'maximum query complexity exceeded 6 > 5',
      );
      const tags = Array.from(
        { length: 6 },
        (_, i) => `t${i}: createTag(input: {id: "limit-${i}", name: "limit ${i}"})`,
      );
      const before = await digest(server);
      const mutation = await graphql(server, { query: `mutation m { ${tags.join(' ')} }`, token: ADMIN });
      expect((mutation.json as { errors: { message: string }[] }).errors[0]?.message).toBe(
        'maximum query complexity exceeded 6 > 5',
      );
      expect(await digest(server)).toBe(before);
      // The same mutation within the limit writes: the digest moves.
      await graphql(server, { query: `mutation m { ${tags.slice(0, 5).join(' ')} }`, token: ADMIN });
      expect(await digest(server)).not.toBe(before);
    });
  });

  it.each([
    [{ graphqlDepthLimit: 0 }, 'graphqlDepthLimit'],
    [{ graphqlComplexityLimit: -1 }, 'graphqlComplexityLimit'],
    [{ graphqlDepthLimit: 1.5 }, 'graphqlDepthLimit'],
  ])('refuses %o at start-up, naming the option', async (options, name) => {
    await expect(startServer(options)).rejects.toThrow(name);
  });
});

describe('the work of one GraphQL request', () => {
  // A budget the 15-level request below cannot keep on any machine (it resolves some 200,000 fields).
  const server = serverForTests({ requestBudgetMs: 300 });
  // Three datasets, each downstream of the other two: every level of nested lineage doubles the entities.
  const ring = ['a', 'b', 'c'].map((name) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,ring.${name},PROD)`);

  it('stops a request past its budget with one error naming it, and answers the next request as usual', async () => {
    for (const urn of ring)
      await ingest(server(), urn, 'upstreamLineage', {
        upstreams: ring.filter((other) => other !== urn).map((dataset) => ({ dataset, type: 'TRANSFORMED' })),
      });
    const nested = (levels: number) => nestedRelationships(levels).replace(DATASET, ring[0] as string);
    // 15 levels: 2^15 entities at the bottom; depth 47 and complexity 47 keep the limits.
    const stopped = await graphql(server(), { query: nested(15) });
    expect(stopped.json).toEqual({
      errors: [
        expect.objectContaining({ message: 'request budget exceeded: more than 300 ms of work (--request-budget-ms)' }),
      ],
      extensions: {},
    });
    const within = await graphql(server(), { query: nested(1) });
    expect(within.json).toEqual({
      data: { dataset: { relationships: { relationships: expect.arrayContaining([expect.anything()]) } } },
      extensions: {},
    });
  });
});

describe('the records one GraphQL field builds', () => {
  // A budget no machine keeps while building 6,000 entity records, whatever the fields selected of them.
  const server = serverForTests({ requestBudgetMs: 1 });
  const urns = Array.from({ length: 6000 }, (_, i) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,many.t${i},PROD)`);

  it.each([
    ['inline', { query: `query many { entities(urns: ${JSON.stringify(urns)}) { __typename } }` }],
    [
      'by variable',
      { query: 'query many($urns: [String!]!) { entities(urns: $urns) { __typename } }', variables: { urns } },
    ],
  ])(
    'holds entities(urns:) with 6,000 URNs %s to the budget, though it selects no field with a resolver',
    async (_, request) => {
      // __typename resolves without a resolver: only the building of the records can see the deadline.
      const stopped = await graphql(server(), request);
      expect(stopped.status).toBe(200);
      expect(stopped.json).toEqual({
        errors: [
          expect.objectContaining({ message: 'request budget exceeded: more than 1 ms of work (--request-budget-ms)' }),
        ],
        extensions: {},
      });
      const few = await graphql(server(), { query: `query few { entities(urns: ["${urns[0]}"]) { __typename } }` });
      expect(few.json).toEqual({ data: { entities: [{ __typename: 'Dataset' }] }, extensions: {} });
    },
  );
});
