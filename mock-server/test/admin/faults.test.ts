/** Faults and latency per session: an error that fires as often as asked, Retry-After, a closed connection, a delay the client sees. */
import { describe, expect, it } from 'vitest';
import { call, DATASET, serverForTests } from '../http-harness.js';

const read = `/entitiesV2/${encodeURIComponent(DATASET)}`;

describe('faults and latency', () => {
  const server = serverForTests();

  it('a fault with times: 1 fires once, in the Rest.li error body, and is journaled', async () => {
    const s = { 'X-Mock-Session': 'once' };
    const added = await call(server(), 'POST', '/__mock/faults', {
      body: { operation: 'getEntityV2', status: 500, times: 1 },
      headers: s,
    });
    expect(added.json.id).toEqual(expect.any(String));
    const first = await call(server(), 'GET', read, { headers: s });
    expect(first.status).toBe(500);
    expect(first.json).toMatchObject({
      status: 500,
      exceptionClass: expect.stringContaining('RestLiServiceException'),
    });
    expect((await call(server(), 'GET', read, { headers: s })).status).toBe(200);
    expect((await call(server(), 'GET', '/__mock/faults', { headers: s })).json.faults).toEqual([]);
    const journal = await call(server(), 'GET', '/__mock/requests?operation=getEntityV2', { headers: s });
    expect(journal.json.requests.map((r: { status: number }) => r.status)).toEqual([500, 200]);
    expect(journal.json.requests[0].fault).toEqual({ id: added.json.id, kind: 'error' });
  });

  it('a 503 fault carries Retry-After; faults stay in their session and are removed', async () => {
    const s = { 'X-Mock-Session': 'busy' };
    const { json } = await call(server(), 'POST', '/__mock/faults', {
      body: { operation: '*', status: 503, retryAfter: 7 },
      headers: s,
    });
    const refused = await call(server(), 'GET', read, { headers: s });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect((await call(server(), 'GET', read)).status).toBe(200);
    expect((await call(server(), 'GET', '/__mock/faults', { headers: s })).json.faults).toMatchObject([
      { id: json.id, operation: '*', status: 503 },
    ]);
    expect((await call(server(), 'DELETE', `/__mock/faults/${json.id}`, { headers: s })).status).toBe(200);
    expect((await call(server(), 'GET', read, { headers: s })).status).toBe(200);
  });

  it('a GraphQL fault answers in the GraphQL error body', async () => {
    const s = { 'X-Mock-Session': 'graphql' };
    await call(server(), 'POST', '/__mock/faults', {
      body: { operation: 'graphql:dataset', status: 429, retryAfter: 1, times: 1 },
      headers: s,
    });
    const reply = await call(server(), 'POST', '/api/graphql', {
      body: { query: `{ dataset(urn: "${DATASET}") { urn } }` },
      headers: s,
    });
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(reply.json.errors[0].message).toContain('graphql:dataset');
  });

  it('a GraphQL body sent again, its response cached, is still named for the fault and the journal', async () => {
    const s = { 'X-Mock-Session': 'graphql-again' };
    const body = { query: `query named { dataset(urn: "${DATASET}") { urn } }` };
    const first = await call(server(), 'POST', '/api/graphql', { body, headers: s });
    expect((await call(server(), 'POST', '/api/graphql', { body, headers: s })).json).toEqual(first.json);
    await call(server(), 'POST', '/__mock/faults', {
      body: { operation: 'graphql:named', status: 502, times: 1 },
      headers: s,
    });
    const refused = await call(server(), 'POST', '/api/graphql', { body, headers: s });
    expect(refused.status).toBe(502);
    expect(refused.json.errors[0].message).toContain('graphql:named');
    expect((await call(server(), 'POST', '/api/graphql', { body, headers: s })).json).toEqual(first.json);
    const journal = await call(server(), 'GET', '/__mock/requests?operation=graphql:named', { headers: s });
    expect(journal.json.requests.map((r: { status: number }) => r.status)).toEqual([200, 200, 502, 200]);
  });

  it('a reset fault closes the connection without a response', async () => {
    const s = { 'X-Mock-Session': 'reset' };
    await call(server(), 'POST', '/__mock/faults', { body: { operation: 'getEntityV2', kind: 'reset' }, headers: s });
    await expect(fetch(server().url + read, { headers: s })).rejects.toThrow();
    await call(server(), 'DELETE', '/__mock/faults', { headers: s });
    const journal = await call(server(), 'GET', '/__mock/requests?operation=getEntityV2&limit=1', { headers: s });
    expect(journal.json.requests[0]).toMatchObject({ status: null, fault: { kind: 'reset' } });
  });

  it('300 ms of latency is seen by the client, in its session only', async () => {
    const s = { 'X-Mock-Session': 'slow' };
    const settings = await call(server(), 'PUT', '/__mock/settings', { body: { latencyMs: 300 }, headers: s });
    expect(settings.json).toEqual({ latencyMs: 300, jitterMs: 0, indexLagMs: 0 });
    const started = performance.now();
    expect((await call(server(), 'GET', read, { headers: s })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect((await call(server(), 'GET', '/__mock/settings')).json).toEqual({
      latencyMs: 0,
      jitterMs: 0,
      indexLagMs: 0,
    });
  });

  it("an index lag set for a session delays its search, not its reads by URN, nor another session's search", async () => {
    const search = { input: 'lagsearchword', entity: 'dataset', start: 0, count: 10 };
    const write = (urn: string) => ({
      proposal: {
        entityType: 'dataset',
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName: 'datasetProperties',
        aspect: {
          value: JSON.stringify({ description: 'lagsearchword', customProperties: {} }),
          contentType: 'application/json',
        },
      },
    });
    const lagged = { 'X-Mock-Session': 'lagged' };
    const prompt = { 'X-Mock-Session': 'prompt' };
    expect(
      (await call(server(), 'PUT', '/__mock/settings', { body: { indexLagMs: 60_000 }, headers: lagged })).json,
    ).toMatchObject({ indexLagMs: 60_000 });
    for (const [headers, name] of [
      [lagged, 'lag.a'],
      [prompt, 'lag.b'],
    ] as const) {
      const urn = `urn:svc:dataset:(urn:svc:dataPlatform:hive,${name},PROD)`;
      expect(
        (await call(server(), 'POST', '/aspects?action=ingestProposal', { body: write(urn), headers })).status,
      ).toBe(200);
      expect(
        (await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(urn)}`, { headers })).json.aspects
          .datasetProperties,
      ).toBeDefined();
    }
    expect(
      (await call(server(), 'POST', '/entities?action=search', { body: search, headers: lagged })).json.value
        .numEntities,
    ).toBe(0);
    expect(
      (await call(server(), 'POST', '/entities?action=search', { body: search, headers: prompt })).json.value
        .numEntities,
    ).toBe(1);
  });

  it.each([
    ['an unknown operation', { operation: 'noSuchOperation' }, 'body.operation'],
    ['a status that is no error', { operation: '*', status: 200 }, 'body.status'],
    ['an unknown kind', { operation: '*', kind: 'explode' }, 'body.kind'],
    ['a probability above 1', { operation: '*', probability: 2 }, 'body.probability'],
    ['an unknown field', { operation: '*', when: 'now' }, "body: unknown property 'when'"],
  ])('refuses a fault with %s, naming the field', async (_name, body, field) => {
    const reply = await call(server(), 'POST', '/__mock/faults', { body });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain(field);
  });

  it('refuses a negative latency, naming the field', async () => {
    const reply = await call(server(), 'PUT', '/__mock/settings', { body: { latencyMs: -1 } });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('body.latencyMs');
  });
});
