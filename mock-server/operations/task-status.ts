/**
 * getEsTaskStatus: the status of a task named `{task: "<node>:<n>"}` or `{nodeId, taskId}`, with
 * upstream's checks and messages, answered as a string holding JSON.
 */
import { badRequest } from '../errors.js';
import type { OperationsContext } from './context.js';
import type { TaskStatusReport } from './task-registry.js';

export interface TaskStatusRequest {
  task?: string;
  nodeId?: string;
  taskId?: number;
}

const TASK_PATTERN = /^[a-zA-Z0-9-_]+:[0-9]+$/;

/** The task a request names; upstream's 400s when it names none, two different ones, or a malformed one. */
function checkTypes(body: Record<string, unknown>): TaskStatusRequest {
  if (body.task !== undefined && typeof body.task !== 'string') throw badRequest('body.task: must be string');
  if (body.nodeId !== undefined && typeof body.nodeId !== 'string') throw badRequest('body.nodeId: must be string');
  if (body.taskId !== undefined && !Number.isSafeInteger(body.taskId)) throw badRequest('body.taskId: must be integer');
  return body as TaskStatusRequest;
}

export function requestedTask(body: unknown): { nodeId: string; taskId: number } {
  const { task, nodeId, taskId = 0 } = checkTypes((body ?? {}) as Record<string, unknown>);
  const taskSpecified = task !== undefined;
  const nodeAndTaskIdSpecified = nodeId !== undefined && taskId > 0;
  if (!taskSpecified && !nodeAndTaskIdSpecified) {
    throw badRequest('body: Please specify either Node ID + task ID OR composite task parameters');
  }
  if (taskSpecified && nodeAndTaskIdSpecified && task !== `${nodeId}:${taskId}`) {
    throw badRequest('body: Please specify only one of Node ID + task ID OR composite task parameters');
  }
  if (nodeAndTaskIdSpecified) return { nodeId, taskId };
  const [node = '', id = ''] = (task ?? '').split(':');
  if (!TASK_PATTERN.test(task ?? '') || Number(id) === 0) {
    throw badRequest(
      `body.task: Task should be in the form nodeId:taskId e.g. aB1cdEf2GHIJKLMnoPQr3S:123456 (got ${task})`,
    );
  }
  return { nodeId: node, taskId: Number(id) };
}

function statusJson(report: TaskStatusReport): string {
  // Elasticsearch writes the unthrottled rate as the float -1.0; JSON.stringify would drop the fraction.
  return JSON.stringify(report).replace('"requests_per_second":-1,', '"requests_per_second":-1.0,');
}

export function getEsTaskStatus(body: unknown, ctx: OperationsContext): string {
  const { nodeId, taskId } = requestedTask(body);
  const report = ctx.tasks.status(nodeId, taskId);
  return report ? statusJson(report) : JSON.stringify({ error: `Could not get task status for ${nodeId}:${taskId}` });
}
