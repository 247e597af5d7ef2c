/**
 * Routing, protocol and body errors: upstream's Rest.li messages in the Rest.li error body; which
 * paths the metadata store answers and which the admin, docs and GraphQL endpoints do; the body
 * rules (size limit, encodings, charsets) and the request log; request targets in absolute form, and
 * dot segments refused in either form.
 */
import { request, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { call, DATASET, digest, ingest, proposal, startServer, withServer } from '../http-harness.js';

let server: MockServer;

beforeAll(async () => {
  server = await startServer({ maxBody: 2048 });
});

afterAll(() => server.close());

const ERROR_BODY = { exceptionClass: 'com.svc.restli.server.RestLiServiceException' };

describe('routing errors', () => {
  it.each([
    {
      name: 'unknown action lists the valid ones',
      given: ['POST', '/entities?action=frobnicate', {}],
      want: [
        400,
        /^POST operation named frobnicate not supported on resource '\/entities'; valid actions: (?=.*ingest)(?=.*search)(?=.*browse)(?=.*autocomplete)/,
      ],
    },
    {
      name: 'action sent with GET',
      given: ['GET', '/entities?action=search', undefined],
      want: [400, /^All action methods \(specified via 'action' in URI\) must be submitted as a POST \(was GET\)$/],
    },
    {
      name: 'unknown resource',
      given: ['GET', '/x', undefined],
      want: [404, /^No root resource defined for path '\/x'$/],
    },
    {
      name: 'unknown resource under a gateway prefix',
      given: ['GET', '/api/gms/nothing/here', undefined],
      want: [404, /'\/nothing'/],
    },
    {
      name: 'wrong method on a keyed resource',
      given: ['DELETE', `/entitiesV2/${encodeURIComponent(DATASET)}`, undefined],
      want: [400, /DELETE operation not supported.*GET/],
    },
    {
      name: 'POST without action on an action resource',
      given: ['POST', '/aspects', {}],
      want: [400, /POST operation not supported.*action=.*ingestProposal/],
    },
  ] as const)('$name', async ({ given: [method, path, body], want: [status, message] }) => {
    const reply = await call(server, method, path, body === undefined ? {} : { body });
    expect(reply.status).toBe(status);
    expect(reply.json).toMatchObject({ ...ERROR_BODY, status });
    expect(reply.json.message).toMatch(message);
  });
});

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request through node's client, for what fetch does not send: a chosen Content-Length, a body in
 * parts, no body at all on a POST, HEAD. `end: false` leaves the body unfinished; the reply still comes.
 */
function rawCall(
  server: MockServer,
  method: string,
  path: string,
  options: { headers?: OutgoingHttpHeaders; body?: (string | Buffer)[]; end?: boolean } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(server.url + path, { method, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        if (options.end === false) req.destroy();
      });
    });
    req.on('error', reject);
    for (const part of options.body ?? []) req.write(part);
    if (options.end !== false) req.end();
  });
}

/** Requests written by hand on one connection (closed by the last one), for what node's client would not send; the server's whole output. */
function exchange(server: MockServer, requests: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(requests));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const SEARCH = '/entities?action=search';
const SEARCH_BODY = JSON.stringify({ input: '*', entity: 'dataset', start: 0, count: 1 });

