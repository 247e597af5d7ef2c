import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadContract, makeUrn } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import {
  getEsTaskStatus,
  getIndexSizes,
  TaskRegistry,
  truncateTimeseriesAspect,
  type OperationsContext,
} from '../../operations/index.js';
import { CatalogStore } from '../../store/catalog-store.js';

const contract = loadContract('svc');
const { urnPrefix } = contract.names;
const actor = `${urnPrefix}corpuser:datahub`;
const dataset = (name: string): string =>
  makeUrn(urnPrefix, 'dataset', [makeUrn(urnPrefix, 'dataPlatform', ['hive']), name, 'PROD']);
const ORDERS = dataset('db.orders');
const USERS = dataset('db.users');

/** Profiles of two datasets at these times, and two usage points: six profile rows, two usage rows. */
const PROFILE_TIMES: [string, number][] = [
  [ORDERS, 1000],
  [ORDERS, 2000],
  [ORDERS, 3000],
  [ORDERS, 4000],
  [USERS, 1500],
  [USERS, 5000],
];

function rejection(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestliError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a RestliError');
}

let store: CatalogStore;
let tasks: TaskRegistry;
let ctx: OperationsContext;

function useTasks(registry: TaskRegistry): void {
  tasks.close();
  tasks = registry;
  ctx = { actor, now: 0, tasks };
}

function profileTimes(urn?: string): number[] {
  const urns = urn ? [urn] : [ORDERS, USERS];
  return urns
    .flatMap((u) => store.timeseries({ urn: u, aspect: 'datasetProfile', limit: 100 }).map((p) => p.timestampMillis))
    .sort((a, b) => a - b);
}

type Status = {
  completed: boolean;
  taskId: string;
  runTimeNanos: number;
  status: Record<string, unknown>;
  error?: string;
};
const statusOf = (body: unknown): Status => JSON.parse(getEsTaskStatus(body, ctx)) as Status;

async function completion(taskId: string): Promise<Status> {
  return vi.waitFor(
    () => {
      const status = statusOf({ task: taskId });
      if (!status.completed) throw new Error(`task ${taskId} still running`);
      return status;
    },
    { timeout: 10_000, interval: 20 },
  );
}

beforeEach(() => {
  store = new CatalogStore({ contract });
  tasks = new TaskRegistry();
  ctx = { actor, now: 0, tasks };
  for (const [urn, timestampMillis] of PROFILE_TIMES)
    store.upsertAspect(
      'dataset',
      urn,
      'datasetProfile',
      { timestampMillis, rowCount: timestampMillis },
      { actor, now: 0 },
    );
  for (const timestampMillis of [1000, 2000])
    store.upsertAspect(
      'dataset',
      ORDERS,
      'datasetUsageStatistics',
      { timestampMillis, uniqueUserCount: 3 },
      { actor, now: 0 },
    );
  store.upsertAspect(
    'dataset',
    ORDERS,
    'ownership',
    { owners: [{ owner: `${urnPrefix}corpuser:jdoe`, type: 'DATAOWNER' }] },
    { actor, now: 0 },
  );
});

afterEach(() => {
  tasks.close();
  store.close();
});

describe('getIndexSizes', () => {
  it('reports each time series index holding data, sized by the bytes stored, with lower-case names', () => {
    const bytes = (aspect: string): number =>
      (store.db.prepare('SELECT answer_json FROM timeseries WHERE aspect = ?').pluck().all(aspect) as string[])
        .map((point) => (JSON.parse(point) as { aspect: { value: string } }).aspect.value)
        .reduce((sum, v) => sum + Buffer.byteLength(v), 0);
    const { indexSizes } = JSON.parse(getIndexSizes(store)) as { indexSizes: Record<string, unknown>[] };
    expect(indexSizes).toEqual([
      {
        indexName: 'dataset_datasetprofileaspect_v1',
        entityName: 'dataset',
        aspectName: 'datasetprofile',
        sizeMb: bytes('datasetProfile') / 1e6,
        sizeInMb: bytes('datasetProfile') / 1e6,
      },
      {
        indexName: 'dataset_datasetusagestatisticsaspect_v1',
        entityName: 'dataset',
        aspectName: 'datasetusagestatistics',
        sizeMb: bytes('datasetUsageStatistics') / 1e6,
        sizeInMb: bytes('datasetUsageStatistics') / 1e6,
      },
    ]);
  });

  it('lists no index for a store without time series points', () => {
    const empty = new CatalogStore({ contract });
    empty.upsertAspect('dataset', ORDERS, 'ownership', { owners: [] }, { actor, now: 0 });
    expect(JSON.parse(getIndexSizes(empty))).toEqual({ indexSizes: [] });
    empty.close();
  });
});

