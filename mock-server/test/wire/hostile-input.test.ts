/**
 * Hostile input through HTTP: numbers beyond what an integer field can hold, documents nested deeper
 * than a JSON reader allows, malformed URNs inside aspect values, selections of restoreIndices that
 * select nothing, a burst of connections. Each response is a 4xx naming its field (never a 5xx), and
 * what the store holds is unchanged.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, DATASET, digest, ingest, proposal, serverForTests, USER, withServer } from '../http-harness.js';

const server = serverForTests();
const SEARCH = '/entities?action=search';
const RESTORE = '/operations?action=restoreIndices';
const ADMIN = { token: 'admin-token' };
const enc = encodeURIComponent;

/** A JSON text of `depth` nested objects `{"a":…}`. */
const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

async function expectRefused(
  method: string,
  path: string,
  body: { body?: unknown; raw?: string },
  field: RegExp,
): Promise<void> {
  const before = await digest(server());
  const reply = await call(server(), method, path, { ...body, ...ADMIN });
  expect(reply.status, reply.text).toBe(400);
  expect(reply.json.message).toMatch(field);
  expect(await digest(server())).toBe(before);
}

describe('integers beyond their field (D1-D3)', () => {
  it.each([
    {
      name: 'search count 1e300',
      path: SEARCH,
      raw: '{"input":"orders","entity":"dataset","start":0,"count":1e300}',
      want: /^body\.count: must be an integer from -2147483648 to 2147483647/,
    },
    {
      name: 'search start 1e300',
      path: SEARCH,
      raw: '{"input":"orders","entity":"dataset","start":1e300,"count":1}',
      want: /^body\.start: must be an integer/,
    },
    {
      name: 'autocomplete limit 2^64',
      path: '/entities?action=autocomplete',
      raw: '{"query":"ord","entity":"dataset","limit":18446744073709551616}',
      want: /^body\.limit: must be an integer/,
    },
    {
      name: 'restoreIndices start 1e308',
      path: RESTORE,
      raw: '{"start":1e308}',
      want: /^body\.start: must be an integer/,
    },
    {
      name: 'restoreIndices batchSize 1e308',
      path: RESTORE,
      raw: '{"batchSize":1e308}',
      want: /^body\.batchSize: must be an integer/,
    },
    {
      name: 'truncation endTimeMillis 2^63 (an int64 beyond 2^53-1)',
      path: '/operations?action=truncateTimeseriesAspect',
      raw: '{"entityType":"dataset","aspect":"datasetProfile","endTimeMillis":9223372036854775807}',
      want: /^body\.endTimeMillis: must be an integer from -9007199254740991 to 9007199254740991 \(int64\)/,
    },
  ])('$name: 400 naming the field', ({ path, raw, want }) => expectRefused('POST', path, { raw }, want));

  it('refuses a version query parameter beyond int64 (query.version)', async () => {
    const reply = await call(server(), 'GET', `/aspects/${enc(DATASET)}?aspect=status&version=18446744073709551616`);
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^query\.version: must be an integer/);
  });

  it('serves a search count above 10,000 as 10,000, as upstream does (not strict)', async () => {
    const reply = await call(server(), 'POST', SEARCH, {
      body: { input: '*', entity: 'dataset', start: 0, count: 2_000_000 },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.value.pageSize).toBe(10_000);
    const within = await call(server(), 'POST', SEARCH, {
      body: { input: '*', entity: 'dataset', start: 0, count: 10_000 },
    });
    expect(within.json.value.pageSize).toBe(10_000);
  });
});

