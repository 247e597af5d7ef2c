/** Admin safety: the admin endpoints answer on loopback only, unless an admin token is given; then they need it. */
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { call, withServer } from '../http-harness.js';

/** An address of this machine that is not loopback, when it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('admin access', () => {
  it('with --admin-token, admin needs the bearer token and the API does not', async () => {
    await withServer({ adminToken: 'let-me-in' }, async (server) => {
      expect((await call(server, 'GET', '/__mock/snapshot')).status).toBe(401);
      expect((await call(server, 'GET', '/__mock/snapshot', { token: 'wrong' })).status).toBe(401);
      expect((await call(server, 'GET', '/__session/s/__mock/snapshot', { token: 'let-me-in' })).status).toBe(200);
      expect((await call(server, 'GET', '/__mock/snapshot', { token: 'let-me-in' })).status).toBe(200);
      expect((await call(server, 'GET', '/entitiesV2/urn%3Asvc%3Acorpuser%3Ax')).status).toBe(200);
    });
  });

  it.skipIf(!outward)('listening on every interface without a token warns and keeps admin to loopback', async () => {
    const lines: string[] = [];
    await withServer({ host: '0.0.0.0', logger: (line) => lines.push(line) }, async (server) => {
      expect(lines.some((line) => line.includes('warning') && line.includes('--admin-token'))).toBe(true);
      const port = new URL(server.url).port;
      const remote = await fetch(`http://${outward}:${port}/__mock/snapshot`);
      expect(remote.status).toBe(403);
      expect(((await remote.json()) as { message: string }).message).toContain('loopback');
      expect((await fetch(`http://${outward}:${port}/entitiesV2/urn%3Asvc%3Acorpuser%3Ax`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/__mock/snapshot`)).status).toBe(200);
    });
  });
});
