/**
 * The faults of a session (`/__mock/faults`): an operation (an operationId, `graphql:<name>` or `*`)
 * answered with an error, its connection closed without an answer (`reset`), or only delayed,
 * each as many `times` as asked (without times, until removed) and with a `probability`.
 */
import { badRequest } from '../errors.js';
import { objectBody, oneOf, positiveNumber, wholeNumber } from './admin-input.js';

export const FAULT_KINDS = ['error', 'reset', 'delay'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  id: string;
  operation: string;
  kind: FaultKind;
  /** The status of an error fault. */
  status: number;
  /** Seconds, sent as Retry-After with a 429 or 503. */
  retryAfter?: number;
  delayMs: number;
  jitterMs: number;
  /** How many more times it fires; absent: until removed. */
  times?: number;
  probability: number;
}

const FIELDS = ['operation', 'status', 'retryAfter', 'delayMs', 'jitterMs', 'times', 'probability', 'kind'];
const DEFAULT_STATUS = 500;

/** The operation names a fault may target: `*`, `graphql:<name>` or one of the contract's operationIds. */
function checkOperation(value: unknown, operationIds: ReadonlySet<string>): string {
  if (typeof value !== 'string' || value === '') throw badRequest('body.operation: required, an operationId, graphql:<operation name> or *');
  if (value === '*' || (value.startsWith('graphql:') && value.length > 'graphql:'.length) || operationIds.has(value)) return value;
  throw badRequest(`body.operation: '${value}' is not an operationId of the contract (${[...operationIds].join(', ')}), graphql:<operation name> or *`);
}

export class FaultList {
  private faults: Fault[] = [];
  private nextId = 1;

  constructor(private readonly operationIds: ReadonlySet<string>) {}

  /** Adds the fault a POST body describes; a 400 naming the field when it is wrong. */
  add(body: unknown): Fault {
    const given = objectBody(body, FIELDS);
    const fault: Fault = {
      id: `fault-${this.nextId}`,
      operation: checkOperation(given.operation, this.operationIds),
      kind: given.kind === undefined ? 'error' : oneOf(FAULT_KINDS)(given.kind, 'body.kind'),
      status: given.status === undefined ? DEFAULT_STATUS : wholeNumber(given.status, 'body.status'),
      delayMs: given.delayMs === undefined ? 0 : wholeNumber(given.delayMs, 'body.delayMs'),
      jitterMs: given.jitterMs === undefined ? 0 : wholeNumber(given.jitterMs, 'body.jitterMs'),
      probability: 1,
    };
    if (fault.status < 400 || fault.status > 599) throw badRequest(`body.status: expected an error status from 400 to 599, got ${fault.status}`);
    if (given.retryAfter !== undefined) fault.retryAfter = wholeNumber(given.retryAfter, 'body.retryAfter');
    if (given.times !== undefined) fault.times = positiveNumber(given.times, 'body.times');
    if (given.probability !== undefined) {
      const p = given.probability;
      if (typeof p !== 'number' || !(p >= 0 && p <= 1)) throw badRequest(`body.probability: expected a number from 0 to 1, got ${JSON.stringify(p)}`);
      fault.probability = p;
    }
    this.nextId++;
    this.faults.push(fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault of the operation that fires now (its count taken down, and gone when spent). */
  take(operation: string | undefined): Fault | undefined {
    // Nearly every request meets no fault: no search (and no closure made for it) then.
    if (this.faults.length === 0) return undefined;
    const fault = this.faults.find((f) => (f.operation === '*' || f.operation === operation) && (f.probability >= 1 || Math.random() < f.probability));
    if (!fault || fault.times === undefined) return fault;
    fault.times--;
    if (fault.times === 0) this.remove(fault.id);
    return fault;
  }
}