describe('nesting deeper than the JSON reader allows (D4)', () => {
  it('refuses a request body nested 5,000 levels with a 400 naming the limit', () =>
    expectRefused(
      'POST',
      SEARCH,
      { raw: `{"input":"x","entity":"dataset","start":0,"count":1,"filter":${nested(5000)}}` },
      /^body: JSON nesting depth exceeds the maximum allowed \(1000\)/,
    ));

  it('refuses an aspect value nested 5,000 levels with a 400 naming the field and the limit', async () => {
    const body = proposal(DATASET, 'datasetProperties', null, {
      aspect: { value: `{"customProperties":${nested(5000)}}`, contentType: 'application/json' },
    });
    await expectRefused(
      'POST',
      '/aspects?action=ingestProposal',
      { body },
      /^body\.proposal\.aspect\.value: JSON nesting depth exceeds the maximum allowed \(1000\)/,
    );
  });

  it('reads a body of exactly 1,000 levels (the limit itself is allowed)', async () => {
    const reply = await call(server(), 'POST', SEARCH, {
      raw: `{"input":"x","entity":"dataset","start":0,"count":1,"filter":${nested(999)}}`,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).not.toMatch(/nesting/);
  });
});

describe('malformed URNs inside aspect values (D6)', () => {
  const MALFORMED = [
    'urn:svc:chart:(looker',
    'urn:svc:chart:(,,)',
    'urn:svc:chart:()',
    'urn:svc:chart:looker,x)',
    'urn:svc:corpuser:(a,b)',
  ];

  it.each(MALFORMED)('ingestProposal refuses owner %s, naming the field', async (owner) => {
    const before = await digest(server());
    const reply = await call(server(), 'POST', '/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'ownership', { owners: [{ owner, type: 'DATAOWNER' }] }),
    });
    expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.json.message).toMatch(/owners\[0\]\.owner: is not a URN/);
    expect(await digest(server())).toBe(before);
  });

  it.each(MALFORMED)('legacy ingest refuses owner %s, naming the field', async (owner) => {
    const before = await digest(server());
    const body = {
      entity: {
        value: {
          'com.svc.metadata.snapshot.DatasetSnapshot': {
            urn: DATASET,
            aspects: [{ 'com.svc.common.Ownership': { owners: [{ owner, type: 'DATAOWNER' }] } }],
          },
        },
      },
    };
    const reply = await call(server(), 'POST', '/entities?action=ingest', { body });
    expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.json.message).toMatch(/owners\[0\]\.owner: is not a URN/);
    expect(await digest(server())).toBe(before);
  });

  it('stores a well-formed owner URN of every arity', async () => {
    await ingest(server(), DATASET, 'ownership', {
      owners: [
        { owner: USER, type: 'DATAOWNER' },
        { owner: 'urn:svc:corpGroup:analysts', type: 'DATAOWNER' },
      ],
    });
  });
});

describe('restoreIndices with a selection that selects nothing (D5)', () => {
  const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,restore.orders,PROD)';
  const found = async (): Promise<string[]> =>
    (await call(server(), 'POST', SEARCH, { body: { input: 'restore', entity: 'dataset', start: 0, count: 10 } })).json
      .value.entities;
  const owners = async (): Promise<string[]> =>
    (await call(server(), 'GET', `/relationships?urn=${enc(ORDERS)}&direction=OUTGOING&types=OwnedBy`)).json.entities;

  it.each([{ aspect: 'noSuchAspect' }, { aspect: '' }, { aspect: 'toString' }, { start: 1000 }])(
    '%o leaves the entity found and its relationships',
    async (selection) => {
      await ingest(server(), ORDERS, 'ownership', { owners: [{ owner: USER, type: 'DATAOWNER' }] });
      expect(await found()).toContain(ORDERS);
      const reply = await call(server(), 'POST', RESTORE, { body: { urn: ORDERS, ...selection }, ...ADMIN });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.value).toContain('rowsMigrated=0');
      expect(await found()).toContain(ORDERS);
      expect(await owners()).toEqual([USER]);
    },
  );
});

describe('every 4xx names its field (D7, D8)', () => {
  it('evaluate of a URN of an unknown entity type names body.urn', async () => {
    const reply = await call(server(), 'POST', '/test?action=evaluate', {
      body: { urn: 'urn:svc:nosuchentity:x' },
      ...ADMIN,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^body\.urn: Failed to find entity with name nosuchentity/);
  });

  it.each(['/aspects/%s?aspect=ownership', '/entitiesV2/%s'])(
    'GET %s of a URN with the wrong number of key parts is a 400 naming path.urn',
    async (template) => {
      const reply = await call(server(), 'GET', template.replace('%s', enc('urn:svc:chart:(looker')));
      expect(reply.status).toBe(400);
      expect(reply.json.message).toMatch(/^path\.urn: 'urn:svc:chart:\(looker' has 1 key part\(s\); a chart URN has 2/);
    },
  );
});

describe('GraphQL variables of the wrong type', () => {
  it('answer the coercion error in graphql-js form and log nothing', async () => {
    const logged: string[] = [];
    await withServer({ logger: (line) => logged.push(line) }, async (own) => {
      const reply = await call(own, 'POST', '/api/graphql', {
        body: { query: 'query ($u: String!) { dataset(urn: $u) { urn } }', variables: { u: 5 } },
      });
      expect(reply.status).toBe(200);
      expect(reply.json.errors).toHaveLength(1);
      expect(reply.json.errors[0].message).toMatch(/Variable "\$u" got invalid value 5/);
      expect(logged.filter((line) => /failed/.test(line))).toEqual([]);
    });
  });
});

describe('a burst of connections (D9)', () => {
  it('answers 2,000 simultaneous connections', async () => {
    const { port } = new URL(server().url);
    const one = (): Promise<boolean> =>
      new Promise((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write('GET /__mock/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text.startsWith('HTTP/1.1 200')));
        socket.on('error', () => resolve(false));
      });
    const answers = await Promise.all(Array.from({ length: 2000 }, one));
    expect(answers.filter((ok) => !ok)).toHaveLength(0);
  });
});
