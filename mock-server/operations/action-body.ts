/**
 * The body of an operations or test action, checked against the operation's request schema in the
 * contract. The HTTP layer checks it too; checking here keeps these functions safe to call directly
 * (tests, the library API) and keeps the spec the one place that says which fields are required.
 */
import type { Contract, JsonSchema } from '../../spec/index.js';
import { SchemaValidators } from '../../spec/validation.js';
import { badRequest } from '../errors.js';

// Compiled schemas are cached by schema identity, and a contract is loaded once per namespace.
const validators = new SchemaValidators();

export function operationBody<T>(contract: Contract, operationId: string, body: unknown): T {
  const op = contract.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`the contract has no operation ${operationId}`);
  const given = body ?? {};
  const errors = op.requestSchema ? validators.validate(op.requestSchema as JsonSchema, given, 'body') : [];
  if (errors.length) throw badRequest(errors.join('; '));
  return given as T;
}
