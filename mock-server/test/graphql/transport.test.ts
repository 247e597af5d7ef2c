/**
 * POST /api/graphql as a transport: 200 with application/json for every executed request whatever
 * the Accept header, `extensions` always present, 400 for a body that is not a GraphQL request, 405
 * for other methods, the same endpoint at /api/v2/graphql, introspection, and the four operations of spec/graphql/operations as sent.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../../spec/index.js';
import type { MockServer } from '../../index.js';
import { ADMIN, DATASET, call, graphql, ingestOrdersSchema, startServer } from '../graphql-harness.js';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
  await ingestOrdersSchema(server);
});
afterAll(() => server.close());

const TYPENAME = '{ __typename }';

describe('POST /api/graphql responds to every executed request with 200 application/json and extensions', () => {
  it.each([
    ['a plain query', TYPENAME, {}],
    ['Accept: text/html', TYPENAME, { accept: 'text/html' }],
    ['Accept: application/graphql-response+json', TYPENAME, { accept: 'application/graphql-response+json' }],
    ['a syntax error', '{ dataset(', {}],
    ['a validation error', '{ nothing }', {}],
    ['a missing required argument', '{ dataset { urn } }', {}],
  ])('%s', async (_name, query, headers) => {
    const reply = await graphql(server, { query, headers });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.json.extensions).toEqual({});
  });

  it('reports query-language errors without data', async () => {
    const reply = await graphql(server, { query: '{ nothing }' });
    expect(reply.json.data).toBeUndefined();
    expect(reply.json.errors[0].message).toContain('nothing');
  });

  it('reports the same errors for a document sent again (parsed and validated documents are cached)', async () => {
    for (const query of ['{ nothing }', '{ nothing }', '{ dataset(', '{ dataset(']) {
      const reply = await graphql(server, { query });
      expect(reply.json.data).toBeUndefined();
      expect(reply.json.errors?.length).toBeGreaterThan(0);
    }
    const valid = '{ dataset(urn: "urn:svc:dataset:(urn:svc:dataPlatform:hive,db.x,PROD)") { exists } }';
    for (let i = 0; i < 2; i++)
      expect((await graphql(server, { query: valid })).json.data).toEqual({ dataset: { exists: false } });
  });

  it('a variable of the wrong type is an error in the body, still 200', async () => {
    const reply = await graphql(server, {
      query: 'query q($urn: String!) { dataset(urn: $urn) { urn } }',
      variables: { urn: 5 },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.errors).toHaveLength(1);
    expect(reply.json.extensions).toEqual({});
  });

  it('honours operationName', async () => {
    const query = `query a { __typename } query b { dataset(urn: "${DATASET}") { urn } }`;
    const reply = await graphql(server, { query, operationName: 'b' });
    expect(reply.json.data).toEqual({ dataset: { urn: DATASET } });
  });

  // graphql-java's UnknownOperationException, answered with 200 by upstream's GraphQLController
  // (metadata-service/graphql-servlet-impl/src/main/java/com/datahub/graphql/GraphQLController.java, v1.3.0.1).
  it('an operationName the document does not define is one error naming operationName, still 200', async () => {
    const reply = await graphql(server, { query: '{ __typename }', operationName: 'dataset' });
    expect(reply.status).toBe(200);
    expect(reply.json.data).toBeUndefined();
    expect(reply.json.errors).toEqual([
      expect.objectContaining({
        message:
          "Unknown operation named 'dataset'. operationName must name an operation of the document (it defines: (unnamed)) or be left out.",
      }),
    ]);
  });

  it('a document of several operations with no operationName is one error listing them', async () => {
    const reply = await graphql(server, { query: 'query a { __typename } query b { __typename }' });
    expect(reply.status).toBe(200);
    expect(reply.json.errors).toEqual([
      expect.objectContaining({
        message:
          'Must provide operation name if query contains multiple operations. Set operationName to one of: a, b.',
      }),
    ]);
  });
});

describe('a body that is not a GraphQL request is a 400', () => {
  it.each([
    ['malformed JSON', '{"query": '],
    ['a JSON array', '[]'],
    ['no query', '{"variables": {}}'],
    ['a query that is not a string', '{"query": 5}'],
    ['variables that are not an object', '{"query": "{ __typename }", "variables": [1]}'],
  ])('%s', async (_name, raw) => {
    const reply = await call(server, 'POST', '/api/graphql', { raw });
    expect(reply.status).toBe(400);
    expect(reply.json.errors[0].message).toMatch(/^body/);
  });
});

describe('only POST is supported on /api/graphql', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s gets 405 with Allow: POST', async (method) => {
    const reply = await call(server, method, '/api/graphql?query=%7B__typename%7D');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
    expect(reply.json.errors[0].message).toContain('POST');
  });
});

// The path of DataHub's frontend and its smoke tests (datahub-frontend/conf/routes rewrites it to /api/graphql).
describe('/api/v2/graphql is the same endpoint', () => {
  it('executes a query and a token-checked mutation', async () => {
    const query = await call(server, 'POST', '/api/v2/graphql', {
      body: { query: `{ dataset(urn: "${DATASET}") { urn exists } }` },
    });
    expect(query.status).toBe(200);
    expect(query.json).toEqual({ data: { dataset: { urn: DATASET, exists: true } }, extensions: {} });
    const mutation = 'mutation { createTag(input: {id: "v2", name: "V2"}) }';
    expect((await call(server, 'POST', '/api/v2/graphql', { body: { query: mutation } })).status).toBe(401);
    const created = await call(server, 'POST', '/api/v2/graphql/', { body: { query: mutation }, token: ADMIN });
    expect(created.json).toEqual({ data: { createTag: 'urn:svc:tag:v2' }, extensions: {} });
  });

  it('responds 405 to GET', async () => {
    expect((await call(server, 'GET', '/api/v2/graphql')).status).toBe(405);
  });
});

describe('introspection', () => {
  it('describes the contract schema', async () => {
    const reply = await graphql(server, {
      query: '{ __schema { queryType { name } mutationType { fields { name } } } }',
    });
    expect(reply.json.data.__schema.queryType.name).toBe('Query');
    expect(reply.json.data.__schema.mutationType.fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['createTag', 'updateDataset', 'updateDescription', 'addTag']),
    );
  });
});

describe('the operations of spec/graphql/operations, exactly as sent', () => {
  const operation = (name: string): string =>
    readFileSync(fromRoot('spec', 'graphql', 'operations', `${name}.graphql`), 'utf8');

  it.each([
    [
      'dataset',
      { urn: DATASET },
      { dataset: { properties: null, schemaMetadata: { fields: [{ fieldPath: 'id', description: null }] } } },
    ],
    [
      'createTag',
      { input: { id: 'operations-tag', name: 'Operations', description: 'from the operation document' } },
      { createTag: 'urn:svc:tag:operations-tag' },
    ],
    [
      'updateDataset',
      { urn: DATASET, input: { editableProperties: { description: 'Edited' } } },
      { updateDataset: { urn: DATASET } },
    ],
    [
      'updateDescription',
      { input: { description: 'Key', resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'id' } },
      { updateDescription: true },
    ],
  ])('%s validates and executes', async (name, variables, data) => {
    const reply = await graphql(server, { query: operation(name), variables, operationName: name, token: ADMIN });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ data, extensions: {} });
  });
});

describe('the li namespace', () => {
  it('reads and writes urn:li: URNs', async () => {
    const li = await startServer({ namespace: 'li' });
    try {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
      const read = await graphql(li, { query: `{ dataset(urn: "${urn}") { urn exists platform { urn } } }` });
      expect(read.json.data).toEqual({
        dataset: { urn, exists: false, platform: { urn: 'urn:li:dataPlatform:hive' } },
      });
      const created = await graphql(li, {
        query: 'mutation { createTag(input: { id: "li", name: "li" }) }',
        token: ADMIN,
      });
      expect(created.json.data).toEqual({ createTag: 'urn:li:tag:li' });
    } finally {
      await li.close();
    }
  });
});