describe('truncateTimeseriesAspect, dry run', () => {
  const cases: { name: string; given: Record<string, unknown>; want: string }[] = [
    {
      name: 'half the rows: delete by query; a point exactly at endTimeMillis is not older, so not counted',
      given: { endTimeMillis: 3000 },
      want: 'Delete 3 out of 6 rows (50.00%). Issuing a delete by query request. This was a dry run. Run with dryRun = false to execute.',
    },
    {
      name: 'more than half the rows: reindex',
      given: { endTimeMillis: 4000 },
      want: 'Delete 4 out of 6 rows (66.67%). Reindexing the aspect without the deleted records. This was a dry run. Run with dryRun = false to execute.',
    },
    {
      name: 'nothing older',
      given: { endTimeMillis: 1000, dryRun: true },
      want: 'Delete 0 out of 6 rows (0.00%). Issuing a delete by query request. This was a dry run. Run with dryRun = false to execute.',
    },
    {
      name: 'forceReindex',
      given: { endTimeMillis: 1000, forceReindex: true },
      want: 'Delete 0 out of 6 rows (0.00%). Reindexing the aspect without the deleted records. This was a dry run. Run with dryRun = false to execute.',
    },
    {
      name: 'forceDeleteByQuery even when most rows go',
      given: { endTimeMillis: 9000, forceDeleteByQuery: true, forceReindex: false },
      want: 'Delete 6 out of 6 rows (100.00%). Issuing a delete by query request. This was a dry run. Run with dryRun = false to execute.',
    },
    {
      name: 'both force flags true',
      given: { endTimeMillis: 9000, forceDeleteByQuery: true, forceReindex: true },
      want: 'please only set forceReindex OR forceDeleteByQuery flags',
    },
    {
      name: 'both force flags false',
      given: { endTimeMillis: 9000, forceDeleteByQuery: false, forceReindex: false },
      want: 'please only set forceReindex OR forceDeleteByQuery flags',
    },
    {
      name: 'an index without points (upstream prints NaN)',
      given: { aspect: 'operation', endTimeMillis: 9000 },
      want: 'Delete 0 out of 0 rows (NaN%). Issuing a delete by query request. This was a dry run. Run with dryRun = false to execute.',
    },
  ];

  it.each(cases)('$name', ({ given, want }) => {
    const before = store.snapshot().digest;
    expect(truncateTimeseriesAspect(store, { entityType: 'dataset', aspect: 'datasetProfile', ...given }, ctx)).toBe(
      want,
    );
    expect(store.snapshot().digest).toBe(before);
    expect(profileTimes()).toHaveLength(6);
  });

  it('finds the entity type case-insensitively, as upstream', () => {
    expect(
      truncateTimeseriesAspect(
        store,
        { entityType: 'DataSet', aspect: 'datasetUsageStatistics', endTimeMillis: 1500 },
        ctx,
      ),
    ).toMatch(/^Delete 1 out of 2 rows \(50\.00%\)/);
  });
});

describe('truncateTimeseriesAspect, bad input', () => {
  const cases: { name: string; given: Record<string, unknown>; want: RegExp }[] = [
    {
      name: 'missing endTimeMillis',
      given: { entityType: 'dataset', aspect: 'datasetProfile' },
      want: /endTimeMillis/,
    },
    { name: 'missing entityType', given: { aspect: 'datasetProfile', endTimeMillis: 1 }, want: /entityType/ },
    { name: 'missing aspect', given: { entityType: 'dataset', endTimeMillis: 1 }, want: /'aspect'/ },
    {
      name: 'endTimeMillis as text',
      given: { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: '2023-11-14' },
      want: /body\.endTimeMillis/,
    },
    {
      name: 'unknown entity type',
      given: { entityType: 'table', aspect: 'datasetProfile', endTimeMillis: 1 },
      want: /^body\.entityType: Failed to find entity with name table/,
    },
    {
      name: 'a versioned aspect',
      given: { entityType: 'dataset', aspect: 'ownership', endTimeMillis: 1 },
      want: /^body\.aspect: ownership is not a time series aspect of entity dataset/,
    },
    {
      name: 'a time series aspect of another entity',
      given: { entityType: 'dataset', aspect: 'chartUsageStatistics', endTimeMillis: 1 },
      want: /^body\.aspect: chartUsageStatistics/,
    },
    {
      name: 'batchSize 0',
      given: { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 1, dryRun: false, batchSize: 0 },
      want: /body\.batchSize/,
    },
  ];

  it.each(cases)('$name: 400 naming the field, nothing changed', ({ given, want }) => {
    const before = store.snapshot().digest;
    const error = rejection(() => truncateTimeseriesAspect(store, given, ctx));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(want);
    expect(store.snapshot().digest).toBe(before);
  });
});

