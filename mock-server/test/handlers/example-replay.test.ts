/**
 * The examples of spec/examples/<operationId>.yaml replayed against the mock, in the manner of
 * Prism's request/response fixtures: request `<name>` is sent to a mock holding the sample catalog
 * (of the reference day 2026-11-01, whose times the examples show),
 * each in a session of its own (a fresh copy of the start-up state); the answer must validate against
 * the operation's response schema, and where the file has a response `<name>` too, equal it at each
 * JSON pointer that response lists under `match:`. Each invalid example must get its `status` (400
 * unless it says otherwise) with its `error`, which names the offending field, in the message. So the
 * examples the reference shows are what the mock answers.
 */
import { basename } from 'node:path';
import { getValueByPointer } from 'fast-json-patch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromRoot,
  loadContract,
  readYaml,
  specFiles,
  type JsonSchema,
  type OperationSpec,
} from '../../../spec/index.js';
import { SchemaValidators } from '../../../spec/validation.js';
import { createMockServer, silentLogger, type MockServer } from '../../index.js';

interface Example {
  summary: string;
  value: unknown;
  /** invalid: the status of the answer (400 when absent) and a fragment of its message naming the field. */
  status?: number;
  error?: string;
}

interface ExampleFile {
  request?: Record<string, Example>;
  response?: Record<string, Example>;
  /** Per response: the JSON pointers at which the answer to the request of its name equals it (`''`: the whole body). */
  match?: Record<string, string[]>;
  /** Per response that no request written in advance can get: why (it has no request of its name). */
  unreplayable?: Record<string, string>;
  invalid?: Record<string, Example>;
}

interface Exchange {
  status: number;
  contentType: string;
  body: unknown;
}

/**
 * Sends an example's value to an operation: its body, or `{params}` as path, query and header
 * parameters. A query value is URI-encoded unless the example writes it in Rest.li's wire form
 * (`List(...)`); an `action` among the params replaces the operation's.
 */
