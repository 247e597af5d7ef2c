import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockServer } from '../../index.js';
import { call, ingest, startServer } from '../http-harness.js';

/**
 * The operations and test actions through HTTP, in the li namespace (so nothing depends on the
 * document's notation), with the built-in admin token.
 */
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const HAS_OWNER = 'urn:li:test:has-owner';

let server: MockServer;
const post = (path: string, body?: unknown) =>
  call(server, 'POST', path, { ...(body === undefined ? {} : { body }), token: 'admin-token' });
const profileCount = async (): Promise<number> => {
  const reply = await post('/aspects?action=getTimeseriesAspectValues', {
    urn: DATASET,
    entity: 'dataset',
    aspect: 'datasetProfile',
  });
  return (reply.json.value.values as unknown[]).length;
};

beforeAll(async () => {
  server = await startServer({ namespace: 'li' });
  for (const timestampMillis of [1000, 2000, 3000])
    await ingest(server, DATASET, 'datasetProfile', { timestampMillis, rowCount: 1 });
  await ingest(server, DATASET, 'ownership', { owners: [{ owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' }] });
  await ingest(server, HAS_OWNER, 'testInfo', {
    name: 'Has an owner',
    entityTypes: ['dataset'],
    rules: { exists: 'ownership.owners.owner' },
  });
});

afterAll(() => server.close());

describe('truncation task through HTTP', () => {
  it('runs the delete as a task whose status both body forms read', async () => {
    const started = await post('/gms/operations?action=truncateTimeseriesAspect', {
      entityType: 'dataset',
      aspect: 'datasetProfile',
      endTimeMillis: 3000,
      dryRun: false,
    });
    expect(started.status).toBe(200);
    const taskId = started.json.value as string;
    const [nodeId = '', id = ''] = taskId.split(':');
    expect(id).toBe('1');

    const status = await vi.waitFor(
      async () => {
        const reply = await post('/api/gms/operations?action=getEsTaskStatus', { task: taskId });
        expect(reply.status).toBe(200);
        const parsed = JSON.parse(reply.json.value as string) as { completed: boolean };
        if (!parsed.completed) throw new Error('still running');
        return parsed;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(status).toMatchObject({ completed: true, taskId, status: { total: 2, deleted: 2 } });
    const byParts = await post('/operations?action=getEsTaskStatus', { nodeId, taskId: 1 });
    expect(JSON.parse(byParts.json.value as string)).toMatchObject({
      completed: true,
      taskId,
      status: { total: 2, deleted: 2 },
    });
    expect(await profileCount()).toBe(1);
  });

  it('answers 400 naming the field for an aspect that is not a time series aspect', async () => {
    const reply = await post('/operations?action=truncateTimeseriesAspect', {
      entityType: 'dataset',
      aspect: 'ownership',
      endTimeMillis: 1,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^body\.aspect: ownership is not a time series aspect/);
  });
});

describe('a slowed-down task (taskDelayMs) through HTTP', () => {
  it('is seen running, then completed with its counters', async () => {
    const slow = await startServer({ namespace: 'li', taskDelayMs: 500 });
    try {
      const send = (path: string, body: unknown) => call(slow, 'POST', path, { body, token: 'admin-token' });
      for (const timestampMillis of [1000, 2000])
        await ingest(slow, DATASET, 'datasetProfile', { timestampMillis, rowCount: 1 });
      const started = await send('/operations?action=truncateTimeseriesAspect', {
        entityType: 'dataset',
        aspect: 'datasetProfile',
        endTimeMillis: 5000,
        dryRun: false,
        batchSize: 1,
      });
      const task = started.json.value as string;
      const status = async () =>
        JSON.parse((await send('/operations?action=getEsTaskStatus', { task })).json.value as string);
      expect(await status()).toMatchObject({ completed: false, taskId: task, status: { total: 2 } });
      const done = await vi.waitFor(
        async () => {
          const current = await status();
          if (!current.completed) throw new Error('still running');
          return current;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(done).toMatchObject({ completed: true, status: { total: 2, deleted: 2, batches: 2 } });
    } finally {
      await slow.close();
    }
  });
});

describe('restoreIndices through HTTP', () => {
  it('brings back relationships lost from the derived index', async () => {
    const owners = async () =>
      (await call(server, 'GET', `/relationships?urn=${encodeURIComponent(DATASET)}&direction=OUTGOING&types=OwnedBy`))
        .json.entities;
    expect(await owners()).toEqual(['urn:li:corpuser:ann']);
    server.store.db.exec('DELETE FROM relationships');
    expect(await owners()).toEqual([]);
    const reply = await post('/operations?action=restoreIndices', { urn: DATASET, aspect: 'ownership' });
    expect(reply.json.value).toContain('rowsMigrated=1, ');
    expect(await owners()).toEqual(['urn:li:corpuser:ann']);
  });
});

describe('evaluate through HTTP', () => {
  it('pushes the results, which the relationships endpoint then shows', async () => {
    const reply = await post('/test?action=evaluate', { urn: DATASET, shouldPush: true });
    expect(reply.status).toBe(200);
    expect(reply.json.value).toEqual({ passing: [{ test: HAS_OWNER, type: 'SUCCESS' }], failing: [] });
    const passing = await call(
      server,
      'GET',
      `/relationships?urn=${encodeURIComponent(HAS_OWNER)}&direction=INCOMING&types=IsPassing`,
    );
    expect(passing.json.entities).toEqual([DATASET]);
  });
});