describe('truncateTimeseriesAspect, real run', () => {
  it('deletes exactly the points older than endTimeMillis of that index, in batches, and reports it', async () => {
    const taskId = truncateTimeseriesAspect(
      store,
      { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 3000, dryRun: false, batchSize: 2 },
      ctx,
    );
    expect(taskId).toBe(`${tasks.nodeId}:1`);
    expect(taskId).toMatch(/^[a-zA-Z0-9-_]+:[0-9]+$/);
    const status = await completion(taskId);
    expect(status).toMatchObject({
      completed: true,
      taskId,
      status: {
        total: 3,
        deleted: 3,
        batches: 2,
        updated: 0,
        created: 0,
        version_conflicts: 0,
        noops: 0,
        retries: { bulk: 0, search: 0 },
        requests_per_second: -1,
      },
    });
    expect(status.status).not.toHaveProperty('timed_out');
    expect(getEsTaskStatus({ task: taskId }, ctx)).toContain('"requests_per_second":-1.0,');
    expect(profileTimes(ORDERS)).toEqual([3000, 4000]);
    expect(profileTimes(USERS)).toEqual([5000]);
    // Other indices and versioned aspects are untouched.
    expect(store.timeseries({ urn: ORDERS, aspect: 'datasetUsageStatistics', limit: 10 })).toHaveLength(2);
    expect(store.latestAspects(ORDERS, ['ownership'])).toHaveLength(1);
  });

  it('numbers the tasks of a server from 1', async () => {
    const body = { entityType: 'dataset', aspect: 'datasetUsageStatistics', endTimeMillis: 0, dryRun: false };
    expect([truncateTimeseriesAspect(store, body, ctx), truncateTimeseriesAspect(store, body, ctx)]).toEqual([
      `${tasks.nodeId}:1`,
      `${tasks.nodeId}:2`,
    ]);
    expect(new TaskRegistry().nodeId).not.toBe(tasks.nodeId);
  });

  it('is seen running, then completed with the counters', async () => {
    useTasks(new TaskRegistry({ taskDelayMs: 50 }));
    const taskId = truncateTimeseriesAspect(
      store,
      { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 9000, dryRun: false, batchSize: 1 },
      ctx,
    );
    const running = statusOf({ task: taskId });
    expect(running).toMatchObject({ completed: false, taskId, status: { total: 6, deleted: 0, batches: 0 } });
    expect(profileTimes()).toHaveLength(6);
    const done = await completion(taskId);
    expect(done.status).toMatchObject({ total: 6, deleted: 6, batches: 6 });
    expect(profileTimes()).toEqual([]);
  });

  it('stops at its timeout, completed with what it deleted and the timed_out flag', async () => {
    for (let t = 10; t < 20; t++)
      store.upsertAspect('dataset', USERS, 'datasetProfile', { timestampMillis: t }, { actor, now: 0 });
    useTasks(new TaskRegistry({ taskDelayMs: 400 }));
    const taskId = truncateTimeseriesAspect(
      store,
      {
        entityType: 'dataset',
        aspect: 'datasetProfile',
        endTimeMillis: 20,
        dryRun: false,
        batchSize: 1,
        timeoutSeconds: 1,
      },
      ctx,
    );
    const done = await completion(taskId);
    const deleted = done.status.deleted as number;
    expect(done.status).toMatchObject({ total: 10, timed_out: true, batches: deleted });
    expect(deleted).toBeGreaterThan(0);
    expect(deleted).toBeLessThan(10);
    expect(profileTimes().filter((t) => t < 20)).toHaveLength(10 - deleted);
  });

  it('shrinks the index sizes', async () => {
    const sizeOf = (): number =>
      (JSON.parse(getIndexSizes(store)) as { indexSizes: { indexName: string; sizeInMb: number }[] }).indexSizes.find(
        (i) => i.indexName === 'dataset_datasetprofileaspect_v1',
      )?.sizeInMb ?? 0;
    const before = sizeOf();
    await completion(
      truncateTimeseriesAspect(
        store,
        { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 3000, dryRun: false },
        ctx,
      ),
    );
    const after = sizeOf();
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    await completion(
      truncateTimeseriesAspect(
        store,
        { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 9000, dryRun: false },
        ctx,
      ),
    );
    expect(sizeOf()).toBe(0);
  });

  it('survives the store being closed under it, reporting the failure', async () => {
    useTasks(new TaskRegistry({ taskDelayMs: 20 }));
    const taskId = truncateTimeseriesAspect(
      store,
      { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 9000, dryRun: false },
      ctx,
    );
    store.close();
    const done = await completion(taskId);
    expect(done.status).toMatchObject({ deleted: 0, failures: [expect.stringMatching(/not open/)] });
    store = new CatalogStore({ contract });
  });
});

