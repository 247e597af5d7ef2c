/**
 * A GraphQL query returns what the store holds now, whichever way it was written since the last
 * query: repeated queries of an unchanged store may be sent the cached responses of the ones before them, and every
 * kind of write (ingestProposal, a batch, the legacy ingest, a GraphQL mutation, a delete, an admin
 * reset, a scenario loaded, a session's own writes) shows in the next query, through HTTP as a client sees it. A cached response is never given
 * to another session or to a caller the query would refuse, and a read that changes with the time
 * alone (while a write waits for the index lag) is never kept.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, OTHER_DATASET, READER, USER, call, graphql, ingest } from '../graphql-harness.js';
import { proposal, serverForTests, withServer, type Reply } from '../http-harness.js';

const QUERY = `query dataset($urn: String!) { dataset(urn: $urn) { urn properties { description } editableProperties { description } } }`;
const UPDATE = `mutation update($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }`;

let n = 0;
/** A dataset no other test of the file writes. */
const freshDataset = (): string => `urn:svc:dataset:(urn:svc:dataPlatform:hive,graphql.reads.t${++n},PROD)`;

describe('a GraphQL query after a write', () => {
  const server = serverForTests();
  const query = (urn: string, prefix = ''): Promise<Reply> =>
    call(server(), 'POST', `${prefix}/api/graphql`, { body: { query: QUERY, variables: { urn } } });
  const description = async (urn: string, prefix = ''): Promise<unknown> => {
    const reply = await query(urn, prefix);
    expect(reply.json.errors).toBeUndefined();
    return reply.json.data.dataset.properties?.description;
  };
  const describeAs = (urn: string, text: string, prefix = ''): Promise<Reply> =>
    call(server(), 'POST', `${prefix}/aspects?action=ingestProposal`, {
      body: proposal(urn, 'datasetProperties', { description: text, customProperties: {} }),
    });

  it('responds with the same bytes and headers while nothing is written, and the new value after an ingestProposal', async () => {
    const urn = freshDataset();
    await describeAs(urn, 'first');
    const [a, b] = [await query(urn), await query(urn)];
    expect(a.json.data.dataset.properties.description).toBe('first');
    expect(b.text).toBe(a.text);
    expect([...b.headers].filter(([name]) => name !== 'date')).toEqual(
      [...a.headers].filter(([name]) => name !== 'date'),
    );
    await describeAs(urn, 'second, with ünïcode');
    const after = await query(urn);
    expect(after.json.data.dataset.properties.description).toBe('second, with ünïcode');
    expect(Number(after.headers.get('content-length'))).toBe(Buffer.byteLength(after.text));
  });

  it('keeps the responses of different variables apart, and updates each after a write', async () => {
    const [one, two] = [freshDataset(), freshDataset()];
    await describeAs(one, 'one');
    await describeAs(two, 'two');
    expect([await description(one), await description(two)]).toEqual(['one', 'two']);
    await describeAs(two, 'two again');
    expect([await description(one), await description(two)]).toEqual(['one', 'two again']);
  });

  // Each kind of write, after a cached response that says 'before': what the next query must say.
  // `session` runs the whole case in a session of its own.
  const writes: {
    kind: string;
    session?: string;
    write: (urn: string, prefix: string) => Promise<Reply>;
    after: (reply: Reply) => unknown;
    want: unknown;
  }[] = [
    {
      kind: 'an ingestProposal',
      write: (urn) => describeAs(urn, 'single'),
      after: (r) => r.json.data.dataset.properties.description,
      want: 'single',
    },
    {
      kind: 'the legacy ingest of a snapshot',
      write: (urn) =>
        call(server(), 'POST', '/entities?action=ingest', {
          body: {
            entity: {
              value: {
                'com.svc.metadata.snapshot.DatasetSnapshot': {
                  urn,
                  aspects: [{ 'com.svc.dataset.DatasetProperties': { description: 'legacy', customProperties: {} } }],
                },
              },
            },
          },
        }),
      after: (r) => r.json.data.dataset.properties.description,
      want: 'legacy',
    },
    {
      kind: 'an ingestProposalBatch',
      write: (urn) =>
        call(server(), 'POST', '/aspects?action=ingestProposalBatch', {
          body: {
            proposals: [proposal(urn, 'datasetProperties', { description: 'batch', customProperties: {} }).proposal],
          },
        }),
      after: (r) => r.json.data.dataset.properties.description,
      want: 'batch',
    },
    {
      kind: 'a GraphQL mutation',
      write: (urn) =>
        graphql(server(), {
          query: UPDATE,
          variables: { urn, input: { editableProperties: { description: 'from the app' } } },
          token: ADMIN,
        }),
      after: (r) => r.json.data.dataset.editableProperties?.description,
      want: 'from the app',
    },
    {
      kind: 'a DELETE proposal',
      write: (urn) =>
        call(server(), 'POST', '/aspects?action=ingestProposal', {
          body: {
            proposal: { entityType: 'dataset', entityUrn: urn, changeType: 'DELETE', aspectName: 'datasetProperties' },
          },
        }),
      after: (r) => r.json.data.dataset.properties,
      want: null,
    },
    {
      kind: 'a hard delete of the entity',
      write: (urn) => call(server(), 'POST', '/entities?action=delete', { body: { urn } }),
      after: (r) => r.json.data.dataset.properties,
      want: null,
    },
    {
      kind: 'an admin reset',
      write: () => call(server(), 'POST', '/__mock/reset'),
      after: (r) => r.json.data.dataset.properties,
      want: null,
    },
    {
      kind: 'a scenario loaded',
      session: 'graphql-reads-scenario',
      write: (_urn, prefix) => call(server(), 'POST', `${prefix}/__mock/scenarios/empty`),
      after: (r) => r.json.data.dataset.properties,
      want: null,
    },
  ];

  it.each(writes)('shows $kind in the next query', async ({ session, write, after, want }) => {
    const urn = freshDataset();
    const prefix = session ? `/__session/${session}` : '';
    await describeAs(urn, 'before', prefix);
    expect([await description(urn, prefix), await description(urn, prefix)]).toEqual(['before', 'before']);
    const written = await write(urn, prefix);
    expect(written.status).toBe(200);
    expect(written.json?.errors).toBeUndefined();
    expect(after(await query(urn, prefix))).toEqual(want);
  });

  it("keeps each session to its own cached responses: a session's write shows there and not in another", async () => {
    const urn = freshDataset();
    const [a, b] = ['/__session/graphql-reads-a', '/__session/graphql-reads-b'];
    for (const prefix of [a, b]) expect((await describeAs(urn, prefix, prefix)).status).toBe(200);
    expect([await description(urn, a), await description(urn, b), await description(urn)]).toEqual([a, b, undefined]);
    expect((await describeAs(urn, 'a again', a)).status).toBe(200);
    expect([await description(urn, a), await description(urn, b), await description(urn)]).toEqual([
      'a again',
      b,
      undefined,
    ]);
    expect((await call(server(), 'POST', `${b}/__mock/reset`)).status).toBe(200);
    expect([await description(urn, a), await description(urn, b)]).toEqual(['a again', undefined]);
  });
});