async function replay(baseUrl: string, op: OperationSpec, value: unknown, session: string): Promise<Exchange> {
  const params = op.requestSchema ? {} : ((value as { params?: Record<string, unknown> } | null)?.params ?? {});
  const where = new Map(op.parameters.map((p) => [p.name, p.in]));
  const encode = (v: unknown): string =>
    typeof v === 'string' && v.startsWith('List(') ? v : encodeURIComponent(String(v));
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const query = Object.entries({ ...(op.action ? { action: op.action } : {}), ...params }).filter(
    ([name]) => !['path', 'header'].includes(where.get(name) ?? ''),
  );
  const search = query.map(([name, v]) => `${name}=${encode(v)}`).join('&');
  const headers = Object.fromEntries(
    Object.entries(params)
      .filter(([name]) => where.get(name) === 'header')
      .map(([name, v]) => [name, String(v)]),
  );
  const res = await fetch(`${baseUrl}${path}${search ? `?${search}` : ''}`, {
    method: op.method.toUpperCase(),
    headers: {
      Authorization: 'Bearer admin-token',
      'X-Mock-Session': session,
      'X-Svc-Protocol-Version': '2.0.0',
      ...headers,
      ...(op.requestSchema ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(op.requestSchema ? { body: JSON.stringify(value) } : {}),
  });
  const contentType = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return {
    status: res.status,
    contentType,
    body: contentType.startsWith('application/json') && text ? JSON.parse(text) : text,
  };
}

/** The pointers of `match` at which `answer` differs from the example, each with both values. */
function mismatches(answer: unknown, example: unknown, pointers: readonly string[]): string[] {
  const at = (doc: unknown, pointer: string): unknown => {
    try {
      return getValueByPointer(doc, pointer);
    } catch {
      return undefined;
    }
  };
  return pointers.flatMap((pointer) => {
    const want = JSON.stringify(at(example, pointer));
    const got = JSON.stringify(at(answer, pointer));
    return want === got ? [] : [`${pointer}: the example has ${want}, the mock answered ${got}`];
  });
}

/** How the answer to an invalid example differs from it: its status, or a message without the example's error. */
function invalidMismatches(answer: Exchange, example: Example): string[] {
  const want = example.status ?? 400;
  const message = String((answer.body as { message?: unknown } | null)?.message ?? '');
  return [
    ...(answer.status === want ? [] : [`the status is ${answer.status}, the example says ${want}`]),
    ...(example.error && message.includes(example.error)
      ? []
      : [`the message ${JSON.stringify(message)} does not contain ${JSON.stringify(example.error)}`]),
  ];
}

const contract = loadContract('svc');
const validators = new SchemaValidators();
const files = specFiles('examples').map((file) => ({
  operationId: basename(file, '.yaml'),
  examples: readYaml<ExampleFile>(fromRoot('spec', 'examples', file)),
}));
const operation = (operationId: string): OperationSpec =>
  contract.operations.find((o) => o.operationId === operationId) as OperationSpec;
const cases = (kind: 'request' | 'response' | 'invalid') =>
  files.flatMap(({ operationId, examples }) =>
    Object.entries(examples[kind] ?? {}).map(([name, example]) => ({
      operationId,
      name,
      example,
      examples,
      paired: examples.response?.[name],
      match: examples.match?.[name],
    })),
  );

let server: MockServer;
let sessions = 0;
const freshSession = (): string => `example-${++sessions}`;
beforeAll(async () => {
  // The examples' times are the sample's on its reference day 2026-11-01.
  server = await createMockServer({ port: 0, logger: silentLogger, maxSessions: 1000, referenceDay: '2026-11-01' });
});
afterAll(() => server?.close());

describe('example replay', () => {
  it.each(cases('response'))(
    'response $operationId $name has a request of its name and says what to match, or why it has none',
    ({ name, examples, match }) => {
      const why = examples.unreplayable?.[name];
      if (why) expect(examples.request?.[name], `request ${name} beside unreplayable: ${why}`).toBeUndefined();
      else {
        expect(examples.request?.[name], `request ${name}`).toBeDefined();
        expect(Array.isArray(match), `match: ${name}`).toBe(true);
      }
    },
  );

  it.each(cases('request'))('request $operationId $name', async ({ operationId, example, paired, match }) => {
    const op = operation(operationId);
    const answer = await replay(server.url, op, example.value, freshSession());
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const schema: JsonSchema | undefined = op.responses['200'];
    if (schema) expect(validators.validate(schema, answer.body, 'response')).toEqual([]);
    if (paired) expect(mismatches(answer.body, paired.value, match ?? [])).toEqual([]);
  });

  it.each(cases('invalid'))('invalid $operationId $name', async ({ operationId, example }) => {
    const answer = await replay(server.url, operation(operationId), example.value, freshSession());
    expect(invalidMismatches(answer, example)).toEqual([]);
  });
});

describe('the harness fails on a wrong example', () => {
  const op = operation('getAspect');
  const examples = files.find((f) => f.operationId === 'getAspect')?.examples as ExampleFile;
  const request = examples.request?.latestOwnership?.value;

  it('a response whose matched field is not what the mock answers', async () => {
    const answer = await replay(server.url, op, request, freshSession());
    const wrong = structuredClone(examples.response?.latestOwnership?.value) as {
      aspect: { 'com.svc.common.Ownership': { owners: { owner: string }[] } };
    };
    const owner = wrong.aspect['com.svc.common.Ownership'].owners[0] as { owner: string };
    owner.owner = 'urn:svc:corpuser:nobody';
    expect(
      mismatches(answer.body, examples.response?.latestOwnership?.value, examples.match?.latestOwnership ?? []),
    ).toEqual([]);
    expect(mismatches(answer.body, wrong, examples.match?.latestOwnership ?? [])).toEqual([
      '/aspect/com.svc.common.Ownership/owners/0/owner: the example has "urn:svc:corpuser:nobody", the mock answered "urn:svc:corpuser:alice.chen"',
    ]);
  });

  it('an invalid example whose status or error the mock does not give', async () => {
    const versionAsWord = examples.invalid?.versionAsWord as Example;
    const answer = await replay(server.url, op, versionAsWord.value, freshSession());
    expect(invalidMismatches(answer, versionAsWord)).toEqual([]);
    expect(invalidMismatches(answer, { ...versionAsWord, error: 'query.aspect: must be' })).toEqual([
      expect.stringMatching(/^the message .* does not contain "query.aspect: must be"$/),
    ]);
    expect(invalidMismatches(answer, { ...versionAsWord, status: 422 })).toEqual([
      'the status is 400, the example says 422',
    ]);
  });
});