describe('getEsTaskStatus', () => {
  it('answers the same status for both body forms', async () => {
    const taskId = truncateTimeseriesAspect(
      store,
      { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 2000, dryRun: false },
      ctx,
    );
    await completion(taskId);
    const byTask = statusOf({ task: taskId });
    const byParts = statusOf({ nodeId: tasks.nodeId, taskId: 1 });
    const byBoth = statusOf({ task: taskId, nodeId: tasks.nodeId, taskId: 1 });
    expect(byTask.status).toEqual({
      total: 2,
      updated: 0,
      created: 0,
      deleted: 2,
      batches: 1,
      version_conflicts: 0,
      noops: 0,
      retries: { bulk: 0, search: 0 },
      throttled_millis: 0,
      requests_per_second: -1,
      throttled_until_millis: 0,
    });
    for (const other of [byParts, byBoth])
      expect({ ...other, runTimeNanos: 0 }).toEqual({ ...byTask, runTimeNanos: 0 });
    expect(Number.isInteger(byTask.runTimeNanos)).toBe(true);
  });

  it.each([
    {
      name: 'an unknown task number',
      given: (node: string) => ({ task: `${node}:999` }),
      want: (node: string) => `${node}:999`,
    },
    {
      name: 'another node',
      given: () => ({ nodeId: 'aB1cdEf2GHIJKLMnoPQr3S', taskId: 1 }),
      want: () => 'aB1cdEf2GHIJKLMnoPQr3S:1',
    },
  ])('answers the error JSON for $name', ({ given, want }) => {
    expect(getEsTaskStatus(given(tasks.nodeId), ctx)).toBe(
      JSON.stringify({ error: `Could not get task status for ${want(tasks.nodeId)}` }),
    );
  });

  const invalid: { name: string; given: unknown; want: string }[] = [
    { name: 'neither form', given: {}, want: 'Please specify either Node ID + task ID OR composite task parameters' },
    {
      name: 'nodeId without taskId',
      given: { nodeId: 'node' },
      want: 'Please specify either Node ID + task ID OR composite task parameters',
    },
    {
      name: 'both forms disagreeing',
      given: { task: 'node:1', nodeId: 'node', taskId: 2 },
      want: 'Please specify only one of Node ID + task ID OR composite task parameters',
    },
    {
      name: 'task without id',
      given: { task: 'node' },
      want: 'Task should be in the form nodeId:taskId e.g. aB1cdEf2GHIJKLMnoPQr3S:123456 (got node)',
    },
    {
      name: 'task id 0',
      given: { task: 'node:0' },
      want: 'Task should be in the form nodeId:taskId e.g. aB1cdEf2GHIJKLMnoPQr3S:123456 (got node:0)',
    },
    { name: 'task with a space', given: { task: 'no de:1' }, want: '(got no de:1)' },
    { name: 'taskId as text', given: { nodeId: 'node', taskId: '1' }, want: 'body.taskId: must be integer' },
    { name: 'task as a number', given: { task: 1 }, want: 'body.task: must be string' },
  ];

  it.each(invalid)('400 with upstream message for $name', ({ given, want }) => {
    const error = rejection(() => getEsTaskStatus(given, ctx));
    expect(error.status).toBe(400);
    expect(error.message).toContain(want);
  });
});
