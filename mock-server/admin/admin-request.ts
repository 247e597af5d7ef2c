/**
 * An admin request checked against its operation in the contract (`spec/paths/admin.yaml`), by the
 * same request validation as the service's operations: path and query parameters and the JSON body,
 * each bad value a 400 naming the field. One check the document cannot state is added here: a query
 * parameter the operation does not list is refused too (a misspelt journal filter would otherwise
 * filter nothing).
 */
import type { Request } from 'express';
import type { OperationSpec } from '../../spec/index.js';
import type { SchemaValidators } from '../../spec/validation.js';
import { badRequest } from '../errors.js';
import { requestChecker, type CheckedRequest } from '../wire/request-validation.js';
import { RestliQuery } from '../wire/restli-query.js';

export type AdminRequestChecker = (req: Request) => CheckedRequest;

export function adminRequestChecker(op: OperationSpec, validators: SchemaValidators): AdminRequestChecker {
  const check = requestChecker(op, validators);
  const known = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const expected = known.length ? `expected ${known.join(', ')}` : 'this endpoint takes none';
  return (req) => {
    const at = req.originalUrl.indexOf('?');
    const query = new RestliQuery(at < 0 ? '' : req.originalUrl.slice(at + 1));
    for (const name of query.names())
      if (!known.includes(name)) throw badRequest(`query.${name}: unknown parameter; ${expected}`);
    return check(req.params as Record<string, string>, query, req.body);
  };
}
