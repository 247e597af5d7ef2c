/** Bearer tokens: which requests need one in each mode, readers may not write, and writes are stamped with the token's user. */
import { describe, expect, it } from 'vitest';
import { parseTokenGrant } from '../../index.js';
import { call, DATASET, digest, proposal, serverForTests, withServer } from '../http-harness.js';

const ALICE = 'urn:svc:corpuser:alice';
const READER = 'urn:svc:corpuser:rita';
const TOKENS = [
  { token: 'alice-token', user: ALICE, role: 'admin' as const },
  { token: 'rita-token', user: READER, role: 'reader' as const },
];

describe("auth 'all'", () => {
  const server = serverForTests({ auth: 'all', tokens: TOKENS });

  it.each([
    ['a read', 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`, undefined],
    ['a search', 'POST', '/entities?action=search', { input: '*', entity: 'dataset', start: 0, count: 1 }],
    ['a write', 'POST', '/aspects?action=ingestProposal', proposal(DATASET, 'status', { removed: false })],
  ])('%s without a token is a 401', async (_name, method, path, body) => {
    const reply = await call(server(), method, path, body === undefined ? {} : { body });
    expect(reply.status).toBe(401);
    expect(reply.json).toMatchObject({
      status: 401,
      exceptionClass: expect.stringContaining('RestLiServiceException'),
    });
  });

  it('an unknown token is a 401', async () => {
    const reply = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`, { token: 'guessed' });
    expect(reply.status).toBe(401);
  });

  it.each([
    ['the reference page', '/svc/docs'],
    ['health', '/__mock/health'],
    ['the snapshot', '/__mock/snapshot'],
  ])('%s needs no token', async (_name, path) => {
    expect((await call(server(), 'GET', path)).status).toBe(200);
  });

  it('a reader may read but not write, and the refused write changes nothing', async () => {
    const read = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`, { token: 'rita-token' });
    expect(read.status).toBe(200);
    const before = await digest(server());
    const write = await call(server(), 'POST', '/aspects?action=ingestProposal', {
      token: 'rita-token',
      body: proposal(DATASET, 'status', { removed: true }),
    });
    expect(write.status).toBe(403);
    expect(write.json.message).toBe(`User ${READER} is unauthorized to modify entity ${DATASET}`);
    expect(await digest(server())).toBe(before);
  });

  it('a reader may not run operations either', async () => {
    const reply = await call(server(), 'POST', '/operations?action=restoreIndices', { token: 'rita-token', body: {} });
    expect(reply.status).toBe(403);
  });

  it('the actor of the audit stamp is the token’s user', async () => {
    const write = await call(server(), 'POST', '/aspects?action=ingestProposal', {
      token: 'alice-token',
      body: proposal(DATASET, 'status', { removed: false }),
    });
    expect(write.status).toBe(200);
    const read = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}?aspects=List(status)`, {
      token: 'alice-token',
    });
    expect(read.json.aspects.status.created.actor).toBe(ALICE);
  });
});

describe("auth 'standard' (default) with the default tokens", () => {
  const server = serverForTests();

  it('the metadata store is open and anonymous writes are stamped UNKNOWN', async () => {
    const write = await call(server(), 'POST', '/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'status', { removed: false }),
    });
    expect(write.status).toBe(200);
    const read = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}?aspects=List(status)`);
    expect(read.json.aspects.status.created.actor).toBe('urn:svc:corpuser:UNKNOWN');
  });

  it.each(['/operations?action=getIndexSizes', '/test?action=evaluate'])('%s needs a token', async (path) => {
    const reply = await call(server(), 'POST', path, { body: {} });
    expect(reply.status).toBe(401);
  });

  it('the default reader token may not write', async () => {
    const reply = await call(server(), 'POST', '/aspects?action=ingestProposal', {
      token: 'reader-token',
      body: proposal(DATASET, 'status', { removed: true }),
    });
    expect(reply.status).toBe(403);
    expect(reply.json.message).toMatch(/^User urn:svc:corpuser:reader is unauthorized to modify entity/);
  });

  it('the default admin token writes as its user', async () => {
    await call(server(), 'POST', '/aspects?action=ingestProposal', {
      token: 'admin-token',
      body: proposal(DATASET, 'status', { removed: true }),
    });
    const read = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}?aspects=List(status)`);
    expect(read.json.aspects.status.created.actor).toBe('urn:svc:corpuser:datahub');
  });
});

describe("auth 'off'", () => {
  it('needs no token anywhere and ignores unknown ones', async () => {
    await withServer({ auth: 'off' }, async (open) => {
      expect(
        (await call(open, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`, { token: 'whatever' })).status,
      ).toBe(200);
      expect((await call(open, 'POST', '/operations?action=getIndexSizes', { body: {} })).status).not.toBe(401);
    });
  });
});

describe('--token grants', () => {
  it.each([
    { given: 't1=urn:svc:corpuser:ann', want: { token: 't1', user: 'urn:svc:corpuser:ann', role: 'admin' } },
    { given: 't2=urn:svc:corpuser:ann:reader', want: { token: 't2', user: 'urn:svc:corpuser:ann', role: 'reader' } },
    {
      given: 't3=urn:svc:corpuser:datahub:admin',
      want: { token: 't3', user: 'urn:svc:corpuser:datahub', role: 'admin' },
    },
    { given: 't4=urn:svc:corpuser:reader', want: { token: 't4', user: 'urn:svc:corpuser:reader', role: 'admin' } },
    {
      given: 't5=urn:svc:corpuser:ed:Editor',
      want: { token: 't5', user: 'urn:svc:corpuser:ed', role: 'admin', upstreamRole: 'Editor' },
    },
    {
      given: 't6=urn:svc:corpuser:ro:Reader',
      want: { token: 't6', user: 'urn:svc:corpuser:ro', role: 'reader', upstreamRole: 'Reader' },
    },
  ])('$given', ({ given, want }) => {
    expect(parseTokenGrant(given)).toEqual(want);
  });

  it.each(['no-equals', '=urn:svc:corpuser:x', 't=not-a-urn'])('%s is refused with a message', (given) => {
    expect(typeof parseTokenGrant(given)).toBe('string');
  });
});
