// @vitest-environment jsdom
/**
 * A frontend's component test as it is usually set up: jsdom, Mock Service Worker's `setupServer`,
 * and the app's plain `fetch` to the service's base URL. `mswHandlers` answers it from a mock in the
 * test's process: an ingest, then a search and a GraphQL query find the entity; sessions and the test
 * controls work; nothing listens on a port.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMock, silentLogger, type Mock } from '../../index.js';
import { mswHandlers } from '../../msw/index.js';
import { DATASET, proposal } from '../http-harness.js';

const BASE = 'http://catalog.test';
const json = { 'content-type': 'application/json' };
const socketHandles = (): string[] => process.getActiveResourcesInfo().filter((name) => /TCP|Pipe|UDP/i.test(name));

let mock: Mock;
let server: ReturnType<typeof setupServer>;
const handlesBefore = socketHandles();
beforeAll(async () => {
  mock = await createMock({ sample: false, logger: silentLogger });
  server = setupServer(...mswHandlers(mock, { baseUrl: `${BASE}/` }));
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  expect(socketHandles()).toEqual(handlesBefore);
});
afterAll(async () => {
  server.close();
  await mock.close();
});

describe('mswHandlers under jsdom', () => {
  it('runs in jsdom', () => {
    expect(typeof document.createElement).toBe('function');
  });

  it('answers an ingest, then a search that finds the entity, through the plain fetch', async () => {
    const description = { description: 'Orders seen by the component test', customProperties: {} };
    const written = await fetch(`${BASE}/api/gms/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(proposal(DATASET, 'datasetProperties', description)),
    });
    expect(written.status).toBe(200);
    const search = await fetch(`${BASE}/api/gms/entities?action=search`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ input: 'component', entity: 'dataset', start: 0, count: 10 }),
    });
    expect(search.status).toBe(200);
    const { value } = await search.json();
    expect(value.numEntities).toBe(1);
    expect(value.entities).toEqual([DATASET]);
  });

  it('answers GraphQL at the frontend’s address from the same store', async () => {
    const reply = await fetch(`${BASE}/api/v2/graphql`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        query: `query one($urn: String!) { dataset(urn: $urn) { urn properties { description } } }`,
        variables: { urn: DATASET },
      }),
    });
    expect(reply.status).toBe(200);
    expect((await reply.json()).data.dataset).toEqual({
      urn: DATASET,
      properties: { description: 'Orders seen by the component test' },
    });
  });

  it('has a handler for every operation of the metadata-store API in each address form', () => {
    const handlers = mswHandlers(mock, { baseUrl: BASE });
    const headers = new Set(handlers.map((h) => h.info.header));
    for (const op of mock.store.contract.operations) {
      for (const form of ['/api/gms', '/gms', ''])
        expect(headers, op.operationId).toContain(
          `${op.method.toUpperCase()} ${BASE}${form}${op.path.replace(/\{([^}]+)\}/g, ':$1')}`,
        );
    }
  });

  it('answers the test controls and sessions, and an unknown path with the mock’s own 404', async () => {
    const session = { 'X-Mock-Session': 'component' };
    await fetch(`${BASE}/__mock/faults`, {
      method: 'POST',
      headers: { ...json, ...session },
      body: JSON.stringify({ operation: 'searchEntities', status: 503, times: 1 }),
    });
    const refused = await fetch(`${BASE}/entities?action=search`, {
      method: 'POST',
      headers: { ...json, ...session },
      body: JSON.stringify({ input: '*', entity: 'dataset', start: 0, count: 1 }),
    });
    expect(refused.status).toBe(503);
    const journal = await (
      await fetch(`${BASE}/__mock/requests?operation=searchEntities`, { headers: session })
    ).json();
    expect(journal.requests).toMatchObject([{ session: 'component', status: 503, fault: { kind: 'error' } }]);
    const unknown = await fetch(`${BASE}/nothing/here`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).status).toBe(404);
  });

  it('gives way to a handler the test puts in front', async () => {
    server.use(http.post(`${BASE}/entities`, () => HttpResponse.json({ value: { numEntities: 42 } })));
    const reply = await fetch(`${BASE}/entities?action=search`, { method: 'POST', headers: json, body: '{}' });
    expect((await reply.json()).value.numEntities).toBe(42);
  });
});
