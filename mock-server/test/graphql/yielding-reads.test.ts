/**
 * No request blocks the others (issue 47, Build item 2), proven by the order of answers, never by the clock: a
 * GraphQL read of nested lineage within the depth and complexity limits works in slices and lets the
 * requests sent after it (a REST read, GraphQL `me`, an admin call) be answered before it ends; a write
 * sent while it runs waits until it has ended, so that the read answers one state of the store.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, call, graphql } from '../graphql-harness.js';
import { proposal, serverForTests } from '../http-harness.js';

// Three datasets, each downstream of the other two: each level of nested lineage doubles the entities.
const RING = ['a', 'b', 'c'].map((name) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,ring.${name},PROD)`);

/** `dataset(urn) { relationships { relationships { entity { ... on Dataset { properties ... } } } } }` nested `levels` times. */
function nestedLineage(levels: number): string {
  let inner = 'properties { description }';
  for (let i = 0; i < levels; i += 1) {
    inner = `properties { description } relationships(input: {types: ["DownstreamOf"], direction: INCOMING}) { relationships { entity { ... on Dataset { ${inner} } } } }`;
  }
  return `query ring { dataset(urn: "${RING[0]}") { ${inner} } }`;
}

async function writeRing(server: MockServer, description: string, headers: Record<string, string> = {}): Promise<void> {
  for (const urn of RING) {
    const upstreams = RING.filter((other) => other !== urn).map((dataset) => ({ dataset, type: 'TRANSFORMED' }));
    for (const [aspect, value] of [
      ['upstreamLineage', { upstreams }],
      ['datasetProperties', { description, customProperties: {} }],
    ] as const) {
      const body = proposal(urn, aspect, value);
      const reply = await call(server, 'POST', '/aspects?action=ingestProposal', { headers, body });
      expect(reply.status, reply.text).toBe(200);
    }
  }
  // The schema is built on the first GraphQL request: built now, the reads below start as soon as they arrive.
  expect((await graphql(server, { query: '{ __typename }', headers })).status).toBe(200);
}

/** The GraphQL request, sent through node:http; resolves once its request is written out, with the answer to come. */
function sendGraphql(
  server: MockServer,
  query: string,
  headers: Record<string, string> = {},
): Promise<{ answer: Promise<{ status: number; text: string }> }> {
  return new Promise((sent, failed) => {
    const answer = new Promise<{ status: number; text: string }>((answered, broke) => {
      const req = request(
        `${server.url}/api/graphql`,
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => answered({ status: res.statusCode ?? 0, text }));
          res.on('error', broke);
        },
      );
      req.on('error', (error) => {
        broke(error);
        failed(error);
      });
      req.end(JSON.stringify({ query }), () => sent({ answer }));
    });
  });
}

/** Every `description` of the answer's datasets. */
function descriptions(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) descriptions(item, found);
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      if (key === 'description' && typeof inner === 'string') found.push(inner);
      else descriptions(inner, found);
  return found;
}

describe('a long GraphQL read among other requests', () => {
  // The cheap requests: a REST read, GraphQL `me`, an admin read.
  const cheap = [
    (server: MockServer) =>
      call(server, 'GET', `/aspects/${encodeURIComponent(RING[1] as string)}?aspect=status&version=0`),
    (server: MockServer) => graphql(server, { query: 'query { me { corpUser { urn } } }', token: ADMIN }),
    (server: MockServer) => call(server, 'GET', '/__mock/health'),
  ];

  describe('at a budget it cannot keep', () => {
    // A second of work, not the default three: the test waits for the whole of it.
    const server = serverForTests({ requestBudgetMs: 1000 });

    it('answers the cheap requests sent after the worst read before it ends', async () => {
      await writeRing(server(), 'first');
      // 15 levels (depth 47, within the limit of 50): 2^15 datasets at the bottom, more work than any budget here allows.
      const { answer } = await sendGraphql(server(), nestedLineage(15));
      let worstDone = false;
      void answer.then(() => (worstDone = true));
      const answeredBefore: number[] = [];
      for (let i = 0; !worstDone; i += 1) {
        const reply = await cheap[i % cheap.length]!(server());
        // 404 for the status aspect none of the ring's writes stored: a REST answer all the same.
        expect(reply.status, reply.text).toBeLessThan(500);
        if (!worstDone) answeredBefore.push(i);
      }
      const worst = await answer;
      expect(worst.status).toBe(200);
      // Cheap requests of every kind were answered while the worst read was still working.
      expect(answeredBefore.length).toBeGreaterThanOrEqual(cheap.length);
    });
  });

  describe('with a budget it keeps', () => {
    const server = serverForTests({ requestBudgetMs: 600_000 });

    it('applies a write sent during the read after it, and the read answers the state before the write', async () => {
      await writeRing(server(), 'before');
      // 9 levels: some 1,000 datasets read, in many slices.
      const { answer } = await sendGraphql(server(), nestedLineage(9));
      let readDone = false;
      void answer.then(() => (readDone = true));
      // Cheap requests answered one after another: the read has started, and lets others in.
      for (let i = 0; i < 3; i += 1) await call(server(), 'GET', '/__mock/health');
      expect(readDone).toBe(false);
      const write = call(server(), 'POST', '/aspects?action=ingestProposal', {
        body: proposal(RING[2] as string, 'datasetProperties', { description: 'after', customProperties: {} }),
      });
      const [read, written] = await Promise.all([answer, write]);
      expect(written.status, written.text).toBe(200);
      // The write waited: every dataset the read reached, the written one included, shows the state before it.
      const seen = descriptions(JSON.parse(read.text));
      expect(seen.length).toBeGreaterThan(1000);
      expect(new Set(seen)).toEqual(new Set(['before']));
      const after = await graphql(server(), {
        query: `query { dataset(urn: "${RING[2]}") { properties { description } } }`,
      });
      expect(after.json).toEqual({ data: { dataset: { properties: { description: 'after' } } }, extensions: {} });
    });

    it('discards a session during a read in it: the read answers whole, then the session is gone', async () => {
      const session = { 'X-Mock-Session': 'held' };
      await writeRing(server(), 'kept', session);
      const { answer } = await sendGraphql(server(), nestedLineage(9), session);
      let readDone = false;
      void answer.then(() => (readDone = true));
      for (let i = 0; i < 3; i += 1) await call(server(), 'GET', '/__mock/health');
      const discarded = await call(server(), 'DELETE', '/__mock/sessions/held');
      expect(discarded.status).toBe(200);
      // The discard was answered while the read still worked on the session's store, which closes after it.
      expect(readDone).toBe(false);
      const read = JSON.parse((await answer).text) as { errors?: unknown };
      expect(read.errors).toBeUndefined();
      expect(new Set(descriptions(read))).toEqual(new Set(['kept']));
      expect((await call(server(), 'GET', '/__mock/sessions')).json.sessions).toEqual([]);
    });
  });
});
