/**
 * The asynchronous tasks of one server (upstream: Elasticsearch tasks such as delete by query).
 * A task works through its batches off the request path, yielding to the event loop between
 * batches, so getEsTaskStatus can watch it run. Ids are `<node>:<n>`, n counting from 1 per server.
 */
import { randomBytes } from 'node:crypto';

/** Work done in batches over the rows selected when the task started. */
export interface BatchedWork {
  total: number;
  /** Runs the next batch (its own transaction); `done` when no selected row is left after it. */
  nextBatch(): { deleted: number; conflicts: number; done: boolean };
}

export interface TaskRegistryOptions {
  /** The node id in task ids; a random Elasticsearch-like id per registry when absent. */
  nodeId?: string;
  /** Pause before each batch, so that tests and demos can observe a running task. */
  taskDelayMs?: number;
  /** Runs a batch, which writes: at once, or once the reads that hold the store have ended (the store's `reads.afterReads`). */
  whenWritable?: (batch: () => void) => void;
}

interface Task {
  id: number;
  startedNs: bigint;
  finishedNs?: bigint;
  total: number;
  deleted: number;
  batches: number;
  versionConflicts: number;
  timedOut: boolean;
  failures: string[];
}

/** The status of a task, as upstream's getEsTaskStatus reports it. */
export interface TaskStatusReport {
  completed: boolean;
  taskId: string;
  runTimeNanos: number;
  status: {
    total: number;
    updated: number;
    created: number;
    deleted: number;
    batches: number;
    version_conflicts: number;
    noops: number;
    retries: { bulk: number; search: number };
    throttled_millis: number;
    requests_per_second: number;
    throttled_until_millis: number;
    /** Present when the task stopped at its timeout before finishing (Elasticsearch's `timed_out`). */
    timed_out?: true;
    /** Present when a batch failed; the task stops there. */
    failures?: string[];
  };
}

export class TaskRegistry {
  readonly nodeId: string;
  private readonly taskDelayMs: number;
  private readonly whenWritable: (batch: () => void) => void;
  private readonly tasks = new Map<number, Task>();
  private readonly pending = new Set<NodeJS.Timeout | NodeJS.Immediate>();
  private lastId = 0;
  private closed = false;

  constructor(options: TaskRegistryOptions = {}) {
    this.nodeId = options.nodeId ?? randomBytes(16).toString('base64url');
    this.taskDelayMs = Math.max(0, options.taskDelayMs ?? 0);
    this.whenWritable = options.whenWritable ?? ((batch) => batch());
  }

  /** Starts the work in the background and answers its task id `<node>:<n>`. */
  start(work: BatchedWork, options: { timeoutSeconds?: number } = {}): string {
    const task: Task = {
      id: ++this.lastId,
      startedNs: process.hrtime.bigint(),
      total: work.total,
      deleted: 0,
      batches: 0,
      versionConflicts: 0,
      timedOut: false,
      failures: [],
    };
    this.tasks.set(task.id, task);
    const deadlineNs =
      options.timeoutSeconds === undefined
        ? undefined
        : task.startedNs + BigInt(options.timeoutSeconds) * 1_000_000_000n;
    this.schedule(() => this.step(task, work, deadlineNs));
    return `${this.nodeId}:${task.id}`;
  }

  /** The status of a task of this node, or undefined when there is no such task. */
  status(nodeId: string, taskId: number): TaskStatusReport | undefined {
    const task = nodeId === this.nodeId ? this.tasks.get(taskId) : undefined;
    if (!task) return undefined;
    const status: TaskStatusReport['status'] = {
      total: task.total,
      updated: 0,
      created: 0,
      deleted: task.deleted,
      batches: task.batches,
      version_conflicts: task.versionConflicts,
      noops: 0,
      retries: { bulk: 0, search: 0 },
      throttled_millis: 0,
      requests_per_second: -1,
      throttled_until_millis: 0,
    };
    if (task.timedOut) status.timed_out = true;
    if (task.failures.length) status.failures = [...task.failures];
    return {
      completed: task.finishedNs !== undefined,
      taskId: `${this.nodeId}:${task.id}`,
      runTimeNanos: Number((task.finishedNs ?? process.hrtime.bigint()) - task.startedNs),
      status,
    };
  }

  /** Stops every running task where it is (server shutdown); their statuses stay readable. */
  close(): void {
    this.closed = true;
    for (const handle of this.pending) {
      clearTimeout(handle as NodeJS.Timeout);
      clearImmediate(handle as NodeJS.Immediate);
    }
    this.pending.clear();
    const now = process.hrtime.bigint();
    for (const task of this.tasks.values()) task.finishedNs ??= now;
  }

  private schedule(fn: () => void): void {
    const run = (): void => {
      this.pending.delete(handle);
      this.whenWritable(fn);
    };
    const handle = this.taskDelayMs > 0 ? setTimeout(run, this.taskDelayMs) : setImmediate(run);
    this.pending.add(handle);
  }

  private step(task: Task, work: BatchedWork, deadlineNs: bigint | undefined): void {
    if (this.closed) return;
    let done = task.total === 0;
    if (!done) {
      try {
        const batch = work.nextBatch();
        task.batches++;
        task.deleted += batch.deleted;
        task.versionConflicts += batch.conflicts;
        done = batch.done;
      } catch (error) {
        // A background task must never take the server down (e.g. the store was closed under it).
        task.failures.push(error instanceof Error ? error.message : String(error));
        done = true;
      }
    }
    // The timeout is checked after a batch, so a task always does some work and never times out with nothing left.
    if (!done && deadlineNs !== undefined && process.hrtime.bigint() >= deadlineNs) task.timedOut = true;
    if (done || task.timedOut) task.finishedNs = process.hrtime.bigint();
    else this.schedule(() => this.step(task, work, deadlineNs));
  }
}
