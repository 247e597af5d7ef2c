/** The request journal: what the app sent, as GET /__mock/requests lists it, filtered, bounded and cleared. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, proposal, serverForTests, withServer } from '../http-harness.js';

/** Polls until `check` holds (or fails the test after a few seconds). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await check()); tries++) {
    if (tries > 200) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const UPDATE = `mutation update($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }`;

describe('request journal', () => {
  const server = serverForTests();

  it('lists an ingestProposal with its URN, operation, status and parsed bodies, the Authorization elided', async () => {
    await call(server(), 'DELETE', '/__mock/requests');
    await call(server(), 'POST', '/api/gms/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'status', { removed: false }),
      token: 'admin-token',
    });
    const { json } = await call(
      server(),
      'GET',
      `/__mock/requests?operation=ingestProposal&urn=${encodeURIComponent(DATASET)}`,
    );
    expect(json.total).toBe(1);
    const [entry] = json.requests;
    expect(entry).toMatchObject({
      session: null,
      method: 'POST',
      path: '/api/gms/aspects',
      query: { action: 'ingestProposal' },
      operation: 'ingestProposal',
      status: 200,
      urns: [DATASET],
      request: { body: { proposal: { entityUrn: DATASET, aspectName: 'status' } } },
    });
    expect(entry.request.headers.authorization).toBe('[elided]');
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(entry.time)).not.toBeNaN();
  });

  it('lists a GraphQL mutation by its operation name with its variables, and its response', async () => {
    await ingest(server(), DATASET, 'status', { removed: false });
    const variables = { urn: DATASET, input: { editableProperties: { description: 'from the app' } } };
    const reply = await call(server(), 'POST', '/api/graphql', {
      body: { query: UPDATE, variables },
      token: 'admin-token',
    });
    expect(reply.status).toBe(200);
    const { json } = await call(server(), 'GET', '/__mock/requests?operation=graphql:update&limit=1');
    expect(json.requests[0]).toMatchObject({
      operation: 'graphql:update',
      status: 200,
      urns: [DATASET],
      request: { body: { variables } },
      response: { body: { data: { updateDataset: { urn: DATASET } } } },
    });
  });

  it('names an unnamed GraphQL operation by its first root field, and records a request that failed validation', async () => {
    await call(server(), 'POST', '/api/graphql', {
      body: { query: '{ dataset(urn: "urn:svc:dataset:(urn:svc:dataPlatform:hive,x,PROD)") { urn } }' },
    });
    await call(server(), 'POST', '/entities?action=search', {
      body: { input: 'x', entity: 'dataset', start: 'zero', count: 1 },
    });
    const graphql = await call(server(), 'GET', '/__mock/requests?operation=graphql:dataset&limit=1');
    expect(graphql.json.requests[0].urns).toEqual(['urn:svc:dataset:(urn:svc:dataPlatform:hive,x,PROD)']);
    const failed = await call(server(), 'GET', '/__mock/requests?operation=searchEntities&status=400');
    expect(failed.json.requests.at(-1)).toMatchObject({
      status: 400,
      request: { body: { start: 'zero' } },
      response: { body: { status: 400 } },
    });
  });

  it('logs and journals each answered request once, and journals a request its client left while it waited with status null and no log line', async () => {
    const lines: string[] = [];
    // Every session starts with 10 s of latency; the default one is set back to none.
    await withServer({ latencyMs: 10_000, logger: (line) => lines.push(line) }, async (own) => {
      await call(own, 'PUT', '/__mock/settings', { body: { latencyMs: 0 } });
      const read = `/entitiesV2/${encodeURIComponent(DATASET)}`;
      for (let i = 0; i < 2; i++) expect((await call(own, 'GET', read)).status).toBe(200);
      const left = net.connect(Number(new URL(own.url).port), '127.0.0.1');
      left.write(`GET ${read} HTTP/1.1\r\nHost: x\r\nX-Mock-Session: left\r\n\r\n`);
      // The session is made when its first request arrives; that request then waits out the latency.
      await until(async () =>
        (await call(own, 'GET', '/__mock/sessions')).json.sessions.some((s: { id: string }) => s.id === 'left'),
      );
      left.destroy();
      await until(async () => (await call(own, 'GET', '/__session/left/__mock/requests')).json.total === 1);
      const [abandoned] = (await call(own, 'GET', '/__session/left/__mock/requests')).json.requests;
      expect(abandoned).toMatchObject({
        session: 'left',
        operation: 'getEntityV2',
        status: null,
        response: { body: null },
      });
      const every = (await call(own, 'GET', '/__mock/requests?operation=getEntityV2')).json;
      expect(
        every.requests.map((r: { session: string | null; status: number | null }) => [r.session, r.status]),
      ).toEqual([
        [null, 200],
        [null, 200],
        ['left', null],
      ]);
      expect(
        lines.filter((line) => line.startsWith(`GET ${read} `)).map((line) => line.replace(/ [\d.]+ms$/, '')),
      ).toEqual([`GET ${read} 200`, `GET ${read} 200`]);
    });
  });

  it('filters by since and limit, oldest first, and clears', async () => {
    await call(server(), 'DELETE', '/__mock/requests');
    for (let i = 0; i < 3; i++) await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`);
    const all = (await call(server(), 'GET', '/__mock/requests')).json;
    expect(all.total).toBe(3);
    const ids = all.requests.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.requests[0]).toMatchObject({ operation: 'getEntityV2', urns: [DATASET] });
    const since = (await call(server(), 'GET', `/__mock/requests?since=${ids[0]}`)).json;
    expect(since.requests.map((r: { id: number }) => r.id)).toEqual(ids.slice(1));
    const newest = (await call(server(), 'GET', '/__mock/requests?limit=1')).json;
    expect(newest).toMatchObject({ total: 3, requests: [{ id: ids[2] }] });
    await call(server(), 'DELETE', '/__mock/requests');
    expect((await call(server(), 'GET', '/__mock/requests')).json).toEqual({ requests: [], total: 0 });
  });

  it('answers a bad filter with a 400 naming it', async () => {
    const reply = await call(server(), 'GET', '/__mock/requests?limit=many');
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('query.limit');
  });

  it('cuts bodies at 64 kB and says so', async () => {
    const description = 'x'.repeat(70 * 1024);
    await call(server(), 'POST', '/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'datasetProperties', { description }),
    });
    const { json } = await call(server(), 'GET', '/__mock/requests?operation=ingestProposal&limit=1');
    expect(json.requests[0].request.truncated).toBe(true);
    expect(json.requests[0].request.body).toHaveLength(64 * 1024);
  });

  it('keeps the newest --journal-size entries, and none with 0', async () => {
    await withServer({ journalSize: 2 }, async (small) => {
      // Five requests overwrite the oldest entry three times: the two newest remain, oldest first.
      for (const urn of ['a', 'b', 'c', 'd', 'e'])
        await call(small, 'GET', `/entitiesV2/${encodeURIComponent(`urn:svc:corpuser:${urn}`)}`);
      const { json } = await call(small, 'GET', '/__mock/requests');
      expect(json.requests.map((r: { urns: string[] }) => r.urns[0])).toEqual([
        'urn:svc:corpuser:d',
        'urn:svc:corpuser:e',
      ]);
    });
    await withServer({ journalSize: 0 }, async (off) => {
      await call(off, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`);
      expect((await call(off, 'GET', '/__mock/requests')).json.total).toBe(0);
    });
  });
});
