/** The /__mock endpoints: health, a snapshot digest that moves with every write, and reset to the start-up state. */
import { describe, expect, it } from 'vitest';
import { call, DATASET, digest, ingest, serverForTests, withServer } from '../http-harness.js';

describe('admin endpoints', () => {
  const server = serverForTests();

  it('health answers ok', async () => {
    const reply = await call(server(), 'GET', '/__mock/health');
    expect(reply).toMatchObject({ status: 200, json: { status: 'ok' } });
  });

  it('the snapshot counts rows and its digest changes with a write', async () => {
    const before = await call(server(), 'GET', '/__mock/snapshot');
    expect(before.status).toBe(200);
    expect(before.json.digest).toMatch(/^[0-9a-f]{64}$/);
    await ingest(server(), DATASET, 'status', { removed: false });
    const after = await call(server(), 'GET', '/__mock/snapshot');
    expect(after.json.digest).not.toBe(before.json.digest);
    const total = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);
    expect(total(after.json.tables)).toBeGreaterThan(total(before.json.tables));
  });

  it('reset brings back the start-up state', async () => {
    await withServer({}, async (started) => {
      const initial = await digest(started);
      await ingest(started, DATASET, 'ownership', { owners: [{ owner: 'urn:svc:corpuser:jdoe', type: 'DATAOWNER' }] });
      expect(await digest(started)).not.toBe(initial);
      const reset = await call(started, 'POST', '/__mock/reset');
      expect(reset.status).toBe(200);
      expect(reset.json.digest).toBe(initial);
      expect((await call(started, 'GET', `/aspects/${encodeURIComponent(DATASET)}?aspect=ownership`)).status).toBe(404);
    });
  });

  it('reset keeps the sample catalog loaded at start', async () => {
    await withServer({ sample: true }, async (withSample) => {
      const initial = await digest(withSample);
      const search = { input: '*', entity: 'dataset', start: 0, count: 0 };
      const before = await call(withSample, 'POST', '/entities?action=search', { body: search });
      expect(before.json.value.numEntities).toBeGreaterThan(0);
      await ingest(withSample, DATASET, 'status', { removed: false });
      await call(withSample, 'POST', '/__mock/reset');
      expect(await digest(withSample)).toBe(initial);
      const after = await call(withSample, 'POST', '/entities?action=search', { body: search });
      expect(after.json.value.numEntities).toBe(before.json.value.numEntities);
    });
  });
});