describe("the listener's two ways: the metadata store, and admin, docs and GraphQL", () => {
  it.each([
    { given: ['GET', '/__mock/health'], want: [200, /"status":"ok"/] },
    { given: ['GET', '/__MOCK/health'], want: [200, /"status":"ok"/] },
    { given: ['GET', '/__mock/nothing'], want: [404, /No root resource defined for path '\/__mock'/] },
    { given: ['GET', '/svc/docs/api.html'], want: [200, /ingestProposal/] },
    { given: ['GET', '/gms/svc/docs/nothing.html'], want: [404, /No root resource defined for path '\/svc'/] },
    { given: ['POST', '/api/gms/svc/docs'], want: [400, /POST operation not supported for URI: '\/svc\/docs'/] },
    { given: ['GET', '/api/graphql'], want: [405, /Only POST/] },
    { given: ['POST', '/api/graphiql'], want: [404, /No root resource defined for path '\/api'/] },
    { given: ['GET', `/API/GMS/entitiesV2/${encodeURIComponent(DATASET)}`], want: [200, /"urn"/] },
    {
      given: ['GET', `/api/gmsx/entitiesV2/${encodeURIComponent(DATASET)}`],
      want: [404, /No root resource defined for path '\/api'/],
    },
    { given: ['GET', '/gms'], want: [404, /No root resource defined for path '\/'/] },
  ] as const)('$given.0 $given.1 is $want.0', async ({ given: [method, path], want: [status, text] }) => {
    const reply = await call(server, method, path);
    expect(reply.status).toBe(status);
    expect(reply.text).toMatch(text);
    expect(reply.headers.get('x-svc-protocol-version')).toBe('2.0.0');
  });

  it.each([
    ['GET http://catalog.example/__mock/health', 200, /"status":"ok"/],
    ['GET http://catalog.example/gms/nothing', 404, /No root resource defined for path '\/nothing'/],
  ])('a request target in absolute form, %s, is routed on its path', async (line, status, text) => {
    const answer = await exchange(server, `${line} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer).toMatch(text);
  });

  it.each([
    ['origin', '/__session/s/../../__mock/reset'],
    ['absolute', 'http://x/__session/s/../../__mock/reset'],
    ['absolute', 'http://x/__session/s/%2E%2e/%2e./__mock/reset'],
    ['absolute', 'http://x/__mock/./reset'],
  ])(
    'a dot segment in a request target in %s form, %s, is a 400 naming the path; nothing is reset',
    async (_form, target) => {
      await ingest(server, DATASET, 'status', { removed: true });
      const before = await digest(server);
      const answer = await exchange(
        server,
        `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(
        /"message":"path: '\.' and '\.\.' segments are not allowed in a request target, got '\/__/,
      );
      expect(await digest(server)).toBe(before);
    },
  );

  it.each([
    ['a read', `/entitiesV2/${encodeURIComponent(DATASET)}`, 200],
    ['a routing error', '/nothing', 404],
    ['an admin endpoint', '/__mock/health', 200],
  ])('HEAD on %s answers as GET does, without the body', async (_name, path, status) => {
    const get = await rawCall(server, 'GET', path);
    const head = await rawCall(server, 'HEAD', path);
    expect([head.status, get.status]).toEqual([status, status]);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('bodies', () => {
  it('malformed JSON is a 400 naming the body', async () => {
    const reply = await call(server, 'POST', '/entities?action=search', { raw: '{"input": "x",' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^body: malformed JSON/);
  });

  it('a body over the limit is a 413', async () => {
    const reply = await call(server, 'POST', '/entities?action=search', {
      body: { input: 'x'.repeat(4096), entity: 'dataset', start: 0, count: 1 },
    });
    expect(reply.status).toBe(413);
    expect(reply.json).toMatchObject({ ...ERROR_BODY, status: 413 });
  });

  it('an empty body where one is required is a 400 naming the missing field', async () => {
    const reply = await call(server, 'POST', '/aspects?action=ingestProposal');
    expect(reply.status).toBe(400);
    expect(reply.json.message).toBe("body: missing required property 'proposal'");
  });

  it.each([
    {
      name: 'a declared length over the limit, before the body is sent',
      given: { headers: { 'content-length': 4096 }, body: ['{"input":'], end: false },
    },
    {
      name: 'a streamed body once it passes the limit, before it ends',
      given: { headers: { 'transfer-encoding': 'chunked' }, body: ['{"input":"', 'x'.repeat(3000)], end: false },
    },
    {
      name: 'a compressed body whose decoded size is over the limit',
      given: { headers: { 'content-encoding': 'gzip' }, body: [gzipSync(JSON.stringify({ input: 'x'.repeat(4096) }))] },
    },
  ])('413 for $name', async ({ given }) => {
    const reply = await rawCall(server, 'POST', SEARCH, given);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toMatchObject({
      ...ERROR_BODY,
      status: 413,
      message: 'body: request body is larger than the limit of 2048 bytes',
    });
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
    ['GZIP', gzipSync],
  ] as const)('a %s-encoded body is decompressed', async (encoding, compress) => {
    const reply = await rawCall(server, 'POST', SEARCH, {
      headers: { 'content-encoding': encoding },
      body: [compress(SEARCH_BODY)],
    });
    expect(reply.status, reply.text).toBe(200);
    expect(JSON.parse(reply.text).value).toMatchObject({ from: 0, pageSize: 1 });
  });

  it.each([
    {
      name: 'an encoding it does not know',
      given: { 'content-encoding': 'compress' },
      body: SEARCH_BODY,
      want: [415, 'unsupported content encoding "compress"'],
    },
    {
      name: 'gzip that is not gzip',
      given: { 'content-encoding': 'gzip' },
      body: SEARCH_BODY,
      want: [400, /^body: cannot be decompressed as gzip \(/],
    },
    {
      name: 'a charset that is not Unicode',
      given: { 'content-type': 'application/json; charset=latin1' },
      body: SEARCH_BODY,
      want: [415, 'unsupported charset "LATIN1"'],
    },
    {
      name: 'a JSON string',
      given: {},
      body: '"search"',
      want: [400, "body: malformed JSON (expected an object or an array, found '\"' at position 0)"],
    },
    {
      name: 'a JSON number after whitespace',
      given: {},
      body: ' 42',
      want: [400, "body: malformed JSON (expected an object or an array, found '4' at position 1)"],
    },
    {
      name: 'whitespace only',
      given: {},
      body: '  ',
      want: [400, /^body: malformed JSON \(Unexpected end of JSON input\)$/],
    },
  ] satisfies { name: string; given: OutgoingHttpHeaders; body: string; want: [number, string | RegExp] }[])(
    '$name is refused',
    async ({ given, body, want: [status, message] }) => {
      const reply = await rawCall(server, 'POST', SEARCH, { headers: given, body: [body] });
      expect(reply.status).toBe(status);
      expect(JSON.parse(reply.text)).toMatchObject({
        ...ERROR_BODY,
        status,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    },
  );

  it.each([
    [
      'utf-8 with a byte order mark',
      'application/json',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SEARCH_BODY)]),
    ],
    ['utf-16le', 'application/json; charset=UTF-16LE', Buffer.from(SEARCH_BODY, 'utf16le')],
    ['no content type', undefined, Buffer.from(SEARCH_BODY)],
    ['text/plain', 'text/plain', Buffer.from(SEARCH_BODY)],
  ])('a body in %s is read as JSON', async (_name, type, bytes) => {
    const reply = await rawCall(server, 'POST', SEARCH, {
      headers: type ? { 'content-type': type } : {},
      body: [bytes],
    });
    expect(reply.status, reply.text).toBe(200);
  });

  it.each([
    ['Content-Length 0 is an empty object', 'Content-Length: 0\r\n', "body: missing required property 'proposal'"],
    ['neither Content-Length nor Transfer-Encoding is no body', '', 'body: a JSON request body is required'],
  ])('a POST without a body: %s', async (_name, header, message) => {
    // By hand: node's client would send an empty chunked body.
    const answer = await exchange(
      server,
      `POST /aspects?action=ingestProposal HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${header}\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).message).toBe(message);
  });

  it('GraphQL reads its body by the same rules, answering in its own error format', async () => {
    const reply = await rawCall(server, 'POST', '/api/graphql', {
      headers: { 'content-encoding': 'gzip' },
      body: [gzipSync(JSON.stringify({ query: '{ __typename }' }))],
    });
    expect(JSON.parse(reply.text)).toEqual({ data: { __typename: 'Query' }, extensions: {} });
    const large = await rawCall(server, 'POST', '/api/graphql', {
      headers: { 'content-length': 4096 },
      body: ['{"query":'],
      end: false,
    });
    expect(large.status).toBe(413);
    expect(JSON.parse(large.text)).toEqual({
      errors: [{ message: 'body: request body is larger than the limit of 2048 bytes' }],
    });
  });

  it.each([
    ['over the limit', 'Content-Length: 3000\r\n', `{"input":"${'x'.repeat(2988)}"}`, 413],
    [
      'in an unknown encoding',
      `Content-Length: ${SEARCH_BODY.length}\r\nContent-Encoding: compress\r\n`,
      SEARCH_BODY,
      415,
    ],
  ])(
    'a body refused as %s is dropped, and the next request on the connection is answered',
    async (_name, headers, body, status) => {
      const next = `POST ${SEARCH} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${SEARCH_BODY.length}\r\n\r\n${SEARCH_BODY}`;
      const answers = await exchange(server, `POST ${SEARCH} HTTP/1.1\r\nHost: x\r\n${headers}\r\n${body}${next}`);
      expect([...answers.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))).toEqual([status, 200]);
    },
  );

  it('a wrong type names the field', async () => {
    const reply = await call(server, 'POST', '/entities?action=search', {
      body: { input: 'x', entity: 'dataset', start: 0, count: 'ten' },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('body.count: must be integer');
  });

  it('a query parameter of the wrong type names the parameter', async () => {
    const reply = await call(server, 'GET', `/aspects/${encodeURIComponent(DATASET)}?aspect=ownership&version=latest`);
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('query.version: must be integer');
  });
});

describe('protocol', () => {
  it.each(['X-Svc-Protocol-Version', 'x-svc-protocol-version', 'X-SVC-PROTOCOL-VERSION'])(
    'accepts the protocol header spelt %s',
    async (header) => {
      const reply = await call(server, 'POST', '/aspects?action=ingestProposal', {
        body: proposal(DATASET, 'status', { removed: false }),
        headers: { [header]: '2.0.0' },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-svc-protocol-version')).toBe('2.0.0');
    },
  );

  it('a read of an absent aspect is a 404 and a read without aspect a 400', async () => {
    const absent = await call(server, 'GET', `/aspects/${encodeURIComponent(DATASET)}?aspect=ownership&version=7`);
    expect(absent.status).toBe(404);
    const noAspect = await call(server, 'GET', `/aspects/${encodeURIComponent(DATASET)}`);
    expect(noAspect.status).toBe(400);
    expect(noAspect.json.message).toMatch(/^query\.aspect/);
  });
});

describe('a request target sent again', () => {
  it('is routed, checked and answered as the first time: by its method, its body and its own parameters, a failure failing again', async () => {
    const read = `/aspects/${encodeURIComponent(DATASET)}?aspect=status&version=0`;
    await call(server, 'POST', '/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'status', { removed: false }),
    });
    for (let round = 0; round < 2; round++) {
      // Version 0 is the latest: the write at the end of the round before shows.
      expect((await call(server, 'GET', read)).json).toMatchObject({
        aspect: { 'com.svc.common.Status': { removed: round === 1 } },
      });
      expect((await call(server, 'DELETE', read)).json.message).toMatch(/^DELETE operation not supported/);
      expect((await call(server, 'GET', `${read}x`)).json.message).toMatch(/^query\.version: must be integer/);
      const badBody = await call(server, 'POST', '/aspects?action=ingestProposal', { body: {} });
      expect([badBody.status, badBody.json.message]).toEqual([400, "body: missing required property 'proposal'"]);
      expect(
        (
          await call(server, 'POST', '/aspects?action=ingestProposal', {
            body: proposal(DATASET, 'status', { removed: round === 0 }),
          })
        ).status,
      ).toBe(200);
    }
    expect((await call(server, 'GET', read)).json).toMatchObject({
      aspect: { 'com.svc.common.Status': { removed: false } },
    });
  });
});
describe('GraphQL next to the metadata store', () => {
  it('answers POST /api/graphql, refuses other methods and serves the explorer', async () => {
    const query = await call(server, 'POST', '/api/graphql', { body: { query: '{ __typename }' } });
    expect(query.status).toBe(200);
    expect(query.json.data).toEqual({ __typename: 'Query' });
    const get = await call(server, 'GET', '/api/graphql');
    expect(get.status).toBe(405);
    const explorer = await call(server, 'GET', '/api/graphiql');
    expect(explorer.status).toBe(200);
    expect(explorer.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('the request log', () => {
  it('has one line per request through either handler: method, address as sent, status and time', async () => {
    const lines: string[] = [];
    await withServer({ logger: (line) => lines.push(line) }, async (logged) => {
      await call(logged, 'GET', '/__mock/health');
      await call(logged, 'GET', '/gms/nothing?x=1');
      await call(logged, 'POST', '/api/graphql', { body: { query: '{ __typename }' } });
      await call(logged, 'POST', SEARCH, { raw: '{' });
    });
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/__mock\/health 200 \d+\.\dms$/),
      expect.stringMatching(/^GET \/gms\/nothing\?x=1 404 \d+\.\dms$/),
      expect.stringMatching(/^POST \/api\/graphql 200 \d+\.\dms$/),
      expect.stringMatching(/^POST \/entities\?action=search 400 \d+\.\dms$/),
    ]);
  });

  it('logs a defect with its stack and answers 500 in the Rest.li error body', async () => {
    const lines: string[] = [];
    await withServer({ logger: (line) => lines.push(line) }, async (broken) => {
      // A store that went away under the server is a defect, not bad input.
      broken.store.close();
      const reply = await call(broken, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`);
      expect(reply.status).toBe(500);
      expect(reply.json).toMatchObject({
        ...ERROR_BODY,
        status: 500,
        message: expect.stringMatching(/^Internal error: /),
      });
    });
    expect(lines[0]).toMatch(/^GET \/entitiesV2\/\S+ failed: \w*Error: .*\n\s+at /);
  });
});
