/**
 * Checks a request against its operation in the contract: path and query parameters (coerced from
 * text to the parameter's schema type first, since a query string only carries text) and the JSON
 * body. Each schema is compiled once, on the first request that needs it (compiling every operation's
 * schemas up front would add a third of a second to start-up for operations a session may never call). Failures are
 * 400s whose message names the field and shows its value (`body.count: must be integer, got "ten"`,
 * `query.limit: must be >= 1, got 0`). The admin endpoints' requests are checked here too (../admin/admin-request.ts).
 */
import type { JsonSchema, OperationSpec, ParameterSpec } from '../../spec/index.js';
import type { SchemaValidators } from '../../spec/validation.js';
import { badRequest } from '../errors.js';
import type { RestliQuery } from './restli-query.js';

export interface CheckedRequest {
  /** Path parameters, decoded. */
  params: Record<string, string>;
  /** Query parameters of the operation, typed as their schemas say (defaults not applied). */
  query: Record<string, unknown>;
  body: unknown;
}

export type RequestChecker = (params: Record<string, string>, query: RestliQuery, body: unknown) => CheckedRequest;

function schemaType(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string | undefined;
  return undefined;
}

/** Text to the type the schema asks for; text that does not convert stays text so the validator names it. */
function coerce(text: string, schema: JsonSchema): unknown {
  switch (schemaType(schema)) {
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    default:
      return text;
  }
}

function queryValue(query: RestliQuery, parameter: ParameterSpec): unknown {
  if (schemaType(parameter.schema) === 'array') {
    const items = (parameter.schema.items ?? {}) as JsonSchema;
    return query.list(parameter.name)?.map((v) => coerce(v, items));
  }
  const text = query.get(parameter.name);
  return text === undefined ? undefined : coerce(text, parameter.schema);
}

export function requestChecker(op: OperationSpec, validators: SchemaValidators): RequestChecker {
  const pathParameters = op.parameters.filter((p) => p.in === 'path');
  // `action` is part of the route itself; the router has matched it already.
  const queryParameters = op.parameters.filter((p) => p.in === 'query' && p.name !== 'action');

  return (params, query, body) => {
    const errors: string[] = [];
    for (const p of pathParameters) {
      const value = params[p.name];
      if (value !== undefined) append(errors, validators.validate(p.schema, value, `path.${p.name}`));
    }
    const typedQuery: Record<string, unknown> = {};
    for (const p of queryParameters) {
      const value = queryValue(query, p);
      if (value === undefined) {
        if (p.required) errors.push(`query.${p.name}: missing required parameter`);
        continue;
      }
      typedQuery[p.name] = value;
      append(errors, validators.validate(p.schema, value, `query.${p.name}`));
    }
    if (body === undefined) {
      if (op.requestRequired) errors.push('body: a JSON request body is required');
    } else if (op.requestSchema) {
      append(errors, validators.validate(op.requestSchema, body, 'body'));
    } else if (op.method !== 'get' && !isEmptyObject(body)) {
      errors.push('body: this operation takes no request body');
    }
    if (errors.length) throw badRequest(errorMessage(errors));
    return { params, query: typedQuery, body };
  };
}

/** The errors a 400 names at most: a body of 200,000 unknown keys has as many, each one an error. */
const MAX_NAMED_ERRORS = 20;

/** Appends `more` to `errors` one by one: spread into a call, 200,000 of them overflow the stack. */
function append(errors: string[], more: readonly string[]): void {
  for (const error of more) errors.push(error);
}

function errorMessage(errors: readonly string[]): string {
  if (errors.length <= MAX_NAMED_ERRORS) return errors.join('; ');
  return `${errors.slice(0, MAX_NAMED_ERRORS).join('; ')}; and ${errors.length - MAX_NAMED_ERRORS} more`;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
