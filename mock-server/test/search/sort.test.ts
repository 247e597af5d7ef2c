/**
 * The REST search with `sort` and `sortCriteria`, through POST /entities?action=search, as upstream's
 * EntityResource.search takes them (getSortCriteria: the list when given, else the one criterion) and
 * its search orders by them (ESUtils.buildSortOrder: the criteria, then urn); the same sort as GraphQL's
 * (graphql/search-sort.test.ts). A field the entity cannot sort on is a 400 naming it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, ingest, serverForTests } from '../http-harness.js';

const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,shop.${name},PROD)`;
const ALPHA = dataset('alpha');
const BETA = dataset('beta');
const GAMMA = dataset('gamma');

/** Names whose lower-cased order (apple, mango, Zebra) differs from their stored order and from the urns' order. */
const NAMED = { [ALPHA]: ['Zebra', 2000], [BETA]: ['apple', 3000], [GAMMA]: ['mango', 1000] } as const;

describe('the REST search sorted', () => {
  const server = serverForTests({ indexLagMs: 0 });
  beforeAll(async () => {
    for (const [urn, [name, time]] of Object.entries(NAMED)) {
      await ingest(server(), urn, 'datasetProperties', { name, lastModified: { time, actor: 'urn:svc:corpuser:etl' } });
    }
  });

  const search = (extra: Record<string, unknown>) =>
    call(server(), 'POST', '/entities?action=search', {
      body: { input: '*', entity: 'dataset', start: 0, count: 10, ...extra },
    });
  const urns = async (extra: Record<string, unknown>) => {
    const reply = await search(extra);
    expect(reply.status).toBe(200);
    return (reply.json as { value: { entities: string[]; numEntities: number } }).value.entities;
  };

  it('orders by `sort`, and by `sortCriteria` before it', async () => {
    expect(await urns({})).toEqual([ALPHA, BETA, GAMMA]);
    expect(await urns({ sort: { field: 'name', order: 'ASCENDING' } })).toEqual([BETA, GAMMA, ALPHA]);
    expect(await urns({ sort: { field: 'name.keyword', order: 'ASCENDING' } })).toEqual([ALPHA, BETA, GAMMA]);
    const sortCriteria = [{ field: 'lastModifiedAt', order: 'DESCENDING' }];
    expect(await urns({ sort: { field: 'name', order: 'ASCENDING' }, sortCriteria })).toEqual([BETA, ALPHA, GAMMA]);
    expect(await urns({ sort: { field: 'name', order: 'ASCENDING' }, sortCriteria: [] })).toEqual([ALPHA, BETA, GAMMA]);
    expect(await urns({ sortCriteria, start: 1, count: 1 })).toEqual([ALPHA]);
  });

  it('a field the entity cannot sort on, or an unknown order, is a 400 naming it', async () => {
    for (const [extra, named] of [
      [
        {
          sortCriteria: [
            { field: 'name', order: 'ASCENDING' },
            { field: 'owners', order: 'ASCENDING' },
          ],
        },
        'body.sortCriteria[1].field',
      ],
      [{ sort: { field: 'noSuchField', order: 'DESCENDING' } }, 'body.sort.field'],
      [{ sort: { field: 'name', order: 'UP' } }, 'order'],
    ] as const) {
      const reply = await search(extra);
      expect(reply.status).toBe(400);
      expect(reply.text).toContain(named);
    }
  });
});
