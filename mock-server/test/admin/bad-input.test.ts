/**
 * Bad input to the admin endpoints: each is a 400 whose message names the field and shows the value
 * (or names the unknown property or parameter), and leaves the session's faults and settings as they were.
 */
import { describe, expect, it } from 'vitest';
import { call, serverForTests } from '../http-harness.js';

const session = { 'X-Mock-Session': 'bad-input' };

interface Case {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** The body as JSON text, sent as it is. */
  raw?: string;
  want: string;
}

/** Bodies sent to one endpoint, each as [what is wrong, the body (a string: its JSON text; none: undefined), what the message says]. */
const bodies = (method: string, path: string, cases: [string, unknown, string][]): Case[] =>
  cases.map(([name, body, want]) => ({
    name,
    method,
    path,
    ...(typeof body === 'string' ? { raw: body } : { body }),
    want,
  }));

const faults = bodies('POST', '/__mock/faults', [
  ['a status as text', { operation: '*', status: '503' }, 'body.status: must be integer, got "503"'],
  ['a status above 599', { operation: '*', status: 600 }, 'body.status: must be <= 599, got 600'],
  ['a status below 400', { operation: '*', status: 399 }, 'body.status: must be >= 400, got 399'],
  ['times 0', { operation: '*', times: 0 }, 'body.times: must be >= 1, got 0'],
  ['times not whole', { operation: '*', times: 1.5 }, 'body.times: must be integer, got 1.5'],
  ['a negative delay', { operation: '*', kind: 'delay', delayMs: -1 }, 'body.delayMs: must be >= 0, got -1'],
  ['a jitter as text', { operation: '*', jitterMs: 'some' }, 'body.jitterMs: must be integer, got "some"'],
  ['a negative retryAfter', { operation: '*', status: 503, retryAfter: -5 }, 'body.retryAfter: must be >= 0, got -5'],
  ['a probability below 0', { operation: '*', probability: -0.1 }, 'body.probability: must be >= 0, got -0.1'],
  ['a probability as text', { operation: '*', probability: 'half' }, 'body.probability: must be number, got "half"'],
  ['a kind of the wrong type', { operation: '*', kind: 5 }, 'body.kind: must be one of error, reset, delay, got 5'],
  ['no operation', { status: 503 }, "body: missing required property 'operation'"],
  ['an operation of the wrong type', { operation: 42 }, 'body.operation: must be string, got 42'],
  ['an empty operation', { operation: '' }, 'body.operation: must match pattern'],
  ['graphql: without a name', { operation: 'graphql:' }, 'body.operation: must match pattern'],
  [
    'two unknown fields',
    { operation: '*', when: 'now', statusCode: 503 },
    "body: unknown property 'when' (known: operation, kind, status",
  ],
  ['a body that is an array', [{ operation: '*' }], 'body: must be object, got [{"operation":"*"}]'],
  [
    'a body that is a JSON string',
    '"*"',
    "body: malformed JSON (expected an object or an array, found '\"' at position 0)",
  ],
  ['a body cut short', '{"operation":', 'body: malformed JSON'],
  [
    'a status beyond what a number holds',
    '{"operation":"*","status":1e400}',
    'body.status: must be integer, got Infinity',
  ],
  ['an empty body', undefined, "body: missing required property 'operation'"],
]);

const settings = bodies('PUT', '/__mock/settings', [
  ['a latency as text', { latencyMs: '5' }, 'body.latencyMs: must be integer, got "5"'],
  ['a jitter not whole', { jitterMs: 1.5 }, 'body.jitterMs: must be integer, got 1.5'],
  ['a negative index lag', { indexLagMs: -1 }, 'body.indexLagMs: must be >= 0, got -1'],
  [
    'a latency beyond int32',
    { latencyMs: 2 ** 31 },
    'body.latencyMs: must be an integer from -2147483648 to 2147483647 (int32), got 2147483648',
  ],
  ['an unknown setting', { latency: 5 }, "body: unknown property 'latency' (known: latencyMs, jitterMs, indexLagMs)"],
  ['a body that is an array', [], 'body: must be object, got []'],
]);

