/**
 * 4.2 Operations endpoints and the limits of section 8 that apply to them: index sizes, truncation
 * (dry run by default, counts, a real run only on the run's early-1970 points), task status in both
 * body forms, the unknown-task error, task completion, and restoreIndices on the run's URNs only.
 */
import { expect, expectEqual, fail, type CheckContext, type CheckGroup } from '../check.js';
import { jsonText, valueOf } from './support.js';

/** The time series the destructive checks write and truncate (the reads checks use datasetProfile). */
const USAGE = 'datasetUsageStatistics';
const TASK_ID = /^[^:\s]+:\d+$/;
const POLL_LIMIT = 200;

/** The task of the run's real truncation, shared by the checks that look at a task. */
const truncationTasks = new Map<string, string>();

interface TaskStatus {
  completed?: unknown;
  taskId?: unknown;
  runTimeNanos?: unknown;
  status?: Record<string, unknown>;
  error?: unknown;
}

async function taskStatus(ctx: CheckContext, body: Record<string, unknown>): Promise<TaskStatus> {
  const res = await ctx.client.expectStatus('getEsTaskStatus', { body });
  return jsonText<TaskStatus>(valueOf<string>(res), 'getEsTaskStatus value');
}

async function untilCompleted(ctx: CheckContext, task: string): Promise<TaskStatus> {
  for (let i = 0; i < POLL_LIMIT; i++) {
    const status = await taskStatus(ctx, { task });
    expect(status.error === undefined, `task ${task}: ${String(status.error)}`);
    if (status.completed === true) return status;
    expectEqual(status.completed, false, 'completed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  fail(`task ${task} did not complete after ${POLL_LIMIT} polls`);
}

/** Offsets (from the run's time base) of the usage points the run still has on `orders`. */
async function usagePoints(ctx: CheckContext): Promise<number[]> {
  const base = ctx.fixture.timeBase;
  const body = { urn: ctx.fixture.orders, entity: 'dataset', aspect: USAGE, startTimeMillis: base, endTimeMillis: base + 100_000 };
  const values = valueOf<{ values: { aspect: { value: string } }[] }>(await ctx.client.expectStatus('getTimeseriesAspectValues', { body })).values;
  return values.map((v) => jsonText<{ timestampMillis: number }>(v.aspect.value, 'aspect.value').timestampMillis - base).sort((a, b) => a - b);
}

async function writeUsage(ctx: CheckContext, offsets: readonly number[]): Promise<void> {
  for (const offset of offsets) await ctx.fixture.upsert(ctx.fixture.orders, USAGE, { timestampMillis: ctx.fixture.timeBase + offset, uniqueUserCount: 1, totalSqlQueries: 1 });
}

/** Truncates the usage index; `end` is an offset from the run's time base unless absolute. */
async function truncate(ctx: CheckContext, body: { end: number; absolute?: boolean; dryRun?: boolean; aspect?: string }): Promise<string> {
  const endTimeMillis = body.absolute ? body.end : ctx.fixture.timeBase + body.end;
  const request = { entityType: 'dataset', aspect: body.aspect ?? USAGE, endTimeMillis, ...(body.dryRun === undefined ? {} : { dryRun: body.dryRun }) };
  return valueOf<string>(await ctx.client.expectStatus('truncateTimeseriesAspect', { body: request }));
}

const DRY_RUN_COUNTS = /(\d+) out of (\d+) rows \((\d+(?:\.\d+)?|NaN)%\)/;

async function dryRunCounts(ctx: CheckContext, end: number): Promise<{ n: number; total: number; value: string }> {
  const value = await truncate(ctx, { end, aspect: 'datasetProfile', dryRun: true });
  const match = DRY_RUN_COUNTS.exec(value);
  expect(match, `the dry run does not state "<n> out of <total> rows (<p>%)": ${value}`);
  const [n, total, percentage] = [Number(match[1]), Number(match[2]), Number(match[3])];
  expect(total > 0 && Math.abs(percentage - (100 * n) / total) < 0.01, `percentage ${String(match[3])} is not ${n}/${total}`);
  expect(/dry\s?run\s*(=|is)?\s*false/i.test(value), `the dry run does not say how to execute it (dryRun = false): ${value}`);
  return { n, total, value };
}

/** The run's truncation task: the one operations.truncate.real started, or a new one on the run's own points. */
async function truncationTask(ctx: CheckContext): Promise<string> {
  let task = truncationTasks.get(ctx.runId);
  if (!task) {
    await writeUsage(ctx, [5000, 20_000]);
    task = await truncate(ctx, { end: 10_000, dryRun: false });
    expect(TASK_ID.test(task), `a real truncation answered ${task}, not a task id <node_id>:<task_id>`);
    truncationTasks.set(ctx.runId, task);
  }
  return task;
}

function indexEntries(value: unknown): Record<string, unknown>[] {
  const parsed = jsonText<unknown>(value, 'getIndexSizes value');
  const list = Array.isArray(parsed) ? parsed : (parsed as { indexSizes?: unknown }).indexSizes;
  expect(Array.isArray(list), 'getIndexSizes value holds no list of indices');
  return list as Record<string, unknown>[];
}

export const operationsChecks: CheckGroup = {
  name: 'operations',
  checks: [
    {
      id: 'operations.getIndexSizes.shape',
      clause: '4.2 Operations endpoints: getIndexSizes',
      async run(ctx) {
        const entries = indexEntries(valueOf(await ctx.client.expectStatus('getIndexSizes')));
        for (const entry of entries) {
          for (const key of ['aspectName', 'indexName', 'entityName']) expect(typeof entry[key] === 'string', `index entry without ${key}: ${JSON.stringify(entry)}`);
        }
      },
    },
    {
      id: 'operations.getIndexSizes.size-field',
      clause: '4.2 Operations endpoints: getIndexSizes sizeMb',
      async run(ctx) {
        const entries = indexEntries(valueOf(await ctx.client.expectStatus('getIndexSizes')));
        for (const entry of entries) expect(typeof entry.sizeMb === 'number', `index ${String(entry.indexName)} has no number sizeMb`);
      },
    },
    {
      id: 'operations.getIndexSizes.timeseries-only',
      clause: '4.2 Operations endpoints: getIndexSizes only time series indices',
      async run(ctx) {
        const entries = indexEntries(valueOf(await ctx.client.expectStatus('getIndexSizes')));
        for (const entry of entries) {
          const entity = ctx.contract.entity(String(entry.entityName));
          const timeseries = (entity?.timeseriesAspects ?? []).map((a) => a.toLowerCase());
          expect(timeseries.includes(String(entry.aspectName).toLowerCase()), `index ${String(entry.indexName)} is not a time series index`);
        }
      },
    },
    {
      id: 'operations.truncate.dry-run-default',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect dryRun default true',
      async run(ctx) {
        // endTimeMillis 0: even a deployment that ignores the default has nothing older to delete.
        const value = await truncate(ctx, { end: 0, absolute: true });
        expect(!TASK_ID.test(value), `without dryRun the call started a delete task (${value}); dryRun defaults to true`);
        expect(/dry\s?run/i.test(value), `the answer does not say it was a dry run: ${value}`);
      },
    },
    {
      id: 'operations.truncate.dry-run-message',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect dryRun',
      needsFixture: true,
      async run(ctx) {
        // The difference of two counts is the run's own points between the two ends, whatever else the index holds.
        const [first = 0, second = 0] = ctx.fixture.profileTimes.map((t) => t - ctx.fixture.timeBase);
        const before = await dryRunCounts(ctx, first + 1);
        const after = await dryRunCounts(ctx, second + 1);
        expectEqual(after.n - before.n, 1, 'rows the dry run would delete more when endTimeMillis moves past one more point');
        expectEqual(after.total, before.total, 'total rows of the index in both dry runs');
        const read = await ctx.client.expectStatus('getTimeseriesAspectValues', {
          body: { urn: ctx.fixture.orders, entity: 'dataset', aspect: 'datasetProfile', startTimeMillis: ctx.fixture.timeBase, endTimeMillis: ctx.fixture.timeBase + 10_000 },
        });
        expectEqual(valueOf<{ values: unknown[] }>(read).values.length, ctx.fixture.profileTimes.length, 'points left after the dry runs');
      },
    },
    {
      id: 'operations.truncate.dry-run-deletes-nothing',
      clause: '8 Limits: dryRun default of truncateTimeseriesAspect',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        await writeUsage(ctx, [4000]);
        const value = await truncate(ctx, { end: 10_000 });
        expect(!TASK_ID.test(value), `a call without dryRun started delete task ${value}`);
        expect((await usagePoints(ctx)).includes(4000), 'a call without dryRun deleted a point');
      },
    },
    {
      id: 'operations.truncate.real',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect endTimeMillis',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        await untilCompleted(ctx, await truncationTask(ctx));
        const left = await usagePoints(ctx);
        expect(!left.includes(5000), 'the point older than endTimeMillis survived the truncation');
        expect(left.includes(20_000), 'the point after endTimeMillis was deleted');
      },
    },
    {
      id: 'operations.getEsTaskStatus.completion',
      clause: '4.2 Operations endpoints: getEsTaskStatus completed true when the task finished',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        const task = await truncationTask(ctx);
        const status = await untilCompleted(ctx, task);
        expectEqual(status.taskId, task, 'taskId');
        expect(Number.isInteger(status.runTimeNanos), 'runTimeNanos is not an integer');
        const s = status.status ?? fail('status object missing');
        for (const key of ['total', 'updated', 'created', 'deleted', 'batches', 'version_conflicts', 'noops', 'throttled_millis', 'throttled_until_millis']) {
          expect(Number.isInteger(s[key]), `status.${key} is not an integer`);
        }
        const retries = s.retries as Record<string, unknown> | undefined;
        expect(Number.isInteger(retries?.bulk) && Number.isInteger(retries?.search), 'status.retries is not {bulk, search}');
        expect(typeof s.requests_per_second === 'number', 'status.requests_per_second is not a number');
      },
    },
    {
      id: 'operations.getEsTaskStatus.body-forms',
      clause: '4.2 Operations endpoints: getEsTaskStatus body {task} or {nodeId, taskId}',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        const task = await truncationTask(ctx);
        const [nodeId = '', taskId = ''] = task.split(':');
        const byTask = await taskStatus(ctx, { task });
        const byParts = await taskStatus(ctx, { nodeId, taskId: Number(taskId) });
        expectEqual(byParts.taskId, task, 'taskId of the {nodeId, taskId} form');
        expectEqual(byParts.completed, byTask.completed, 'completed of both forms');
      },
    },
    {
      id: 'operations.truncate.boundary',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect endTimeMillis strictly older',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        await writeUsage(ctx, [30_000, 40_000]);
        await untilCompleted(ctx, await truncate(ctx, { end: 40_000, dryRun: false }));
        const left = await usagePoints(ctx);
        expect(!left.includes(30_000), 'the point older than endTimeMillis survived');
        expect(left.includes(40_000), 'the point exactly at endTimeMillis was deleted; only strictly older entries are');
      },
    },
    {
      id: 'operations.getEsTaskStatus.unknown-task',
      clause: '7 Errors: getEsTaskStatus with an unknown task',
      async run(ctx) {
        const status = await taskStatus(ctx, { task: `conformance${ctx.runId}:987654321` });
        expect(typeof status.error === 'string' && status.error.length > 0, 'value has no error field for an unknown task');
        expect(/task/i.test(status.error), `the error does not say the task status could not be obtained: ${status.error}`);
      },
    },
    {
      id: 'operations.getEsTaskStatus.unknown-task-parts',
      clause: '7 Errors: getEsTaskStatus with an unknown task in the {nodeId, taskId} form',
      async run(ctx) {
        const status = await taskStatus(ctx, { nodeId: `conformance${ctx.runId}`, taskId: 987654321 });
        expect(typeof status.error === 'string' && status.error.length > 0, 'value has no error field for an unknown task');
      },
    },
    {
      id: 'operations.truncate.required',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect endTimeMillis required',
      writes: true,
      async run(ctx) {
        for (const missing of ['entityType', 'aspect', 'endTimeMillis']) {
          const body: Record<string, unknown> = { entityType: 'dataset', aspect: USAGE, endTimeMillis: 0, dryRun: true };
          delete body[missing];
          const res = await ctx.client.call('truncateTimeseriesAspect', { body });
          expect(res.status >= 400 && res.status < 500, `without ${missing} the call answered ${res.status}, expected a 4xx`);
        }
      },
    },
    {
      id: 'operations.restoreIndices.urn',
      clause: '4.2 Operations endpoints: restoreIndices urn',
      needsFixture: true,
      async run(ctx) {
        const res = await ctx.client.expectStatus('restoreIndices', { body: { urn: ctx.fixture.orders, aspect: 'datasetProperties' } });
        const text = JSON.stringify(res.body);
        // Upstream's text report names the last URN it restored: it must be the one asked for.
        if (text.includes('lastUrn=')) expect(text.includes(`lastUrn=${ctx.fixture.orders}`), `restoreIndices restored other URNs: ${text.slice(0, 300)}`);
        const hits = await ctx.client.expectStatus('searchEntities', { body: { input: ctx.fixture.word, entity: 'dataset', start: 0, count: 10 } });
        expect(valueOf<{ entities: string[] }>(hits).entities.includes(ctx.fixture.orders), 'the restored dataset is not found by search');
      },
    },
    {
      id: 'operations.restoreIndices.defaults',
      clause: '8 Limits: batchSize default of restoreIndices',
      needsFixture: true,
      async run(ctx) {
        const res = await ctx.client.expectStatus('restoreIndices', { body: { urn: ctx.fixture.customers } });
        const text = JSON.stringify(res.body);
        const batchSize = /batchSize=(\d+)/.exec(text)?.[1];
        const start = /start=(\d+)/.exec(text)?.[1];
        if (batchSize === undefined || start === undefined) ctx.skip('the response does not report its arguments (shape not shown)');
        expectEqual(Number(batchSize), 10, 'default batchSize');
        expectEqual(Number(start), 0, 'default start');
      },
    },
  ],
};
