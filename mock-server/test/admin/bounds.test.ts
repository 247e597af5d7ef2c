/**
 * Bounded work on what the test controls keep: a body nested past the JSON depth limit is refused and
 * the journal that recorded it still lists (and filters) it; the journal keeps the newest requests
 * within `--journal-bytes`; a session's latency and a fault's delay stay within what a timer holds; a
 * discarded session lets go of its journal, faults, store and place, seen through the admin API.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS } from '../../options.js';
import { call, DATASET, proposal, serverForTests, withServer } from '../http-harness.js';

/** JSON text whose arrays nest `depth` levels deep. */
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

// One server for the file, its journals bounded at 64,000 characters (about 45,000 of them taken by the first test).
const server = serverForTests({ journalBytes: 64_000 });

describe('bodies nested past the depth limit', () => {
  it('are refused with a 400 naming the field, and the journal still lists and filters them', async () => {
    await call(server(), 'DELETE', '/__mock/requests');
    const deep = `{"proposal": ${nested(15_000)}}`;
    const store = await call(server(), 'POST', '/aspects?action=ingestProposal', { raw: deep });
    expect(store.status).toBe(400);
    expect(store.json.message).toBe('body: JSON nesting depth exceeds the maximum allowed (1000)');
    const graphql = await call(server(), 'POST', '/api/graphql', {
      raw: `{"query": "{ me { corpUser { urn } } }", "variables": ${nested(5000)}}`,
    });
    expect(graphql.status).toBe(400);
    expect(graphql.text).toMatch(/JSON nesting depth exceeds the maximum allowed \(1000\)/);
    const value = await call(server(), 'POST', '/aspects?action=ingestProposal', {
      body: {
        proposal: {
          ...proposal(DATASET, 'status', {}).proposal,
          aspect: { value: nested(1001), contentType: 'application/json' },
        },
      },
    });
    expect(value.status).toBe(400);
    expect(value.json.message).toMatch(/^body\.proposal\.aspect\.value: JSON nesting depth exceeds/);

    const listed = await call(server(), 'GET', '/__mock/requests');
    expect(listed.status).toBe(200);
    expect(listed.json.total).toBe(3);
    // Too deep to walk, the body is shown as the text it was.
    expect(listed.json.requests[0].request.body).toBe(deep);
    const filtered = await call(server(), 'GET', `/__mock/requests?urn=${encodeURIComponent(DATASET)}`);
    expect(filtered.status).toBe(200);
    expect(filtered.json.requests.map((r: { status: number }) => r.status)).toEqual([400]);
  });
});

describe('--journal-bytes', () => {
  it('keeps the newest requests whose bodies and targets fit, the oldest dropped', async () => {
    // Each request weighs a little over 25,000 characters: three never fit in 64,000, two do.
    const session = '/__session/journal-bytes';
    for (const mark of ['a', 'b', 'c', 'd', 'e'])
      await call(server(), 'POST', `${session}/aspects?action=ingestProposal`, {
        body: proposal(DATASET, 'datasetProperties', { description: mark + 'x'.repeat(25_000) }),
      });
    const { json } = await call(server(), 'GET', `${session}/__mock/requests`);
    const marks = json.requests.map(
      (r: { request: { body: { proposal: { aspect: { value: string } } } } }) =>
        (JSON.parse(r.request.body.proposal.aspect.value) as { description: string }).description[0],
    );
    expect(marks).toEqual(['d', 'e']);
  });
});

describe('delays a timer cannot hold', () => {
  it('a session whose latency and jitter together pass 2^31 - 1 ms is refused with a 400 naming jitterMs', async () => {
    const refused = await call(server(), 'PUT', '/__mock/settings', {
      body: { latencyMs: MAX_TIMER_MS, jitterMs: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^body\.jitterMs: latencyMs \+ jitterMs must be at most 2147483647 ms/);
    // Nothing of the refused change was kept.
    expect((await call(server(), 'GET', '/__mock/settings')).json).toMatchObject({ latencyMs: 0, jitterMs: 0 });
    expect((await call(server(), 'PUT', '/__mock/settings', { body: { latencyMs: 0, jitterMs: 0 } })).status).toBe(200);
  });

  it('a fault whose delay and jitter together pass 2^31 - 1 ms is refused with a 400 naming jitterMs', async () => {
    const refused = await call(server(), 'POST', '/__mock/faults', {
      body: { operation: '*', kind: 'delay', delayMs: MAX_TIMER_MS, jitterMs: MAX_TIMER_MS },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^body\.jitterMs: delayMs \+ jitterMs must be at most 2147483647 ms/);
    expect((await call(server(), 'GET', '/__mock/faults')).json.faults).toEqual([]);
  });

  it('createMockServer refuses a delay option past 2^31 - 1 ms, naming it', async () => {
    await expect(withServer({ latencyMs: 2 ** 31 }, async () => {})).rejects.toThrow(
      /^latencyMs: expected a whole number/,
    );
    await expect(withServer({ taskDelayMs: 1e20 }, async () => {})).rejects.toThrow(/^taskDelayMs: /);
  });
});

describe('a discarded session', () => {
  it('lets go of its journal, faults, store and place: the same id opens a fresh session', async () => {
    // One session at most besides the default one: a session that was not let go of keeps the next one out.
    await withServer({ maxSessions: 1 }, async (server) => {
      const s1 = { 'X-Mock-Session': 's1' };
      const written = await call(server, 'POST', '/aspects?action=ingestProposal', {
        headers: s1,
        body: proposal(DATASET, 'status', { removed: false }),
      });
      expect(written.status).toBe(200);
      const read = `/aspects/${encodeURIComponent(DATASET)}?aspect=status&version=0`;
      expect((await call(server, 'GET', read, { headers: s1 })).status).toBe(200);
      const fault = { operation: 'getAspect', kind: 'error', status: 503 };
      expect((await call(server, 'POST', '/__mock/faults', { headers: s1, body: fault })).status).toBe(200);
      expect((await call(server, 'GET', '/__mock/requests')).json.requests).toEqual(
        expect.arrayContaining([expect.objectContaining({ session: 's1' })]),
      );
      expect((await call(server, 'GET', '/__mock/requests', { headers: { 'X-Mock-Session': 's2' } })).status).toBe(429);

      expect((await call(server, 'DELETE', '/__mock/sessions/s1')).status).toBe(200);
      expect((await call(server, 'GET', '/__mock/sessions')).json.sessions).toEqual([]);
      // Its journal is gone from the listing of every session's.
      const listed = (await call(server, 'GET', '/__mock/requests')).json.requests as { session: string | null }[];
      expect(listed.filter((entry) => entry.session === 's1')).toEqual([]);
      // Its place is free: another session opens.
      expect((await call(server, 'GET', '/__mock/faults', { headers: { 'X-Mock-Session': 's2' } })).status).toBe(200);
      expect((await call(server, 'DELETE', '/__mock/sessions/s2')).status).toBe(200);
      // The same id is a fresh copy of the start-up state: no fault, no journal, no write.
      expect((await call(server, 'GET', '/__mock/faults', { headers: s1 })).json).toEqual({ faults: [] });
      expect((await call(server, 'GET', read, { headers: s1 })).status).toBe(404);
      const journal = (await call(server, 'GET', '/__mock/requests', { headers: s1 })).json.requests as {
        path: string;
      }[];
      expect(journal.map((entry) => entry.path)).toEqual([read.split('?')[0]]);
    });
  });
});