/** Queries sent to one endpoint, each as [what is wrong, the query, what the message says]. */
const queries = (path: string, cases: [string, string, string][]): Case[] =>
  cases.map(([name, query, want]) => ({ name, method: 'GET', path: path + query, want }));

const journal = queries('/__mock/requests', [
  ['limit 0', '?limit=0', 'query.limit: must be >= 1, got 0'],
  ['a negative limit', '?limit=-3', 'query.limit: must be >= 1, got -3'],
  ['a limit not whole', '?limit=2.5', 'query.limit: must be integer, got 2.5'],
  ['a status as a word', '?status=ok', 'query.status: must be integer, got "ok"'],
  ['a status no HTTP status is', '?status=42', 'query.status: must be >= 100, got 42'],
  ['since as a word', '?since=yesterday', 'query.since: must be integer, got "yesterday"'],
  ['a negative since', '?since=-1', 'query.since: must be >= 0, got -1'],
  ['an urn that is no URN', '?urn=orders', 'query.urn: must match pattern'],
  [
    'a malformed session id',
    '?session=bad%20id!',
    'query.session: must match pattern "^[A-Za-z0-9_-]{1,64}$", got "bad id!"',
  ],
  ['an empty operation', '?operation=', 'query.operation: must NOT have fewer than 1 characters, got ""'],
  [
    'an unknown filter',
    '?operations=ingestProposal',
    'query.operations: unknown parameter; expected operation, status, urn, session, since, limit',
  ],
]);

/** Path and query parameters of the other endpoints, each as [what is wrong, method, path, what the message says]. */
const others = (
  [
    ['an entity state of no URN', 'GET', '/__mock/entities/orders', 'path.urn: must match pattern'],
    [
      'a session id to discard that no session can have',
      'DELETE',
      '/__mock/sessions/bad%20id',
      'path.id: must match pattern "^[A-Za-z0-9_-]{1,64}$", got "bad id"',
    ],
    [
      'a fault id no fault has',
      'DELETE',
      '/__mock/faults/first',
      'path.id: must match pattern "^fault-[1-9][0-9]*$", got "first"',
    ],
    [
      'a query parameter of an endpoint without any',
      'GET',
      '/__mock/snapshot?tables=all',
      'query.tables: unknown parameter; this endpoint takes none',
    ],
    [
      'a query parameter of the reset',
      'POST',
      '/__mock/reset?hard=true',
      'query.hard: unknown parameter; this endpoint takes none',
    ],
  ] as const
).map(([name, method, path, want]): Case => ({ name, method, path, want }));

describe('bad admin input', () => {
  const server = serverForTests();
  const send = ({ method, path, body, raw }: Case) =>
    call(server(), method, path, {
      headers: session,
      ...(body !== undefined ? { body } : {}),
      ...(raw !== undefined ? { raw } : {}),
    });

  it.each([...faults, ...settings, ...journal, ...others])(
    '$method $path: $name is a 400 naming the field',
    async (c) => {
      const reply = await send(c);
      expect(reply.status, reply.text).toBe(400);
      expect(reply.json.message).toContain(c.want);
    },
  );

  it('leaves the session without faults and with its settings', async () => {
    await call(server(), 'PUT', '/__mock/settings', {
      body: { latencyMs: 0, jitterMs: 0, indexLagMs: 0 },
      headers: session,
    });
    for (const c of [...faults, ...settings]) expect((await send(c)).status).toBe(400);
    expect((await call(server(), 'GET', '/__mock/faults', { headers: session })).json).toEqual({ faults: [] });
    expect((await call(server(), 'GET', '/__mock/settings', { headers: session })).json).toEqual({
      latencyMs: 0,
      jitterMs: 0,
      indexLagMs: 0,
    });
  });
});
