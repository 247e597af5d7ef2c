/**
 * A search matching everything (`*`, no filter) returns the catalog as it is now, through HTTP, after
 * every kind of write: its total and aggregations are kept between searches (only a write changes
 * them), so each step checks them against the numbers the test wrote and against the same entities
 * counted hit by hit (a `removed: false` filter, which names the same entities by another path).
 */
import { describe, expect, it } from 'vitest';
import { call, ingest, proposal, serverForTests } from '../http-harness.js';

const urnOf = (platform: string, name: string): string =>
  `urn:svc:dataset:(urn:svc:dataPlatform:${platform},${name},PROD)`;
const [A, B, C, D, E] = [
  urnOf('hive', 'kept.a'),
  urnOf('hive', 'kept.b'),
  urnOf('kafka', 'kept.c'),
  urnOf('kafka', 'kept.d'),
  urnOf('hive', 'kept.e'),
];
const described = (description: string) => ({ description, customProperties: {} });
const notRemoved = { or: [{ and: [{ field: 'removed', value: 'false' }] }] };

interface Everything {
  total: number;
  /** The page (every entity: the counts stay small). */
  urns: string[];
  aggregations: Record<string, Record<string, number>>;
}

describe('a search matching everything, after each kind of write', () => {
  const server = serverForTests();
  const searchAll = async (prefix: string, entity: string, filter?: unknown): Promise<Everything> => {
    const reply = await call(server(), 'POST', `${prefix}/entities?action=search`, {
      body: { input: '*', entity, start: 0, count: 100, ...(filter ? { filter } : {}) },
    });
    expect(reply.status).toBe(200);
    const { numEntities, entities, metadata } = reply.json.value;
    const aggregations = Object.fromEntries(
      (metadata.searchResultMetadatas as { name: string; aggregations: Record<string, number> }[]).map((m) => [
        m.name,
        m.aggregations,
      ]),
    );
    return { total: numEntities, urns: entities, aggregations };
  };
  /** The cached result, checked against the hits counted one by one; returns its total and platform counts. */
  const everything = async (prefix = '', entity = 'dataset'): Promise<[number, Record<string, number> | undefined]> => {
    const kept = await searchAll(prefix, entity);
    // The filter's value shows as a facet of its own at 0, as upstream adds filtered values (facet-values.ts).
    const filtered = await searchAll(prefix, entity, notRemoved);
    const { removed, ...counted } = filtered.aggregations;
    expect(removed).toEqual({ false: 0 });
    expect(kept).toEqual({ ...filtered, aggregations: counted });
    expect(kept.urns).toHaveLength(kept.total);
    return [kept.total, kept.aggregations.platform];
  };
  const platforms = (hive: number, kafka: number): Record<string, number> => ({
    ...(hive ? { 'urn:svc:dataPlatform:hive': hive } : {}),
    ...(kafka ? { 'urn:svc:dataPlatform:kafka': kafka } : {}),
  });
  const post = async (path: string, body: unknown, prefix = ''): Promise<number> =>
    (await call(server(), 'POST', `${prefix}${path}`, { body, token: 'admin-token' })).status;

  it('counts the entities written before the first search, then follows new, changed, soft-deleted, restored and deleted ones', async () => {
    for (const urn of [A, B, C]) await ingest(server(), urn, 'datasetProperties', described('kept'));
    expect(await everything()).toEqual([3, platforms(2, 1)]);
    await ingest(server(), D, 'datasetProperties', described('new'));
    expect(await everything()).toEqual([4, platforms(2, 2)]);
    await ingest(server(), A, 'globalTags', { tags: [{ tag: 'urn:svc:tag:Gold' }] });
    expect(await everything()).toEqual([4, platforms(2, 2)]);
    expect((await searchAll('', 'dataset')).aggregations.tags).toEqual({ 'urn:svc:tag:Gold': 1 });
    await ingest(server(), A, 'status', { removed: true });
    expect(await everything()).toEqual([3, platforms(1, 2)]);
    expect((await searchAll('', 'dataset')).aggregations.tags).toBeUndefined();
    await ingest(server(), A, 'status', { removed: false });
    expect(await everything()).toEqual([4, platforms(2, 2)]);
    await ingest(server(), C, 'status', { removed: true });
    expect(await everything()).toEqual([3, platforms(2, 1)]);
    // A DELETE proposal of the status brings the soft-deleted entity back.
    expect(
      await post('/aspects?action=ingestProposal', {
        proposal: { entityType: 'dataset', entityUrn: C, changeType: 'DELETE', aspectName: 'status' },
      }),
    ).toBe(200);
    expect(await everything()).toEqual([4, platforms(2, 2)]);
    expect(await post('/entities?action=delete', { urn: D })).toBe(200);
    expect(await everything()).toEqual([3, platforms(2, 1)]);
    expect(
      await post('/aspects?action=ingestProposal', {
        proposal: { entityType: 'dataset', entityUrn: B, changeType: 'DELETE', aspectName: 'datasetKey' },
      }),
    ).toBe(200);
    expect(await everything()).toEqual([2, platforms(1, 1)]);
  });

  it('follows a batch, leaves a refused batch out (rolled back whole), and keeps other entity types apart', async () => {
    const [total] = await everything();
    expect(
      await post('/aspects?action=ingestProposalBatch', {
        proposals: [
          proposal(D, 'datasetProperties', described('batch')).proposal,
          proposal(E, 'datasetProperties', described('batch')).proposal,
        ],
      }),
    ).toBe(200);
    expect((await everything())[0]).toBe(total + 2);
    const refused = {
      proposals: [
        proposal(urnOf('hive', 'never'), 'datasetProperties', described('never')).proposal,
        proposal(E, 'status', { removed: 'yes' }).proposal,
      ],
    };
    expect(await post('/aspects?action=ingestProposalBatch', refused)).toBe(422);
    expect((await everything())[0]).toBe(total + 2);
    const [users] = await everything('', 'corpuser');
    await ingest(server(), 'urn:svc:corpuser:kept.user', 'corpUserInfo', {
      active: true,
      displayName: 'Kept',
      email: 'kept@example.com',
    });
    expect((await everything('', 'corpuser'))[0]).toBe(users + 1);
    expect((await everything())[0]).toBe(total + 2);
  });

  it('follows an index rebuilt whole, and an admin reset back to the start-up catalog', async () => {
    const before = await everything();
    expect(await post('/operations?action=restoreIndices', {})).toBe(200);
    expect(await everything()).toEqual(before);
    expect(before[0]).toBeGreaterThan(0);
    expect(await post('/__mock/reset', undefined)).toBe(200);
    expect(await everything()).toEqual([0, undefined]);
    await ingest(server(), E, 'datasetProperties', described('after the reset'));
    expect(await everything()).toEqual([1, platforms(1, 0)]);
  });

  it("keeps each session's counts to its own store, and a session's reset to it", async () => {
    const [a, b] = ['/__session/kept-a', '/__session/kept-b'];
    const [own] = await everything();
    for (const prefix of [a, b]) expect(await everything(prefix)).toEqual([0, undefined]);
    expect(await post('/aspects?action=ingestProposal', proposal(A, 'datasetProperties', described('in a')), a)).toBe(
      200,
    );
    expect(await everything(a)).toEqual([1, platforms(1, 0)]);
    expect(await everything(b)).toEqual([0, undefined]);
    expect((await everything())[0]).toBe(own);
    expect(await post('/__mock/reset', undefined, a)).toBe(200);
    expect(await everything(a)).toEqual([0, undefined]);
  });
});
