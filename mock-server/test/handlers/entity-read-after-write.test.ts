/**
 * An entity read answers what the store holds now, whichever way it was written since the last read:
 * repeated reads of an unchanged entity may be answered from the reads before them, and every kind
 * of write (ingestProposal of every change type, a batch, the legacy ingest, GraphQL mutations, a
 * delete, pushed test results, an admin reset, a scenario loaded, a session's own writes) shows in
 * the next read, through HTTP as a client sees it.
 */
import { describe, expect, it } from 'vitest';
import { call, ingest, proposal, serverForTests, type Reply } from '../http-harness.js';

const UPDATE = `mutation update($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }`;
const ADD_LINK = 'mutation addLink($input: AddLinkInput!) { addLink(input: $input) }';
const LINK = 'https://wiki.example.com/reads';
const TAG = 'urn:svc:tag:Gold';
const TEST_DEFINITION = 'urn:svc:test:reads-described';

let n = 0;
/** A dataset no other test of the file writes. */
const freshDataset = (): string => `urn:svc:dataset:(urn:svc:dataPlatform:hive,reads.t${++n},PROD)`;

describe('an entity read after a write', () => {
  const server = serverForTests();
  const read = (urn: string, query = '', prefix = ''): Promise<Reply> =>
    call(server(), 'GET', `${prefix}/entitiesV2/${encodeURIComponent(urn)}${query}`);
  const description = async (urn: string, prefix = ''): Promise<unknown> =>
    (await read(urn, '', prefix)).json.aspects.datasetProperties?.value.description;
  const describeAs = (urn: string, text: string): Promise<Reply> =>
    ingest(server(), urn, 'datasetProperties', { description: text, customProperties: {} });

  it('answers the same bytes while nothing is written, and the new value after an ingestProposal', async () => {
    const urn = freshDataset();
    await describeAs(urn, 'first');
    const [a, b] = [await read(urn), await read(urn)];
    expect(b.text).toBe(a.text);
    expect(b.headers.get('content-length')).toBe(a.headers.get('content-length'));
    await describeAs(urn, 'second, with ünïcode');
    const after = await read(urn);
    expect(after.json.aspects.datasetProperties.value.description).toBe('second, with ünïcode');
    expect(Number(after.headers.get('content-length'))).toBe(Buffer.byteLength(after.text));
  });

  it('keeps the answers of different aspect lists apart, and updates each after a write', async () => {
    const urn = freshDataset();
    await describeAs(urn, 'listed');
    await ingest(server(), urn, 'status', { removed: false });
    const only = (await read(urn, '?aspects=List(status)')).json;
    const all = (await read(urn)).json;
    expect(Object.keys(only.aspects).sort()).toEqual(['datasetKey', 'status']);
    expect(Object.keys(all.aspects)).toContain('datasetProperties');
    await ingest(server(), urn, 'status', { removed: true });
    expect((await read(urn, '?aspects=List(status)')).json.aspects.status.value.removed).toBe(true);
    expect((await read(urn)).json.aspects.status.value.removed).toBe(true);
  });

  it('shows an ingestProposalBatch, a GraphQL mutation and a DELETE proposal', async () => {
    const urn = freshDataset();
    await describeAs(urn, 'before');
    expect(await description(urn)).toBe('before');
    const batch = await call(server(), 'POST', '/aspects?action=ingestProposalBatch', {
      body: {
        proposals: [proposal(urn, 'datasetProperties', { description: 'batch', customProperties: {} }).proposal],
      },
    });
    expect(batch.status).toBe(200);
    expect(await description(urn)).toBe('batch');
    await read(urn);
    const mutation = await call(server(), 'POST', '/api/graphql', {
      body: { query: UPDATE, variables: { urn, input: { editableProperties: { description: 'from the app' } } } },
      token: 'admin-token',
    });
    expect(mutation.json.errors).toBeUndefined();
    expect((await read(urn)).json.aspects.editableDatasetProperties.value.description).toBe('from the app');
    const removal = await call(server(), 'POST', '/aspects?action=ingestProposal', {
      body: {
        proposal: {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'DELETE',
          aspectName: 'editableDatasetProperties',
        },
      },
    });
    expect(removal.status).toBe(200);
    expect((await read(urn)).json.aspects.editableDatasetProperties).toBeUndefined();
  });

  it('shows a hard delete of the entity and an admin reset', async () => {
    const urn = freshDataset();
    await describeAs(urn, 'doomed');
    expect(await description(urn)).toBe('doomed');
    expect((await call(server(), 'POST', '/entities?action=delete', { body: { urn } })).status).toBe(200);
    expect(Object.keys((await read(urn)).json.aspects)).toEqual(['datasetKey']);
    await describeAs(urn, 'back again');
    expect(await description(urn)).toBe('back again');
    expect((await call(server(), 'POST', '/__mock/reset')).status).toBe(200);
    expect(await description(urn)).toBeUndefined();
  });

  // Each kind of write not shown above, after two reads that say 'before' (the second may be a kept
  // answer): what the next read must show. `session` runs the whole case in a session of its own.
  const writes: {
    kind: string;
    session?: string;
    write: (urn: string, prefix: string) => Promise<Reply>;
    after: (aspects: Record<string, any>) => unknown;
    want: unknown;
  }[] = [
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
      after: (aspects) => aspects.datasetProperties.value.description,
      want: 'legacy',
    },
    {
      kind: 'a PATCH proposal',
      write: (urn) =>
        call(server(), 'POST', '/aspects?action=ingestProposal', {
          body: proposal(urn, 'globalTags', undefined, {
            changeType: 'PATCH',
            aspect: {
              value: JSON.stringify([{ op: 'add', path: `/tags/${TAG}`, value: { tag: TAG } }]),
              contentType: 'application/json-patch+json',
            },
          }),
        }),
      after: (aspects) => aspects.globalTags?.value.tags,
      want: [{ tag: TAG }],
    },
    {
      kind: 'a GraphQL link mutation',
      write: (urn) =>
        call(server(), 'POST', '/api/graphql', {
          body: { query: ADD_LINK, variables: { input: { linkUrl: LINK, label: 'Wiki', resourceUrn: urn } } },
          token: 'admin-token',
        }),
      after: (aspects) => aspects.institutionalMemory?.value.elements.map((e: { url: string }) => e.url),
      want: [LINK],
    },
    {
      kind: "a test evaluation that pushes its results (the test's definition written before the reads)",
      write: (urn) =>
        call(server(), 'POST', '/test?action=evaluate', { body: { urn, shouldPush: true }, token: 'admin-token' }),
      after: (aspects) => aspects.testResults?.value.passing,
      want: [{ test: TEST_DEFINITION, type: 'SUCCESS' }],
    },
    {
      kind: 'a scenario loaded',
      session: 'reads-scenario',
      write: (_urn, prefix) => call(server(), 'POST', `${prefix}/__mock/scenarios/empty`),
      after: (aspects) => aspects.datasetProperties,
      want: undefined,
    },
  ];

  it.each(writes)('shows $kind in the next read', async ({ session, write, after, want }) => {
    const urn = freshDataset();
    const prefix = session ? `/__session/${session}` : '';
    await ingest(server(), TEST_DEFINITION, 'testInfo', {
      name: 'described',
      entityTypes: ['dataset'],
      rules: { exists: 'datasetProperties.description' },
    });
    expect(
      (
        await call(server(), 'POST', `${prefix}/aspects?action=ingestProposal`, {
          body: proposal(urn, 'datasetProperties', { description: 'before', customProperties: {} }),
        })
      ).status,
    ).toBe(200);
    expect([await description(urn, prefix), await description(urn, prefix)]).toEqual(['before', 'before']);
    const written = await write(urn, prefix);
    expect(written.status, written.text).toBe(200);
    expect(written.json?.errors).toBeUndefined();
    expect(after((await read(urn, '', prefix)).json.aspects)).toEqual(want);
  });

  it('keeps each session to its own store: a write in one shows there and not in another', async () => {
    const urn = freshDataset();
    const [a, b] = ['/__session/reads-a', '/__session/reads-b'];
    for (const prefix of [a, b]) {
      const written = await call(server(), 'POST', `${prefix}/aspects?action=ingestProposal`, {
        body: proposal(urn, 'datasetProperties', { description: prefix, customProperties: {} }),
      });
      expect(written.status).toBe(200);
    }
    expect([await description(urn, a), await description(urn, b), await description(urn)]).toEqual([a, b, undefined]);
    await call(server(), 'POST', `${a}/aspects?action=ingestProposal`, {
      body: proposal(urn, 'datasetProperties', { description: 'a again', customProperties: {} }),
    });
    expect([await description(urn, a), await description(urn, b)]).toEqual(['a again', b]);
    expect((await call(server(), 'POST', `${b}/__mock/reset`)).status).toBe(200);
    expect([await description(urn, a), await description(urn, b)]).toEqual(['a again', undefined]);
  });

  it('stamps the key of a never-written entity at each read, as upstream synthesises it', async () => {
    const urn = freshDataset();
    const first = (await read(urn)).json.aspects.datasetKey.created.time as number;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await read(urn)).json.aspects.datasetKey.created.time).toBeGreaterThan(first);
  });

  it("answers a refused batch's entity as it was, the batch rolled back whole", async () => {
    const urn = freshDataset();
    await describeAs(urn, 'kept');
    const before = await read(urn);
    const refused = await call(server(), 'POST', '/aspects?action=ingestProposalBatch', {
      body: {
        proposals: [
          proposal(urn, 'datasetProperties', { description: 'never', customProperties: {} }).proposal,
          proposal(urn, 'status', { removed: 'yes' }).proposal,
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect((await read(urn)).text).toBe(before.text);
  });
});
