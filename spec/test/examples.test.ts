/**
 * The examples of spec/examples/<operationId>.yaml against their operation: valid requests and
 * responses validate, each invalid request breaks the operation's schemas. What the mock answers to
 * each (the matched fields of a response, the status and message of an invalid request) is checked
 * by replaying them: mock-server/test/handlers/example-replay.test.ts.
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot, loadContract, readYaml, specFiles, type JsonSchema, type OperationSpec } from '../index.js';
import { SchemaValidators } from '../validation.js';

interface Example {
  summary: string;
  value: unknown;
  error?: string;
}

interface ExampleFile {
  request?: Record<string, Example>;
  response?: Record<string, Example>;
  invalid?: Record<string, Example>;
}

const contract = loadContract('svc');
const validators = new SchemaValidators();
const files = specFiles('examples').map((file) => ({
  operationId: basename(file, '.yaml'),
  examples: readYaml<ExampleFile>(fromRoot('spec', 'examples', file)),
}));

function operation(operationId: string): OperationSpec {
  const op = contract.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return op;
}

/** Errors of the parameters of a request without a body, written `{params: {...}}` in the examples. */
function parameterErrors(op: OperationSpec, params: Record<string, unknown>): string[] {
  const errors: string[] = [];
  const known = new Set(op.parameters.map((p) => p.name));
  for (const name of Object.keys(params)) if (!known.has(name)) errors.push(`query: unknown parameter '${name}'`);
  for (const p of op.parameters) {
    const value = params[p.name];
    if (value === undefined) {
      if (p.required) errors.push(`${p.in}: missing required parameter '${p.name}'`);
      continue;
    }
    errors.push(...validators.validate(p.schema, value, `${p.in}.${p.name}`));
  }
  return errors;
}

function requestErrors(op: OperationSpec, value: unknown): string[] {
  if (op.requestSchema) return validators.validate(op.requestSchema, value, 'body');
  const params = (value as { params?: Record<string, unknown> } | null)?.params;
  if (!params) return ['an example of an operation without a body is written {params: {...}}'];
  return parameterErrors(op, params);
}

/** The schema of the 200 response, whatever its media type; undefined when it has no body. */
function okSchema(op: OperationSpec): JsonSchema | undefined {
  const content = ((op.raw.responses as Record<string, { content?: Record<string, { schema?: JsonSchema }> }>)['200'])?.content;
  return op.responses['200'] ?? Object.values(content ?? {})[0]?.schema;
}

const cases = (kind: keyof ExampleFile) =>
  files.flatMap(({ operationId, examples }) => Object.entries(examples[kind] ?? {}).map(([name, example]) => ({ operationId, name, example })));

describe('example files', () => {
  it('exist for every operation, and only for operations', () => {
    expect(files.map((f) => f.operationId).sort()).toEqual(contract.operations.map((o) => o.operationId).sort());
  });

  it.each(files)('$operationId has a request, a response and, when it takes any input, an invalid request', ({ operationId, examples }) => {
    const op = operation(operationId);
    const takesInput = op.requestSchema !== undefined || op.parameters.length > 0;
    for (const kind of ['request', 'response', ...(takesInput ? ['invalid' as const] : [])] as const) expect(Object.keys(examples[kind] ?? {}).length, kind).toBeGreaterThan(0);
  });
});

describe('valid requests', () => {
  it.each(cases('request'))('$operationId $name', ({ operationId, example }) => {
    expect(requestErrors(operation(operationId), example.value)).toEqual([]);
  });
});

describe('responses', () => {
  it.each(cases('response'))('$operationId $name', ({ operationId, example }) => {
    const schema = okSchema(operation(operationId));
    if (schema) expect(validators.validate(schema, example.value, 'response')).toEqual([]);
    else expect(example.value, 'a 200 without a body').toBe('');
  });
});

describe('invalid requests', () => {
  it.each(cases('invalid'))('$operationId $name', ({ operationId, example }) => {
    expect(example.error, 'an invalid example states its error').toBeTruthy();
    expect(requestErrors(operation(operationId), example.value)).not.toEqual([]);
  });
});
