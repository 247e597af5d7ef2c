/** Routing, protocol and body errors: upstream's Rest.li messages in the Rest.li error body. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../index.js';
import { call, DATASET, proposal, startServer } from './http-harness.js';

let server: MockServer;

beforeAll(async () => {
  server = await startServer({ maxBody: 2048 });
});

afterAll(() => server.close());

const ERROR_BODY = { exceptionClass: 'com.svc.restli.server.RestLiServiceException' };

describe('routing errors', () => {
  it.each([
    {
      name: 'unknown action lists the valid ones',
      given: ['POST', '/entities?action=frobnicate', {}],
      want: [400, /^POST operation named frobnicate not supported on resource '\/entities'; valid actions: (?=.*ingest)(?=.*search)(?=.*browse)(?=.*autocomplete)/],
    },
    {
      name: 'action sent with GET',
      given: ['GET', '/entities?action=search', undefined],
      want: [400, /^All action methods \(specified via 'action' in URI\) must be submitted as a POST \(was GET\)$/],
    },
    { name: 'unknown resource', given: ['GET', '/x', undefined], want: [404, /^No root resource defined for path '\/x'$/] },
    { name: 'unknown resource under a gateway prefix', given: ['GET', '/api/gms/nothing/here', undefined], want: [404, /'\/nothing'/] },
    { name: 'wrong method on a keyed resource', given: ['DELETE', `/entitiesV2/${encodeURIComponent(DATASET)}`, undefined], want: [400, /DELETE operation not supported.*GET/] },
    { name: 'POST without action on an action resource', given: ['POST', '/aspects', {}], want: [400, /POST operation not supported.*action=.*ingestProposal/] },
  ] as const)('$name', async ({ given: [method, path, body], want: [status, message] }) => {
    const reply = await call(server, method, path, body === undefined ? {} : { body });
    expect(reply.status).toBe(status);
    expect(reply.json).toMatchObject({ ...ERROR_BODY, status });
    expect(reply.json.message).toMatch(message);
  });
});

describe('bodies', () => {
  it('malformed JSON is a 400 naming the body', async () => {
    const reply = await call(server, 'POST', '/entities?action=search', { raw: '{"input": "x",' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^body: malformed JSON/);
  });

  it('a body over the limit is a 413', async () => {
    const reply = await call(server, 'POST', '/entities?action=search', { body: { input: 'x'.repeat(4096), entity: 'dataset', start: 0, count: 1 } });
    expect(reply.status).toBe(413);
    expect(reply.json).toMatchObject({ ...ERROR_BODY, status: 413 });
  });

  it('an empty body where one is required is a 400 naming the missing field', async () => {
    const reply = await call(server, 'POST', '/aspects?action=ingestProposal');
    expect(reply.status).toBe(400);
    expect(reply.json.message).toBe("body: missing required property 'proposal'");
  });

  it('a wrong type names the field', async () => {
    const reply = await call(server, 'POST', '/entities?action=search', { body: { input: 'x', entity: 'dataset', start: 0, count: 'ten' } });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('body.count: must be integer');
  });

  it('a query parameter of the wrong type names the parameter', async () => {
    const reply = await call(server, 'GET', `/aspects/${encodeURIComponent(DATASET)}?aspect=ownership&version=latest`);
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('query.version: must be integer');
  });
});

describe('protocol', () => {
  it.each(['X-Svc-Protocol-Version', 'x-svc-protocol-version', 'X-SVC-PROTOCOL-VERSION'])('accepts the protocol header spelt %s', async (header) => {
    const reply = await call(server, 'POST', '/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'status', { removed: false }),
      headers: { [header]: '2.0.0' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-svc-protocol-version')).toBe('2.0.0');
  });

  it('a read of an absent aspect is a 404 and a read without aspect a 400', async () => {
    const absent = await call(server, 'GET', `/aspects/${encodeURIComponent(DATASET)}?aspect=ownership&version=7`);
    expect(absent.status).toBe(404);
    const noAspect = await call(server, 'GET', `/aspects/${encodeURIComponent(DATASET)}`);
    expect(noAspect.status).toBe(400);
    expect(noAspect.json.message).toMatch(/^query\.aspect/);
  });
});

describe('GraphQL next to the metadata store', () => {
  it('answers POST /api/graphql, refuses other methods and serves the explorer', async () => {
    const query = await call(server, 'POST', '/api/graphql', { body: { query: '{ __typename }' } });
    expect(query.status).toBe(200);
    expect(query.json.data).toEqual({ __typename: 'Query' });
    const get = await call(server, 'GET', '/api/graphql');
    expect(get.status).toBe(405);
    const explorer = await call(server, 'GET', '/api/graphiql');
    expect(explorer.status).toBe(200);
    expect(explorer.headers.get('content-type')).toMatch(/text\/html/);
  });
});
