/**
 * 4.2 Operations endpoints and the limits of section 8 that apply to truncation: index sizes (and that they
 * list the index of points the run knows exist),
 * truncation (dry run by default, counts, the index its entityType and aspect select, batch size and
 * timeout, a real run only on the run's early-1970 points), task status in both body forms and each
 * of its fields, the unknown-task error and task completion. restoreIndices: restore-indices.ts.
 */
import { expect, expectEqual, fail, type CheckContext, type CheckGroup } from '../check.js';
import type { ApiResponse } from '../client.js';
import { fixtureProfilesVisible, pointTimes, searchUrns } from './deployment-lookups.js';
import { jsonText, valueOf } from './response-readers.js';

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
    // Short first waits for small deletes, then at most 50 ms between polls.
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, 2 ** i)));
  }
  fail(`task ${task} did not complete after ${POLL_LIMIT} polls`);
}

/** Offsets (from the run's time base) of the usage points the run still has on `orders`. */
async function usagePoints(ctx: CheckContext): Promise<number[]> {
  const base = ctx.fixture.timeBase;
  const body = {
    urn: ctx.fixture.orders,
    entity: 'dataset',
    aspect: USAGE,
    startTimeMillis: base,
    endTimeMillis: base + 100_000,
  };
  const values = valueOf<{ values: { aspect: { value: string } }[] }>(
    await ctx.client.expectStatus('getTimeseriesAspectValues', { body }),
  ).values;
  return values
    .map((v) => jsonText<{ timestampMillis: number }>(v.aspect.value, 'aspect.value').timestampMillis - base)
    .sort((a, b) => a - b);
}

/** Writes the run's usage points at `offsets` and waits until they show in the time series index. */
async function writeUsage(ctx: CheckContext, offsets: readonly number[]): Promise<void> {
  for (const offset of offsets)
    await ctx.fixture.upsert(ctx.fixture.orders, USAGE, {
      timestampMillis: ctx.fixture.timeBase + offset,
      uniqueUserCount: 1,
      totalSqlQueries: 1,
    });
  await ctx.eventually(
    () => usagePoints(ctx),
    (points) => offsets.every((o) => points.includes(o)),
  );
}

interface Truncation {
  /** An offset from the run's time base, unless absolute. */
  end: number;
  absolute?: boolean;
  dryRun?: boolean;
  entityType?: string;
  aspect?: string;
  batchSize?: number;
  timeoutSeconds?: number;
}

function truncationBody(ctx: CheckContext, t: Truncation): Record<string, unknown> {
  const { end, absolute, entityType = 'dataset', aspect = USAGE, ...optional } = t;
  return { entityType, aspect, endTimeMillis: absolute ? end : ctx.fixture.timeBase + end, ...optional };
}

/** Truncates (the usage index of datasets unless told otherwise) and returns the value. */
async function truncate(ctx: CheckContext, t: Truncation): Promise<string> {
  return valueOf<string>(await ctx.client.expectStatus('truncateTimeseriesAspect', { body: truncationBody(ctx, t) }));
}

/**
 * A real truncation after writing the run's usage points at `offsets` (from the time base, as `end`):
 * the points strictly older than `end` go, the others stay. Returns the completed task's status counts.
 */
async function truncateOwnPoints(
  ctx: CheckContext,
  offsets: readonly number[],
  t: Truncation,
): Promise<Record<string, unknown>> {
  await writeUsage(ctx, offsets);
  const task = await truncate(ctx, { ...t, dryRun: false });
  expect(TASK_ID.test(task), `a real truncation answered ${task}, not a task id <node_id>:<task_id>`);
  const status = await untilCompleted(ctx, task);
  const want = offsets.filter((o) => o >= t.end);
  // Waits only until the older points are gone, as every reading of the clause agrees they go: a deployment
  // that deletes a point at endTimeMillis too (spec/upstream-differences.yaml truncate-boundary) is told
  // apart as soon as the delete shows, not after the whole index wait.
  const left = (
    await ctx.eventually(
      () => usagePoints(ctx),
      (points) => offsets.every((o) => want.includes(o) || !points.includes(o)),
    )
  ).filter((o) => offsets.includes(o));
  expectEqual(
    left,
    want,
    `the run's points left by the truncation at ${t.end} (older ones go, those at or after it stay)`,
  );
  return taskCounts(status);
}

const DRY_RUN_COUNTS = /(\d+) out of (\d+) rows \((\d+(?:\.\d+)?|NaN)%\)/;

