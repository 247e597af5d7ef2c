/**
 * The faults of a session (`/__mock/faults`): an operation (an operationId, `graphql:<name>`,
 * `frontend:<route>` or `*`)
 * answered with an error, its connection closed without a response (`reset`), or only delayed,
 * each as many `times` as asked (without times, until removed) and with a `probability`.
 */
import type { components } from '../../spec/types.js';
import { badRequest } from '../errors.js';
import { checkDelay } from './settings.js';

/** A fault as added: the body of `POST /__mock/faults`, checked against its schema and its defaults filled in. */
export type FaultRequest = components['schemas']['FaultRequest'];
export type Fault = components['schemas']['Fault'];

/**
 * The one check of a fault's body its schema leaves out: a name that is neither `*`, `graphql:<name>`
 * nor `frontend:<route>` (its schema's pattern lists the routes) is one of the contract's operationIds.
 */
function checkOperation(operation: string, operationIds: ReadonlySet<string>): void {
  if (operation === '*' || operation.startsWith('graphql:') || operation.startsWith('frontend:')) return;
  if (operationIds.has(operation)) return;
  throw badRequest(
    `body.operation: '${operation}' is not an operationId of the contract (${[...operationIds].join(', ')}), graphql:<operation name> or *`,
  );
}

export class FaultList {
  private faults: Fault[] = [];
  private nextId = 1;

  constructor(private readonly operationIds: ReadonlySet<string>) {}

  /** Adds the fault a checked POST body describes; a 400 naming the operation when the contract has none of that name. */
  add(request: FaultRequest): Fault {
    checkOperation(request.operation, this.operationIds);
    checkDelay('body', request.delayMs, 'delayMs', request.jitterMs);
    const fault: Fault = { id: `fault-${this.nextId++}`, ...request };
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
    const fault = this.faults.find(
      (f) =>
        (f.operation === '*' || f.operation === operation) && (f.probability >= 1 || Math.random() < f.probability),
    );
    if (!fault || fault.times === undefined) return fault;
    fault.times--;
    if (fault.times === 0) this.remove(fault.id);
    return fault;
  }
}
