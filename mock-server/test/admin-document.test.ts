/** Every admin endpoint the OpenAPI document describes (tag admin) is served by the mock, and no other. */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/index.js';
import { call, serverForTests } from './http-harness.js';

const { adminOperations } = loadContract('svc');

describe('admin endpoints of the document', () => {
  const server = serverForTests();

  it.each(adminOperations.map((op) => ({ id: op.operationId, method: op.method.toUpperCase(), path: op.path.replace(/\{[^}]+\}/g, 'sample') })))(
    '$id ($method $path) is served',
    async ({ method, path }) => {
      const reply = await call(server(), method, path, method === 'POST' || method === 'PUT' ? { body: {} } : {});
      // The metadata store's routing errors are what an admin path the mock does not serve would get.
      expect(reply.json?.message ?? '', reply.text).not.toMatch(/No root resource|operation not supported/);
      expect(reply.status).toBeLessThan(500);
    },
  );

  it('an admin path the document does not describe is the metadata store 404', async () => {
    const reply = await call(server(), 'GET', '/__mock/nothing');
    expect(reply.status).toBe(404);
  });
});
