/**
 * Bad input to the admin endpoints: each is a 400 whose message names the field and shows the value
 * (or names the unknown property or parameter), and leaves the session's faults and settings as they were.
 */
import { describe, expect, it } from 'vitest';
import { call, serverForTests } from './http-harness.js';

const session = { 'X-Mock-Session': 'bad-input' };

interface Case {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
  want: string;
}

const faults: Case[] = [
  { name: 'a status as text', body: { operation: '*', status: '503' }, want: 'body.status: must be integer, got "503"' },
  { name: 'a status above 599', body: { operation: '*', status: 600 }, want: 'body.status: must be <= 599, got 600' },
  { name: 'a status below 400', body: { operation: '*', status: 399 }, want: 'body.status: must be >= 400, got 399' },
  { name: 'times 0', body: { operation: '*', times: 0 }, want: 'body.times: must be >= 1, got 0' },
  { name: 'times not whole', body: { operation: '*', times: 1.5 }, want: 'body.times: must be integer, got 1.5' },
  { name: 'a negative delay', body: { operation: '*', kind: 'delay', delayMs: -1 }, want: 'body.delayMs: must be >= 0, got -1' },
  { name: 'a jitter as text', body: { operation: '*', jitterMs: 'some' }, want: 'body.jitterMs: must be integer, got "some"' },
  { name: 'a negative retryAfter', body: { operation: '*', status: 503, retryAfter: -5 }, want: 'body.retryAfter: must be >= 0, got -5' },
  { name: 'a probability below 0', body: { operation: '*', probability: -0.1 }, want: 'body.probability: must be >= 0, got -0.1' },
  { name: 'a probability as text', body: { operation: '*', probability: 'half' }, want: 'body.probability: must be number, got "half"' },
  { name: 'a kind of the wrong type', body: { operation: '*', kind: 5 }, want: 'body.kind: must be one of error, reset, delay, got 5' },
  { name: 'no operation', body: { status: 503 }, want: "body: missing required property 'operation'" },
  { name: 'an operation of the wrong type', body: { operation: 42 }, want: 'body.operation: must be string, got 42' },
  { name: 'an empty operation', body: { operation: '' }, want: 'body.operation: must match pattern' },
  { name: 'graphql: without a name', body: { operation: 'graphql:' }, want: 'body.operation: must match pattern' },
  { name: 'two unknown fields', body: { operation: '*', when: 'now', statusCode: 503 }, want: "body: unknown property 'when' (known: operation, kind, status" },
  { name: 'a body that is an array', body: [{ operation: '*' }], want: 'body: must be object, got [{"operation":"*"}]' },
  { name: 'a body that is text', raw: '"*"', want: 'body: must be object, got "*"' },
  { name: 'an empty body', want: "body: missing required property 'operation'" },
].map((c) => ({ ...c, method: 'POST', path: '/__mock/faults' }));

const settings: Case[] = [
  { name: 'a latency as text', body: { latencyMs: '5' }, want: 'body.latencyMs: must be integer, got "5"' },
  { name: 'a jitter not whole', body: { jitterMs: 1.5 }, want: 'body.jitterMs: must be integer, got 1.5' },
  { name: 'a negative index lag', body: { indexLagMs: -1 }, want: 'body.indexLagMs: must be >= 0, got -1' },
  { name: 'a latency beyond int32', body: { latencyMs: 2 ** 31 }, want: 'body.latencyMs: must be an integer from -2147483648 to 2147483647 (int32), got 2147483648' },
  { name: 'an unknown setting', body: { latency: 5 }, want: "body: unknown property 'latency' (known: latencyMs, jitterMs, indexLagMs)" },
  { name: 'a body that is an array', body: [], want: 'body: must be object, got []' },
].map((c) => ({ ...c, method: 'PUT', path: '/__mock/settings' }));

const journal: Case[] = [
  { name: 'limit 0', path: '?limit=0', want: 'query.limit: must be >= 1, got 0' },
  { name: 'a negative limit', path: '?limit=-3', want: 'query.limit: must be >= 1, got -3' },
  { name: 'a limit not whole', path: '?limit=2.5', want: 'query.limit: must be integer, got 2.5' },
  { name: 'a status as a word', path: '?status=ok', want: 'query.status: must be integer, got "ok"' },
  { name: 'a status no HTTP status is', path: '?status=42', want: 'query.status: must be >= 100, got 42' },
  { name: 'since as a word', path: '?since=yesterday', want: 'query.since: must be integer, got "yesterday"' },
  { name: 'a negative since', path: '?since=-1', want: 'query.since: must be >= 0, got -1' },
  { name: 'an urn that is no URN', path: '?urn=orders', want: 'query.urn: must match pattern' },
  { name: 'a malformed session id', path: '?session=bad%20id!', want: 'query.session: must match pattern "^[A-Za-z0-9_-]{1,64}$", got "bad id!"' },
  { name: 'an empty operation', path: '?operation=', want: 'query.operation: must NOT have fewer than 1 characters, got ""' },
  { name: 'an unknown filter', path: '?operations=ingestProposal', want: 'query.operations: unknown parameter; expected operation, status, urn, session, since, limit' },
].map((c) => ({ ...c, method: 'GET', path: `/__mock/requests${c.path}` }));

const others: Case[] = [
  { name: 'an entity state of no URN', method: 'GET', path: '/__mock/entities/orders', want: 'path.urn: must match pattern' },
  { name: 'a session id to discard that no session can have', method: 'DELETE', path: '/__mock/sessions/bad%20id', want: 'path.id: must match pattern "^[A-Za-z0-9_-]{1,64}$", got "bad id"' },
  { name: 'a fault id no fault has', method: 'DELETE', path: '/__mock/faults/first', want: 'path.id: must match pattern "^fault-[1-9][0-9]*$", got "first"' },
  { name: 'a query parameter of an endpoint without any', method: 'GET', path: '/__mock/snapshot?tables=all', want: 'query.tables: unknown parameter; this endpoint takes none' },
  { name: 'a query parameter of the reset', method: 'POST', path: '/__mock/reset?hard=true', want: 'query.hard: unknown parameter; this endpoint takes none' },
];

describe('bad admin input', () => {
  const server = serverForTests();

  it.each([...faults, ...settings, ...journal, ...others])('$method $path: $name is a 400 naming the field', async ({ method, path, body, raw, want }) => {
    const reply = await call(server(), method, path, { headers: session, ...(body !== undefined ? { body } : {}), ...(raw !== undefined ? { raw } : {}) });
    expect(reply.status, reply.text).toBe(400);
    expect(reply.json.message).toContain(want);
  });

  it('leaves the session without faults and with its settings', async () => {
    await call(server(), 'PUT', '/__mock/settings', { body: { latencyMs: 0, jitterMs: 0, indexLagMs: 0 }, headers: session });
    for (const { body } of [...faults, ...settings]) {
      await call(server(), 'POST', '/__mock/faults', { body, headers: session });
      await call(server(), 'PUT', '/__mock/settings', { body, headers: session });
    }
    expect((await call(server(), 'GET', '/__mock/faults', { headers: session })).json).toEqual({ faults: [] });
    expect((await call(server(), 'GET', '/__mock/settings', { headers: session })).json).toEqual({ latencyMs: 0, jitterMs: 0, indexLagMs: 0 });
  });
});
