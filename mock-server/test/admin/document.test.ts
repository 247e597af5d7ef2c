/** Every admin endpoint the OpenAPI document describes (tag admin) is served by the mock, and no other. */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../spec/index.js';
import { SchemaValidators } from '../../../spec/validation.js';
import { call, DATASET, serverForTests } from '../http-harness.js';

const { adminOperations } = loadContract('svc');

describe('admin endpoints of the document', () => {
  const server = serverForTests();

  it.each(
    adminOperations.map((op) => ({
      id: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path.replace(/\{[^}]+\}/g, 'sample'),
    })),
  )('$id ($method $path) is served', async ({ method, path }) => {
    const reply = await call(server(), method, path, method === 'POST' || method === 'PUT' ? { body: {} } : {});
    // The metadata store's routing errors are what an admin path the mock does not serve would get.
    expect(reply.json?.message ?? '', reply.text).not.toMatch(/No root resource|operation not supported/);
    expect(reply.status).toBeLessThan(500);
  });

  it("answers as the operations' response schemas say, a fault listed with the defaults of its body filled in", async () => {
    const headers = { 'X-Mock-Session': 'documented' };
    await call(server(), 'POST', '/__mock/faults', { body: { operation: 'getEntityV2', times: 2 }, headers });
    await call(server(), 'PUT', '/__mock/settings', { body: { latencyMs: 1 }, headers });
    await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`, { headers });
    await call(server(), 'POST', '/api/graphql', {
      body: { query: 'query one($urn: String!) { dataset(urn: $urn) { urn } }', variables: { urn: DATASET } },
      headers,
    });
    const validators = new SchemaValidators();
    for (const [operationId, path] of [
      ['listMockOperations', '/__mock/operations'],
      ['getMockIndexed', `/__mock/indexed/${encodeURIComponent(DATASET)}?in=lineage`],
      ['listMockFaults', '/__mock/faults'],
      ['getMockSettings', '/__mock/settings'],
      ['listMockRequests', '/__mock/requests'],
      ['listMockSessions', '/__mock/sessions'],
      ['getMockSnapshot', '/__mock/snapshot'],
    ] as const) {
      const op = adminOperations.find((o) => o.operationId === operationId);
      const reply = await call(server(), 'GET', path, { headers });
      expect(reply.status).toBe(200);
      expect(validators.validate(op?.responses['200'] ?? {}, reply.json), operationId).toEqual([]);
    }
    const { json } = await call(server(), 'GET', '/__mock/faults', { headers });
    expect(json.faults).toEqual([
      {
        id: expect.any(String),
        operation: 'getEntityV2',
        kind: 'error',
        status: 500,
        delayMs: 0,
        jitterMs: 0,
        probability: 1,
        times: 1,
      },
    ]);
  });

  it('an admin path the document does not describe is the metadata store 404', async () => {
    const reply = await call(server(), 'GET', '/__mock/nothing');
    expect(reply.status).toBe(404);
  });
});
