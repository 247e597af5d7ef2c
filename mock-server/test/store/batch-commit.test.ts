/**
 * Group commit (mock-server/store/batch-commit.ts): requests that the server reads in one tick of its
 * event loop (pipelined on one connection, sent in one write) share one transaction, and each keeps
 * the behaviour it has alone: a derived read sees the writes before it, a refused request undoes
 * only its own rows, every response is the one it would get alone.
 */
import { describe, expect, it } from 'vitest';
import { call, pipelined, proposal, serverForTests } from '../http-harness.js';

const server = serverForTests();
const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,turn.${name},PROD)`;
const ingest = (urn: string, aspect: string, value: unknown) => ({
  method: 'POST',
  path: '/aspects?action=ingestProposal',
  body: proposal(urn, aspect, value),
});
const search = (input: string) => ({
  method: 'POST',
  path: '/entities?action=search',
  body: { input, entity: 'dataset', start: 0, count: 10 },
});
const latest = (urn: string, aspect: string) =>
  call(server(), 'GET', `/aspects/${encodeURIComponent(urn)}?aspect=${aspect}&version=0`);

describe('requests read in one tick', () => {
  it('a search and a relationships read behind writes find them', async () => {
    const urn = dataset('quokka');
    const owner = 'urn:svc:corpuser:quokka.keeper';
    const responses = await pipelined(server().url, [
      ingest(urn, 'datasetProperties', { description: 'a quokka census', customProperties: {} }),
      search('quokka'),
      ingest(urn, 'ownership', { owners: [{ owner, type: 'DATAOWNER' }], lastModified: { time: 0, actor: owner } }),
      { method: 'GET', path: `/relationships?urn=${encodeURIComponent(owner)}&direction=INCOMING&types=List(OwnedBy)` },
      search('census'),
    ]);
    expect(responses.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses[1]?.json.value.entities).toEqual([urn]);
    expect(responses[3]?.json.relationships.map((r: { entity: string }) => r.entity)).toEqual([urn]);
    expect(responses[4]?.json.value.entities).toEqual([urn]);
  });

  it('a refused request undoes only its own rows, and the others stand', async () => {
    const [kept, undone, refused, after] = ['kept', 'undone', 'refused', 'after'].map(dataset) as [
      string,
      string,
      string,
      string,
    ];
    const responses = await pipelined(server().url, [
      ingest(kept, 'status', { removed: true }),
      // The batch's first proposal is written before its second is refused: the batch is undone whole.
      {
        method: 'POST',
        path: '/aspects?action=ingestProposalBatch',
        body: {
          proposals: [
            proposal(undone, 'status', { removed: true }).proposal,
            proposal(refused, 'status', { removed: 'yes' }).proposal,
          ],
        },
      },
      ingest(after, 'status', { removed: true }),
      search('undone'),
    ]);
    expect(responses.map((a) => a.status)).toEqual([200, 422, 200, 200]);
    expect(responses[1]?.json.message).toContain('body.proposals[1].aspect.value.removed: must be boolean');
    expect(responses[3]?.json.value.numEntities).toBe(0);
    for (const urn of [kept, after])
      expect(Object.values((await latest(urn, 'status')).json.aspect)).toEqual([{ removed: true }]);
    expect((await latest(undone, 'status')).status).toBe(404);
    expect(
      (await call(server(), 'POST', '/entities?action=search', { body: search('undone').body })).json.value.numEntities,
    ).toBe(0);
  });

  it('writes of one entity in one batch each get their version, and the index holds the last', async () => {
    const urn = dataset('versions');
    const responses = await pipelined(
      server().url,
      ['first wombat', 'second numbat', 'third bilby'].map((description) =>
        ingest(urn, 'datasetProperties', { description, customProperties: {} }),
      ),
    );
    expect(responses.map((a) => a.status)).toEqual([200, 200, 200]);
    // Version 0 is the latest; the earlier values are versions 1 and 2, in the order written.
    for (const [version, description] of [
      [0, 'third bilby'],
      [1, 'first wombat'],
      [2, 'second numbat'],
    ] as const) {
      const read = await call(
        server(),
        'GET',
        `/aspects/${encodeURIComponent(urn)}?aspect=datasetProperties&version=${version}`,
      );
      expect(Object.values(read.json.aspect)[0]).toMatchObject({ description });
    }
    for (const [term, found] of [
      ['wombat', 0],
      ['numbat', 0],
      ['bilby', 1],
    ] as const) {
      expect(
        (await call(server(), 'POST', '/entities?action=search', { body: search(term).body })).json.value.numEntities,
        term,
      ).toBe(found);
    }
  });
});
