/**
 * The proxy in front of an upstream that cannot answer: a server of the test's own that stays silent,
 * trickles a byte at a time, declares or sends more than the size limit, or hangs up mid-answer. Every
 * client gets an answer of the proxy's own, 504 when the upstream did not answer whole within the time
 * limit (`timeoutMs`, `--timeout-ms`), 502 otherwise, naming the cause, on each kind of path (checked
 * REST, GraphQL, unchecked); nothing is timed: the status proves the limit stopped the wait. A redirect
 * goes to the client as it came.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidationProxy, type ValidationProxy } from '../index.js';

const BEHAVIOURS: Record<string, (res: ServerResponse) => void> = {
  silent: () => {},
  trickle: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 50);
    res.on('close', () => clearInterval(timer));
  },
  huge: (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
    res.write('{');
  },
  'hang-up': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"urn":', () => res.destroy());
  },
  redirect: (res) => res.writeHead(302, { location: 'http://other.invalid/elsewhere' }).end(),
};

/** The paths the proxy handles each its own way: a checked REST read, GraphQL, an unchecked admin path. */
const PATHS = [
  { method: 'GET', path: `/entitiesV2/${encodeURIComponent('urn:svc:tag:Tier1')}` },
  { method: 'POST', path: '/api/graphql', body: JSON.stringify({ query: '{__typename}' }) },
  { method: 'GET', path: '/__mock/health' },
];

let upstream: Server;
let proxy: ValidationProxy;
let behaviour = 'silent';

beforeAll(async () => {
  upstream = createServer((_req: IncomingMessage, res: ServerResponse) => BEHAVIOURS[behaviour]?.(res));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await createValidationProxy({ upstream: url, port: 0, timeoutMs: 300 });
});
afterAll(async () => {
  await proxy?.close();
  await new Promise<void>((resolve) => {
    upstream.close(() => resolve());
    upstream.closeAllConnections();
  });
});

describe('the proxy in front of an upstream that cannot answer', () => {
  it.each([
    ['silent', 504, 'upstream unavailable: no complete answer within 300 ms (the time limit, --timeout-ms)'],
    ['trickle', 504, 'upstream unavailable: no complete answer within 300 ms'],
    ['huge', 502, "upstream unavailable: the response is larger than 64 MiB, the limit on a response's size"],
    ['hang-up', 502, 'upstream unavailable: the upstream closed the connection before the end of its answer'],
  ])('%s: answers %i, naming the cause, on every kind of path', async (kind, status, message) => {
    behaviour = kind;
    await Promise.all(
      PATHS.map(async ({ method, path, body }) => {
        const res = await fetch(proxy.url + path, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(body ? { body } : {}),
        });
        expect({ path, status: res.status }).toEqual({ path, status });
        expect(await res.text()).toContain(message);
      }),
    );
  });

  it('passes a redirect to the client as it came, following none', async () => {
    behaviour = 'redirect';
    const res = await fetch(`${proxy.url}/__mock/health`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://other.invalid/elsewhere');
  });
});
