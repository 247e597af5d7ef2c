/**
 * What the inspector stands on: `GET /__mock/entities/{urn}` (an entity's every aspect version, read
 * without the service's API, so never journaled), and `GET /__mock/ui`, one self-contained page that
 * names no other host and, like all of /__mock, answers on loopback only.
 */
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, serverForTests, withServer } from '../http-harness.js';

const outward = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('GET /__mock/entities/{urn}', () => {
  const server = serverForTests();

  it('lists every aspect with its versions, newest first, in the session asked for, and is not journaled', async () => {
    await ingest(server(), DATASET, 'datasetProperties', { description: 'first', customProperties: {} });
    await ingest(server(), DATASET, 'datasetProperties', { description: 'second', customProperties: {} });
    await ingest(server(), DATASET, 'datasetProperties', { description: 'third', customProperties: {} });
    await call(server(), 'DELETE', '/__mock/requests');
    const { status, json } = await call(server(), 'GET', `/__mock/entities/${encodeURIComponent(DATASET)}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ urn: DATASET, entityType: 'dataset' });
    const properties = json.aspects.find((a: { name: string }) => a.name === 'datasetProperties');
    expect(properties.record).toBe('com.svc.dataset.DatasetProperties');
    expect(
      properties.versions.map((v: { version: number; value: { description: string } }) => [
        v.version,
        v.value.description,
      ]),
    ).toEqual([
      [0, 'third'],
      [2, 'second'],
      [1, 'first'],
    ]);
    expect(properties.versions[0].created).toMatchObject({ time: expect.any(Number), actor: expect.any(String) });
    expect(json.aspects.map((a: { name: string }) => a.name)).toContain('datasetKey');
    expect((await call(server(), 'GET', '/__mock/requests')).json.total).toBe(0);
    expect(
      (
        await call(server(), 'GET', `/__mock/entities/${encodeURIComponent(DATASET)}`, {
          headers: { 'X-Mock-Session': 'elsewhere' },
        })
      ).status,
    ).toBe(404);
  });

  it('answers a bad URN with a 400 and an unknown one with a 404, naming the urn', async () => {
    const bad = await call(server(), 'GET', '/__mock/entities/not-a-urn');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('path.urn');
    const unknown = await call(server(), 'GET', `/__mock/entities/${encodeURIComponent('urn:svc:corpuser:nobody')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toContain('urn:svc:corpuser:nobody');
  });

  it('GET /__mock/ui is one page with its script and style inline, naming no other host', async () => {
    const page = await call(server(), 'GET', '/__mock/ui');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<title>Mock inspector</title>');
    expect(page.text).not.toMatch(/<(script|link|img)[^>]+(src|href)="(?!data:)/);
    expect(page.text).not.toMatch(/https?:\/\//);
  });

  it.skipIf(!outward)('the page answers on loopback only', async () => {
    await withServer({ host: '0.0.0.0' }, async (open) => {
      const port = new URL(open.url).port;
      expect((await fetch(`http://${outward}:${port}/__mock/ui`)).status).toBe(403);
      expect((await fetch(`http://127.0.0.1:${port}/__mock/ui`)).status).toBe(200);
    });
  });
});