async function dryRunCounts(
  ctx: CheckContext,
  end: number,
  index: Pick<Truncation, 'entityType' | 'aspect'> = {},
): Promise<{ n: number; total: number; value: string }> {
  const value = await truncate(ctx, { end, aspect: 'datasetProfile', ...index, dryRun: true });
  const match = DRY_RUN_COUNTS.exec(value);
  expect(match, `the dry run does not state "<n> out of <total> rows (<p>%)": ${value}`);
  const [n, total, percentage] = [Number(match[1]), Number(match[2]), Number(match[3])];
  expect(
    total > 0 && Math.abs(percentage - (100 * n) / total) < 0.01,
    `percentage ${String(match[3])} is not ${n}/${total}`,
  );
  expect(
    /dry\s?run\s*(=|is)?\s*false/i.test(value),
    `the dry run does not say how to execute it (dryRun = false): ${value}`,
  );
  return { n, total, value };
}

/** How many more rows a dry run counts when endTimeMillis moves past the run's second profile point. */
async function countedBetween(ctx: CheckContext, index: Pick<Truncation, 'entityType' | 'aspect'>): Promise<number> {
  const [first = 0, second = 0] = ctx.fixture.profileTimes.map((t) => t - ctx.fixture.timeBase);
  return (await dryRunCounts(ctx, second + 1, index)).n - (await dryRunCounts(ctx, first + 1, index)).n;
}

