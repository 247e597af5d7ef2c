/**
 * The hostile-input run (`npm run fuzz`, scripts/fuzz/): a short seeded slice of it against the mock
 * from source in its own process, whose report must show no 5xx, no crash, no data across sessions and
 * no store change from a refused request; and the run against a broken server and a dying one, which it
 * must catch on every count. Nothing here times anything: the budget check is left to the full run.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_KIND, runHostile, type HostileReport } from '../fuzz/hostile-run.js';
import { HOSTILE_KIND_NAMES } from '../fuzz/hostile-kinds.js';
import { startMockUnderFuzz, type MockUnderFuzz } from '../fuzz/mock-under-fuzz.js';
import { closeConnections } from '../fuzz/wire.js';

/** Every kind of request the run sends, and the conformance suite's fuzz phase. */
const SLICE_KINDS = [...HOSTILE_KIND_NAMES, CONFORMANCE_KIND];

describe('a seeded slice of the hostile-input run against the mock', () => {
  let mock: MockUnderFuzz;
  let report: HostileReport;

  beforeAll(async () => {
    mock = await startMockUnderFuzz('source');
    report = await runHostile(mock, {
      requests: 240,
      seed: 47,
      sessions: 3,
      rounds: 1,
      budgetMs: 60_000,
      scale: 0.002,
      kinds: SLICE_KINDS,
    });
  }, 120_000);

  afterAll(async () => {
    closeConnections();
    await mock?.stop();
  });

  it('sends every kind of the slice, and the server answers each request', () => {
    expect(report.stopped).toBe(false);
    expect(report.sent).toBeGreaterThanOrEqual(240);
    for (const kind of SLICE_KINDS) expect(report.byKind[kind]?.sent, kind).toBeGreaterThan(0);
  });

  it('reports no 5xx, no crash, no data across sessions, no store change, no bad input accepted, no failure of the suite’s fuzz phase', () => {
    expect(report.failures.filter((failure) => failure.check !== 'over-budget')).toEqual([]);
    expect(report.counts).toMatchObject({
      '5xx': 0,
      crash: 0,
      'no-answer': 0,
      'cross-session': 0,
      'store-changed': 0,
      accepted: 0,
      conformance: 0,
    });
  });
});

/**
 * A server that fails the run's checks: GraphQL answers 500, a session's write is read in every session
 * (the default one included), and an absolute-form target changes the default session's store.
 */
function brokenServer(): Server {
  const written = new Set<string>();
  let digest = 0;
  const read = (request: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  return createServer(async (request, response) => {
    const body = await read(request);
    const target = request.url ?? '/';
    const answer = (status: number, value: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    if (target.startsWith('http')) digest++;
    if (target === '/__mock/snapshot') return answer(200, { digest: String(digest) });
    if (target === '/__mock/reset') return answer(200, {});
    if (target.startsWith('/api/graphql')) return answer(500, { message: 'broken' });
    if (target.startsWith('/aspects?action=ingestProposal')) {
      written.add((JSON.parse(body) as { proposal: { entityUrn: string } }).proposal.entityUrn);
      return answer(200, { value: 'success' });
    }
    if (request.method === 'GET' && target.startsWith('/aspects/')) {
      const urn = decodeURIComponent(target.slice('/aspects/'.length).split('?')[0] as string);
      return answer(written.has(urn) ? 200 : 404, {});
    }
    return answer(target.startsWith('/__mock/sessions/') ? 200 : 400, { status: 400 });
  });
}

describe('the run against a broken server', () => {
  let server: Server;
  let report: HostileReport;

  beforeAll(async () => {
    server = brokenServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    report = await runHostile(
      { url: `http://127.0.0.1:${port}`, residentMb: () => 100, exited: () => false },
      {
        requests: 120,
        seed: 1,
        sessions: 2,
        rounds: 2,
        budgetMs: 60_000,
        scale: 0.001,
        kinds: ['graphql.entities-urns', 'sessions.isolation', 'target.dot-segments'],
      },
    );
  });

  afterAll(async () => {
    closeConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('counts each failure of the server, fails, and names the request and seed', () => {
    expect(report.ok).toBe(false);
    expect(report.counts['5xx']).toBe(report.byKind['graphql.entities-urns']?.sent);
    expect(report.counts['cross-session']).toBeGreaterThan(0);
    expect(report.counts['store-changed']).toBeGreaterThan(0);
    expect(report.counts.memory).toBe(0);
    expect(report.failures.find((failure) => failure.check === 'store-changed')?.message).toMatch(
      /^the default session's store changed over requests #\d+\.\.#\d+ of seed 1 \(.*not reads: \d+ \(.*#\d+ POST (?:http|HTTP):\/\//,
    );
    expect(report.failures.find((failure) => failure.check === 'cross-session')?.message).toMatch(
      /was found in fz1x\d+s\d/,
    );
  });

  it('sends the same requests in every round of a seed', () => {
    expect(report.residentMb).toHaveLength(2);
    const perRound = (check: string): number[] =>
      [1, 2].map((round) => report.failures.filter((f) => f.check === check && f.round === round).length);
    for (const check of ['5xx', 'cross-session', 'store-changed']) {
      const [first, second] = perRound(check);
      expect(second, check).toBe(first);
    }
  });
});

describe('the run against a server that dies', () => {
  it('reports the crash, names the request and stops', async () => {
    let died = false;
    const server = createServer((request, response) => {
      if (request.url?.startsWith('/api/graphql')) {
        died = true;
        request.socket.destroy();
        return;
      }
      const digest = request.url === '/__mock/snapshot' ? { digest: '0' } : {};
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(digest));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const report = await runHostile(
        { url: `http://127.0.0.1:${port}`, residentMb: () => 100, exited: () => died },
        {
          requests: 50,
          seed: 2,
          sessions: 2,
          rounds: 2,
          budgetMs: 60_000,
          scale: 0.001,
          kinds: ['graphql.large-texts'],
        },
      );
      expect(report.stopped).toBe(true);
      expect(report.sent).toBe(1);
      expect(report.counts.crash).toBe(1);
      expect(report.failures[0]?.message).toMatch(
        /^the server exited at request #0 \(graphql\.large-texts, round 1, seed 2\)/,
      );
    } finally {
      closeConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
