/**
 * The upstream profile (profile.ts): what a current DataHub GMS answers where the document differs,
 * each with the upstream source named in spec/upstream-differences.yaml. And asynchronous indexing,
 * in either profile: reads by URN see a write at once, index-derived reads only after the lag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../index.js';

const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';
const AUTH = { Authorization: 'Bearer admin-token' };
const JSON_BODY = { ...AUTH, 'Content-Type': 'application/json', 'X-Svc-Protocol-Version': '2.0.0' };

async function call(
  mock: MockServer,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${mock.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : { text }) as Record<string, unknown> };
}

function search(mock: MockServer, input: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return call(mock, '/entities?action=search', {
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({ input, entity: 'dataset', start: 0, count: 10 }),
  });
}

function proposal(urn: string, description: string): RequestInit {
  const aspect = { value: JSON.stringify({ description, customProperties: {} }), contentType: 'application/json' };
  return {
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({
      proposal: {
        entityType: 'dataset',
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName: 'datasetProperties',
        aspect,
      },
    }),
  };
}

describe('the upstream profile', () => {
  let mock: MockServer;

  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger, profile: 'upstream', indexLagMs: 0 });
  });

  afterAll(() => mock.close());

  it.each([
    { given: `/entitiesV2/${encodeURIComponent(ORDERS)}`, want: 401 },
    { given: '/api/graphiql', want: 401 },
    { given: '/nothing-here', want: 401 },
  ])('answers $given without a token with Spring Boot 401 body', async ({ given, want }) => {
    const { status, body } = await call(mock, given);
    expect(status).toBe(want);
    expect(Object.keys(body).sort()).toEqual(['error', 'path', 'status', 'timestamp']);
    expect(body).toMatchObject({ status: 401, error: 'Unauthorized', path: given.split('?')[0] });
  });

  it('lets the paths upstream excludes from authentication through without a token', async () => {
    expect((await call(mock, '/health')).status).not.toBe(401);
  });

  it.each(['/api/gms/entitiesV2/x', '/gms/entitiesV2/x', '/svc/docs', '/test?action=evaluate'])(
    'does not route %s (Spring 404), as GMS serves the bare prefix only',
    async (path) => {
      const { status, body } = await call(mock, path, { headers: AUTH });
      expect(status).toBe(404);
      expect(body).toMatchObject({ status: 404, error: 'Not Found' });
    },
  );

  it('serves the docs site under /__mock/docs', async () => {
    expect((await call(mock, '/__mock/docs/')).status).toBe(200);
  });

  it("answers search, browse, relationships and getIndexSizes in upstream's shapes", async () => {
    const hits = (await search(mock, 'orders')).body.value as {
      entities: { entity: string }[];
      metadata: Record<string, unknown>;
    };
    expect(hits.entities.map((e) => e.entity)).toContain(ORDERS);
    expect(Object.keys(hits.metadata).sort()).toEqual(['aggregations', 'suggestions']);
    const browse = (
      await call(mock, '/entities?action=browse', {
        method: 'POST',
        headers: JSON_BODY,
        body: JSON.stringify({ path: '/', entity: 'dataset', start: 0, limit: 10 }),
      })
    ).body.value as Record<string, unknown>;
    expect(Array.isArray(browse.groups)).toBe(true);
    expect(browse.metadata).not.toHaveProperty('groups');
    const related = await call(
      mock,
      `/relationships?urn=${encodeURIComponent(ORDERS)}&direction=OUTGOING&types=List(DownstreamOf)`,
      { headers: JSON_BODY },
    );
    expect(related.status).toBe(200);
    expect(related.body).not.toHaveProperty('entities');
    expect(related.body).toHaveProperty('relationships');
    const sizes = (
      await call(mock, '/operations?action=getIndexSizes', { method: 'POST', headers: JSON_BODY, body: '{}' })
    ).body.value;
    expect(sizes).toHaveProperty('indexSizes');
  });

  it('answers autocomplete with the entities behind the suggestions as {urn}, as AutocompleteRequestHandler.extractResult does', async () => {
    const { status, body } = await call(mock, '/entities?action=autocomplete', {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify({ query: 'clean.ord', entity: 'dataset', limit: 5 }),
    });
    expect(status).toBe(200);
    const value = body.value as { suggestions: string[]; entities: { urn: string }[] };
    expect(value.suggestions.length).toBeGreaterThan(0);
    expect(value.entities).toContainEqual({ urn: ORDERS });
    expect(value.entities.every((e) => Object.keys(e).join() === 'urn')).toBe(true);
  });

  it('answers a plain array parameter under protocol 2.0.0 with 400, as Rest.li does', async () => {
    const { status, body } = await call(
      mock,
      `/relationships?urn=${encodeURIComponent(ORDERS)}&direction=OUTGOING&types=DownstreamOf`,
      { headers: JSON_BODY },
    );
    expect(status).toBe(400);
    expect(String(body.message)).toContain('Invalid value type for parameter types');
  });
});

describe('asynchronous indexing', () => {
  let mock: MockServer;

  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger, indexLagMs: 60_000 });
  });

  afterAll(() => mock.close());

  it('shows a write to reads by URN at once and keeps it out of search until the lag has passed', async () => {
    expect((await call(mock, '/aspects?action=ingestProposal', proposal(ORDERS, 'zebrafinch notes'))).status).toBe(200);
    const read = (
      await call(mock, `/entitiesV2/${encodeURIComponent(ORDERS)}?aspects=List(datasetProperties)`, {
        headers: JSON_BODY,
      })
    ).body as { aspects: { datasetProperties: { value: { description: string } } } };
    expect(read.aspects.datasetProperties.value.description).toBe('zebrafinch notes');
    expect(((await search(mock, 'zebrafinch')).body.value as { numEntities: number }).numEntities).toBe(0);
  });

  it('indexes the queued writes once the lag is shortened and passed (the store setting a session can change)', async () => {
    mock.store.indexLagMs = 0;
    mock.store.catchUp(true);
    expect(((await search(mock, 'zebrafinch')).body.value as { entities: string[] }).entities).toEqual([ORDERS]);
  });
});