function taskCounts(status: TaskStatus): Record<string, unknown> {
  return status.status ?? fail(`the task status has no status object: ${JSON.stringify(status)}`);
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

/** The index entries of getIndexSizes: JSON text (the document) or an object (spec/upstream-differences.yaml index-sizes-value-type). */
function indexEntries(value: unknown): Record<string, unknown>[] {
  const parsed = typeof value === 'object' && value !== null ? value : jsonText<unknown>(value, 'getIndexSizes value');
  const list = Array.isArray(parsed) ? parsed : (parsed as { indexSizes?: unknown }).indexSizes;
  expect(Array.isArray(list), 'getIndexSizes value holds no list of indices');
  return list as Record<string, unknown>[];
}

/**
 * Time series points the run knows the deployment holds: the run's own profile points once they show (with
 * --allow-writes), else those a read of the dataset the read-only checks look at returns; skips when it knows none.
 */
async function knownPoints(ctx: CheckContext): Promise<{ urn: string; aspect: string }> {
  const aspect = 'datasetProfile';
  if (ctx.allowWrites && !ctx.fixture.failure && ctx.fixture.urns.length) {
    await fixtureProfilesVisible(ctx);
    return { urn: ctx.fixture.orders, aspect };
  }
  // The first of the datasets search lists that has a point: a deployment's first dataset may have none.
  const candidates = ctx.dataset ? [ctx.dataset] : (await searchUrns(ctx, '*')).slice(0, KNOWN_POINTS_CANDIDATES);
  if (!candidates.length) return ctx.skip('the deployment has no dataset to read');
  for (const urn of candidates)
    if ((await pointTimes(ctx, { urn, entity: 'dataset', aspect, limit: 1 })).length) return { urn, aspect };
  return ctx.skip(`none of the ${candidates.length} datasets read has a ${aspect} point`);
}

/** How many datasets the known-points check reads, at most, for one with a time series point. */
const KNOWN_POINTS_CANDIDATES = 20;

export const operationsChecks: CheckGroup = {
  name: 'operations',
  checks: [
    {
      id: 'operations.getIndexSizes.shape',
      clause: '4.2 Operations endpoints: getIndexSizes',
      async run(ctx) {
        const entries = indexEntries(valueOf(await ctx.client.expectStatus('getIndexSizes')));
        for (const entry of entries) {
          for (const key of ['aspectName', 'indexName', 'entityName'])
            expect(typeof entry[key] === 'string', `index entry without ${key}: ${JSON.stringify(entry)}`);
        }
      },
    },
    {
      id: 'operations.getIndexSizes.size-field',
      clause: '4.2 Operations endpoints: getIndexSizes sizeMb',
      async run(ctx) {
        const entries = indexEntries(valueOf(await ctx.client.expectStatus('getIndexSizes')));
        for (const entry of entries)
          expect(typeof entry.sizeMb === 'number', `index ${String(entry.indexName)} has no number sizeMb`);
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
          expect(
            timeseries.includes(String(entry.aspectName).toLowerCase()),
            `index ${String(entry.indexName)} is not a time series index`,
          );
        }
      },
    },
    {
      id: 'operations.getIndexSizes.known-points',
      clause: '4.2 Operations endpoints: getIndexSizes only time series indices',
      async run(ctx) {
        const { urn, aspect } = await knownPoints(ctx);
        const entries = indexEntries(valueOf(await ctx.client.expectStatus('getIndexSizes')));
        expect(
          entries.some(
            (entry) =>
              String(entry.entityName) === 'dataset' && String(entry.aspectName).toLowerCase() === aspect.toLowerCase(),
          ),
          `getIndexSizes lists no index of dataset ${aspect} (${entries.length} entries), while ${urn} has points of it`,
        );
      },
    },
    {
      id: 'operations.truncate.dry-run-default',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect dryRun default true',
      async run(ctx) {
        // endTimeMillis 0: even a deployment that ignores the default has nothing older to delete.
        const value = await truncate(ctx, { end: 0, absolute: true });
        expect(
          !TASK_ID.test(value),
          `without dryRun the call started a delete task (${value}); dryRun defaults to true`,
        );
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
        await fixtureProfilesVisible(ctx);
        const before = await dryRunCounts(ctx, first + 1);
        const after = await dryRunCounts(ctx, second + 1);
        expectEqual(
          after.n - before.n,
          1,
          'rows the dry run would delete more when endTimeMillis moves past one more point',
        );
        expectEqual(after.total, before.total, 'total rows of the index in both dry runs');
        const read = await ctx.client.expectStatus('getTimeseriesAspectValues', {
          body: {
            urn: ctx.fixture.orders,
            entity: 'dataset',
            aspect: 'datasetProfile',
            startTimeMillis: ctx.fixture.timeBase,
            endTimeMillis: ctx.fixture.timeBase + 10_000,
          },
        });
        expectEqual(
          valueOf<{ values: unknown[] }>(read).values.length,
          ctx.fixture.profileTimes.length,
          'points left after the dry runs',
        );
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
        const left = await ctx.eventually(
          () => usagePoints(ctx),
          (points) => !points.includes(5000),
        );
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
        // untilCompleted fails unless completed is false until it turns true.
        await untilCompleted(ctx, await truncationTask(ctx));
      },
    },
    {
      id: 'operations.getEsTaskStatus.task-id',
      clause: '4.2 Operations endpoints: getEsTaskStatus taskId <node_id>:<task_id> of the task asked for',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        const task = await truncationTask(ctx);
        expectEqual((await taskStatus(ctx, { task })).taskId, task, 'taskId');
      },
    },
    {
      id: 'operations.getEsTaskStatus.run-time',
      clause: '4.2 Operations endpoints: getEsTaskStatus runTimeNanos',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        const task = await truncationTask(ctx);
        const { runTimeNanos } = await untilCompleted(ctx, task);
        expect(
          Number.isInteger(runTimeNanos) && Number(runTimeNanos) >= 0,
          `runTimeNanos ${String(runTimeNanos)} is not a non-negative integer`,
        );
        // A finished task's run time no longer grows.
        expectEqual(
          (await taskStatus(ctx, { task })).runTimeNanos,
          runTimeNanos,
          'runTimeNanos of the finished task polled again',
        );
      },
    },
    {
      id: 'operations.getEsTaskStatus.status',
      clause: '4.2 Operations endpoints: getEsTaskStatus status counts of the delete',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        const s = taskCounts(await untilCompleted(ctx, await truncationTask(ctx)));
        for (const key of [
          'total',
          'updated',
          'created',
          'deleted',
          'batches',
          'version_conflicts',
          'noops',
          'throttled_millis',
          'throttled_until_millis',
        ]) {
          expect(Number.isInteger(s[key]), `status.${key} is not an integer`);
        }
        const retries = s.retries as Record<string, unknown> | undefined;
        expect(
          Number.isInteger(retries?.bulk) && Number.isInteger(retries?.search),
          'status.retries is not {bulk, search}',
        );
        expect(typeof s.requests_per_second === 'number', 'status.requests_per_second is not a number');
        // The task deleted the run's point before endTimeMillis, and every row it selected is counted once.
        expect(Number(s.deleted) >= 1, `status.deleted is ${String(s.deleted)}, the run's own point was deleted`);
        expectEqual(
          Number(s.deleted) + Number(s.version_conflicts),
          s.total,
          'status.deleted + status.version_conflicts against status.total',
        );
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
        await truncateOwnPoints(ctx, [30_000, 40_000], { end: 40_000 });
      },
    },
    {
      id: 'operations.truncate.batch-size',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect batchSize one batch per batchSize rows',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        const s = await truncateOwnPoints(ctx, [41_000, 42_000, 43_000, 44_500], { end: 44_000, batchSize: 1 });
        expectEqual(s.batches, s.total, 'status.batches of a delete with batchSize 1 (one per row)');
      },
    },
    {
      id: 'operations.truncate.batch-size-default',
      clause: '8 Limits: batchSize default of truncateTimeseriesAspect',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        // The run's task was started without batchSize: its rows fit in batches of the default 10000.
        const s = taskCounts(await untilCompleted(ctx, await truncationTask(ctx)));
        expectEqual(
          s.batches,
          Math.ceil(Number(s.total) / 10_000),
          `status.batches of a delete of ${String(s.total)} rows without batchSize`,
        );
      },
    },
    {
      id: 'operations.truncate.timeout-seconds',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect timeoutSeconds',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        // A timeout the delete does not reach leaves it to finish.
        const s = await truncateOwnPoints(ctx, [45_000, 46_000, 47_500], {
          end: 47_000,
          batchSize: 1,
          timeoutSeconds: 600,
        });
        expectEqual(
          Number(s.deleted) + Number(s.version_conflicts),
          s.total,
          'rows handled by a delete within its timeout',
        );
      },
    },
    {
      id: 'operations.truncate.timeout-default',
      clause: '8 Limits: timeoutSeconds default of truncateTimeseriesAspect',
      destructive: true,
      needsFixture: true,
      async run(ctx) {
        // Without timeoutSeconds nothing stops a delete of many batches before its end.
        const s = await truncateOwnPoints(ctx, [48_000, 49_000, 50_000, 51_500], { end: 51_000, batchSize: 1 });
        expectEqual(
          Number(s.deleted) + Number(s.version_conflicts),
          s.total,
          'rows handled by a delete without timeoutSeconds',
        );
        expectEqual(s.batches, s.total, 'batches run by a delete without timeoutSeconds');
      },
    },
    {
      id: 'operations.truncate.aspect',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect aspect selects the index',
      needsFixture: true,
      async run(ctx) {
        // The run has a profile point between the two ends and no usage point there.
        expectEqual(
          await countedBetween(ctx, { aspect: 'datasetProfile' }),
          1,
          'rows of datasetProfile between the two ends',
        );
        expectEqual(await countedBetween(ctx, { aspect: USAGE }), 0, `rows of ${USAGE} between the two ends`);
      },
    },
    {
      id: 'operations.truncate.entity-type',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect entityType selects the index',
      needsFixture: true,
      async run(ctx) {
        expectEqual(
          await countedBetween(ctx, { entityType: 'dataset' }),
          1,
          'rows of the dataset datasetProfile index between the two ends',
        );
        // Charts have no datasetProfile index: the call is refused, or counts none of the run's dataset points.
        const chartIndex = (end: number): Promise<ApiResponse> =>
          ctx.client.call('truncateTimeseriesAspect', {
            body: truncationBody(ctx, { end, entityType: 'chart', aspect: 'datasetProfile', dryRun: true }),
          });
        const [first = 0, second = 0] = ctx.fixture.profileTimes.map((t) => t - ctx.fixture.timeBase);
        const [before, after] = [await chartIndex(first + 1), await chartIndex(second + 1)];
        if (before.status !== 200) {
          expect(
            before.status >= 400 && before.status < 500,
            `a truncation of an index charts do not have answered ${before.status}`,
          );
          return;
        }
        const counted = (res: ApiResponse): number => Number(DRY_RUN_COUNTS.exec(String(valueOf(res)))?.[1]);
        expectEqual(counted(after) - counted(before), 0, 'rows of a chart datasetProfile index between the two ends');
      },
    },
    {
      id: 'operations.getEsTaskStatus.unknown-task',
      clause: '7 Errors: getEsTaskStatus with an unknown task',
      async run(ctx) {
        const status = await taskStatus(ctx, { task: `conformance${ctx.runId}:987654321` });
        expect(
          typeof status.error === 'string' && status.error.length > 0,
          'value has no error field for an unknown task',
        );
        expect(
          /task/i.test(status.error),
          `the error does not say the task status could not be obtained: ${status.error}`,
        );
      },
    },
    {
      id: 'operations.getEsTaskStatus.unknown-task-parts',
      clause: '7 Errors: getEsTaskStatus with an unknown task in the {nodeId, taskId} form',
      async run(ctx) {
        const status = await taskStatus(ctx, { nodeId: `conformance${ctx.runId}`, taskId: 987654321 });
        expect(
          typeof status.error === 'string' && status.error.length > 0,
          'value has no error field for an unknown task',
        );
      },
    },
    {
      id: 'operations.truncate.required',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect endTimeMillis required',
      writes: true,
      async run(ctx) {
        for (const missing of ['entityType', 'aspect', 'endTimeMillis']) {
          const body: Record<string, unknown> = {
            entityType: 'dataset',
            aspect: USAGE,
            endTimeMillis: 0,
            dryRun: true,
          };
          delete body[missing];
          const res = await ctx.client.call('truncateTimeseriesAspect', { body });
          expect(
            res.status >= 400 && res.status < 500,
            `without ${missing} the call answered ${res.status}, expected a 4xx`,
          );
        }
      },
    },
  ],
};