describe('a cached GraphQL response and the caller', () => {
  it('is given only to callers the query admits: in the auth mode `all`, no token or an unknown one is still a 401', async () => {
    await withServer({ auth: 'all' }, async (server) => {
      const urn = freshDataset();
      expect(
        (await ingest(server, urn, 'datasetProperties', { description: 'guarded', customProperties: {} }, ADMIN))
          .status,
      ).toBe(200);
      const asked = (token?: string): Promise<Reply> =>
        graphql(server, { query: QUERY, variables: { urn }, ...(token ? { token } : {}) });
      const admitted = await asked(ADMIN);
      expect(admitted.json.data.dataset.properties.description).toBe('guarded');
      expect((await asked(ADMIN)).text).toBe(admitted.text);
      expect((await asked()).status).toBe(401);
      expect((await asked('guessed')).status).toBe(401);
      expect((await asked(READER)).text).toBe(admitted.text);
    });
  });
});

describe('a GraphQL query of relationships under an index lag', () => {
  it('shows the edge once the lag has passed, with no write in between', async () => {
    await withServer({ indexLagMs: 1500 }, async (server) => {
      const urn = freshDataset();
      const lineage = `{ dataset(urn: "${urn}") { lineage(input: {direction: UPSTREAM}) { total } relationships(input: {types: ["DownstreamOf"], direction: OUTGOING}) { total } } }`;
      const totals = async (): Promise<number[]> => {
        const { dataset } = (await graphql(server, { query: lineage })).json.data;
        return [dataset.lineage.total, dataset.relationships.total];
      };
      await ingest(server, OTHER_DATASET, 'status', { removed: false });
      await ingest(server, urn, 'upstreamLineage', {
        upstreams: [{ dataset: OTHER_DATASET, type: 'TRANSFORMED', auditStamp: { time: 1, actor: USER } }],
      });
      expect(await totals()).toEqual([0, 0]);
      let seen = await totals();
      for (let attempt = 0; attempt < 100 && seen[0] === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await totals();
      }
      expect(seen).toEqual([1, 1]);
    });
  });
});

describe('a GraphQL search under an index lag', () => {
  it('finds a new dataset once the lag has passed, asked by GraphQL alone, with no other request in between', async () => {
    // A lag long enough that a busy machine still asks the first search inside it.
    await withServer({ indexLagMs: 2000 }, async (server) => {
      const name = 'laggedgraphqlsearchterm';
      const urn = `urn:svc:dataset:(urn:svc:dataPlatform:hive,${name},PROD)`;
      const found = `{ searchAcrossEntities(input: {types: [DATASET], query: "${name}", start: 0, count: 10}) { total searchResults { entity { urn } } } }`;
      const total = async (): Promise<number> =>
        (await graphql(server, { query: found })).json.data.searchAcrossEntities.total;
      await ingest(server, urn, 'datasetProperties', { name, customProperties: {} });
      expect(await total()).toBe(0);
      let seen = await total();
      for (let attempt = 0; attempt < 100 && seen === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await total();
      }
      expect(seen).toBe(1);
    });
  });
});
