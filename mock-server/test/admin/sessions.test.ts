/** Sessions: each a copy of the start-up state, chosen by header or path prefix, isolated from the others and the default one. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, DATASET, digest, ingest, proposal, serverForTests, withServer } from '../http-harness.js';

const ownership = { owners: [{ owner: 'urn:svc:corpuser:jdoe', type: 'DATAOWNER' }] };
const readOwnership = (prefix: string, headers: Record<string, string> = {}) =>
  ['GET', `${prefix}/aspects/${encodeURIComponent(DATASET)}?aspect=ownership`, { headers }] as const;

describe('sessions', () => {
  const server = serverForTests({ sample: true, maxSessions: 4 });

  it('a write in session A is invisible in session B and the default one, and survives a reset of B', async () => {
    const a = { 'X-Mock-Session': 'worker-a' };
    const write = await call(server(), 'POST', '/gms/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'ownership', ownership),
      headers: a,
    });
    expect(write.status).toBe(200);
    expect((await call(server(), ...readOwnership('/gms', a))).status).toBe(200);
    // B by the path prefix, as an app that can only set a base URL reaches it.
    expect((await call(server(), ...readOwnership('/__session/worker-b/api/gms'))).status).toBe(404);
    expect((await call(server(), ...readOwnership(''))).status).toBe(404);
    expect((await call(server(), 'POST', '/__session/worker-b/__mock/reset')).status).toBe(200);
    expect((await call(server(), ...readOwnership('/__session/worker-a'))).status).toBe(200);
    // Search follows the session's writes too.
    const search = { input: 'ownership', entity: 'dataset', start: 0, count: 10 };
    const inA = await call(server(), 'POST', '/entities?action=search', {
      body: {
        ...search,
        input: '*',
        filter: { or: [{ and: [{ field: 'owners', value: 'urn:svc:corpuser:jdoe', condition: 'EQUAL' }] }] },
      },
      headers: a,
    });
    expect(inA.json.value.entities).toContain(DATASET);
  });

  it('starts from the start-up state, whatever the default session did, and resets to it', async () => {
    const startup = await digest(server());
    await ingest(server(), DATASET, 'status', { removed: false });
    const fresh = await call(server(), 'GET', '/__session/fresh/__mock/snapshot');
    expect(fresh.json.digest).toBe(startup);
    await call(server(), 'POST', '/__session/fresh/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'ownership', ownership),
    });
    expect(
      (await call(server(), 'POST', '/__mock/reset', { headers: { 'X-Mock-Session': 'fresh' } })).json.digest,
    ).toBe(startup);
    await call(server(), 'POST', '/__mock/reset');
  });

  it('works for GraphQL, and the journal and sessions list honour the session', async () => {
    const c = { 'X-Mock-Session': 'graphql-c' };
    await call(server(), 'DELETE', '/__mock/requests', { headers: c });
    const reply = await call(server(), 'POST', '/api/graphql', {
      body: { query: `{ dataset(urn: "${DATASET}") { urn } }` },
      headers: c,
    });
    expect(reply.status).toBe(200);
    const own = await call(server(), 'GET', '/__mock/requests', { headers: c });
    expect(own.json.requests.map((r: { session: string }) => r.session)).toEqual(['graphql-c']);
    const all = await call(server(), 'GET', '/__mock/requests?session=graphql-c');
    expect(all.json.total).toBe(1);
    const listed = await call(server(), 'GET', '/__mock/sessions');
    expect(listed.json.sessions.map((s: { id: string }) => s.id)).toContain('graphql-c');
  });

  it('refuses a malformed id with 400 and a session beyond --max-sessions with 429 naming the limit, and discards one', async () => {
    // The pattern is the spec's (MockAdmin.yaml SessionId), named in the message.
    const bad = await call(server(), 'GET', '/entitiesV2/x', { headers: { 'X-Mock-Session': 'no spaces' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('header X-Mock-Session: must match pattern "^[A-Za-z0-9_-]{1,64}$", got "no spaces"');
    const long = await call(server(), 'GET', `/__session/${'x'.repeat(65)}/entitiesV2/x`);
    expect(long.status).toBe(400);
    expect(long.json.message).toBe(
      `path: session id must match pattern "^[A-Za-z0-9_-]{1,64}$", got "${'x'.repeat(65)}"`,
    );
    for (const id of ['worker-a', 'worker-b', 'fresh', 'graphql-c'])
      await call(server(), 'GET', `/__session/${id}/__mock/health`);
    const over = await call(server(), 'GET', '/__session/one-too-many/__mock/health');
    expect(over.status).toBe(429);
    expect(over.json.message).toContain('4 sessions');
    expect((await call(server(), 'DELETE', '/__mock/sessions/fresh')).status).toBe(200);
    expect((await call(server(), 'DELETE', '/__mock/sessions/fresh')).status).toBe(404);
    expect((await call(server(), 'GET', '/__session/one-too-many/__mock/health')).status).toBe(200);
  });

  it("createMockServer's session(id) gives the session's base URL", async () => {
    const base = server().session('worker-a');
    const response = await fetch(`${base}/aspects/${encodeURIComponent(DATASET)}?aspect=ownership`);
    expect(response.status).toBe(200);
  });
});

describe('sessions with --data', () => {
  it("copy the file's start-up state in memory and never write it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sessions-'));
    try {
      const data = join(dir, 'catalog.sqlite');
      await withServer({ data }, async (first) => {
        await ingest(first, DATASET, 'status', { removed: false });
      });
      await withServer({ data }, async (second) => {
        const startup = await digest(second);
        await call(second, 'POST', '/__session/s/aspects?action=ingestProposal', {
          body: proposal(DATASET, 'ownership', ownership),
        });
        expect((await call(second, 'GET', '/__session/s/__mock/snapshot')).json.digest).not.toBe(startup);
        expect((await call(second, ...readOwnership('/__session/s'))).status).toBe(200);
        expect(await digest(second)).toBe(startup);
      });
      await withServer({ data }, async (third) => {
        expect((await call(third, ...readOwnership(''))).status).toBe(404);
        expect(
          (await call(third, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}?aspects=List(status)`)).json.aspects
            .status,
        ).toBeDefined();
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
