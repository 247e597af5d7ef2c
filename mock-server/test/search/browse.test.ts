import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowseRequest, SearchIndex } from '../../search/index.js';
import type { CatalogStore } from '../../store/catalog-store.js';
import { call, ingest, serverForTests, USER } from '../http-harness.js';
import { ctx, datasetUrn, indexedDatasets } from '../search-harness.js';

// Generated browse paths: /prod/<platform>/<name split at dots>, lower-cased.
const ORDERS = datasetUrn('hive', 'db.schema.orders');
const CUSTOMERS = datasetUrn('hive', 'db.schema.customers');
const SALES = datasetUrn('hive', 'db.sales');
const EVENTS = datasetUrn('kafka', 'events');

describe('browse', () => {
  let store: CatalogStore;
  let index: SearchIndex;
  const browse = (path: string, page: Partial<BrowseRequest> = {}) =>
    index.browse({ path, entity: 'dataset', start: 0, limit: 10, ...page });
  const setRemoved = (urn: string, removed: boolean): void => {
    store.upsertAspect('dataset', urn, 'status', { removed }, ctx);
  };

  beforeEach(() => {
    ({ store, index } = indexedDatasets([ORDERS, CUSTOMERS, SALES, EVENTS], 'table'));
  });

  it.each<{
    path: string;
    groups: { name: string; count: number }[];
    entities: { name: string; urn: string }[];
    total: number;
  }>([
    { path: '/', groups: [{ name: 'prod', count: 4 }], entities: [], total: 4 },
    { path: '', groups: [{ name: 'prod', count: 4 }], entities: [], total: 4 },
    {
      path: '/prod',
      groups: [
        { name: 'hive', count: 3 },
        { name: 'kafka', count: 1 },
      ],
      entities: [],
      total: 4,
    },
    { path: '/prod/kafka', groups: [], entities: [{ name: 'events', urn: EVENTS }], total: 1 },
    { path: '/prod/hive', groups: [{ name: 'db', count: 3 }], entities: [], total: 3 },
    {
      path: '/prod/hive/db',
      groups: [{ name: 'schema', count: 2 }],
      entities: [{ name: 'sales', urn: SALES }],
      total: 3,
    },
    {
      path: '/prod/hive/db/schema',
      groups: [],
      entities: [
        { name: 'customers', urn: CUSTOMERS },
        { name: 'orders', urn: ORDERS },
      ],
      total: 2,
    },
    {
      path: '/prod/hive/db/schema/',
      groups: [],
      entities: [
        { name: 'customers', urn: CUSTOMERS },
        { name: 'orders', urn: ORDERS },
      ],
      total: 2,
    },
    { path: '/prod/hive/db/schema/orders', groups: [], entities: [], total: 0 },
    { path: '/dev', groups: [], entities: [], total: 0 },
    { path: '/pro', groups: [], entities: [], total: 0 },
  ])('$path', ({ path, groups, entities, total }) => {
    expect(browse(path)).toEqual({
      numEntities: entities.length,
      pageSize: 10,
      from: 0,
      metadata: { totalNumEntities: total, groups, path },
      entities,
    });
  });

  it('follows a browse path written explicitly', () => {
    store.upsertAspect('dataset', EVENTS, 'browsePaths', { paths: ['/Streams/Clickstream/events'] }, ctx);
    expect(browse('/Streams')).toMatchObject({
      metadata: { groups: [{ name: 'Clickstream', count: 1 }], totalNumEntities: 1 },
    });
    expect(browse('/prod').metadata.groups).toEqual([{ name: 'hive', count: 3 }]);
  });

  it.each<{ start: number; limit: number; groups: string[]; entities: string[] }>([
    { start: 0, limit: 1, groups: ['schema'], entities: [] },
    { start: 1, limit: 1, groups: [], entities: [SALES] },
    { start: 0, limit: 2, groups: ['schema'], entities: [SALES] },
    { start: 2, limit: 5, groups: [], entities: [] },
  ])('pages over the groups, then the entities (start $start, limit $limit)', ({ start, limit, groups, entities }) => {
    const result = browse('/prod/hive/db', { start, limit });
    expect(result.metadata.groups.map((g) => g.name)).toEqual(groups);
    expect(result.entities.map((e) => e.urn)).toEqual(entities);
    expect(result).toMatchObject({ numEntities: 1, from: start, pageSize: limit, metadata: { totalNumEntities: 3 } });
  });

  it('hides soft-deleted entities at every level until they are restored', () => {
    setRemoved(ORDERS, true);
    expect(browse('/').metadata).toMatchObject({ totalNumEntities: 3, groups: [{ name: 'prod', count: 3 }] });
    expect(browse('/prod/hive/db').metadata.groups).toEqual([{ name: 'schema', count: 1 }]);
    expect(browse('/prod/hive/db/schema').entities).toEqual([{ name: 'customers', urn: CUSTOMERS }]);
    setRemoved(CUSTOMERS, true);
    expect(browse('/prod/hive/db').metadata.groups).toEqual([]);
    setRemoved(ORDERS, false);
    setRemoved(CUSTOMERS, false);
    expect(browse('/prod/hive/db/schema').entities.map((e) => e.urn)).toEqual([CUSTOMERS, ORDERS]);
    expect(browse('/').metadata.totalNumEntities).toBe(4);
  });

  it('narrows by a filter', () => {
    const filter = { or: [{ and: [{ field: 'id', value: 'db.schema.orders' }] }] };
    expect(browse('/prod/hive/db', { filter }).metadata).toMatchObject({
      totalNumEntities: 1,
      groups: [{ name: 'schema', count: 1 }],
    });
  });
});

describe("browse through HTTP with upstream's optional filter", () => {
  const server = serverForTests();
  const browse = (body: Record<string, unknown>) =>
    call(server(), 'POST', '/entities?action=browse', { body: { entity: 'dataset', start: 0, limit: 10, ...body } });
  const ownedBy = (owner: string) => ({ or: [{ and: [{ field: 'owners', value: owner, condition: 'EQUAL' }] }] });

  beforeAll(async () => {
    for (const urn of [ORDERS, CUSTOMERS, SALES, EVENTS])
      await ingest(server(), urn, 'datasetProperties', { description: 'table' });
    for (const urn of [ORDERS, SALES, EVENTS])
      await ingest(server(), urn, 'ownership', { owners: [{ owner: USER, type: 'DATAOWNER' }] });
  });

  it.each<{
    path: string;
    groups: { name: string; count: number }[];
    entities: { name: string; urn: string }[];
    total: number;
  }>([
    {
      path: '/prod',
      groups: [
        { name: 'hive', count: 2 },
        { name: 'kafka', count: 1 },
      ],
      entities: [],
      total: 3,
    },
    {
      path: '/prod/hive/db',
      groups: [{ name: 'schema', count: 1 }],
      entities: [{ name: 'sales', urn: SALES }],
      total: 2,
    },
    { path: '/prod/hive/db/schema', groups: [], entities: [{ name: 'orders', urn: ORDERS }], total: 1 },
  ])('counts and lists only the entities the filter keeps under $path', async ({ path, groups, entities, total }) => {
    const reply = await browse({ path, filter: ownedBy(USER) });
    expect(reply.status).toBe(200);
    expect(reply.json.value).toEqual({
      numEntities: entities.length,
      pageSize: 10,
      from: 0,
      metadata: { totalNumEntities: total, groups, path },
      entities,
    });
  });

  it('lists nothing when the filter keeps no entity', async () => {
    const reply = await browse({ path: '/prod', filter: ownedBy(`${USER}x`) });
    expect(reply.json.value).toMatchObject({
      numEntities: 0,
      metadata: { totalNumEntities: 0, groups: [] },
      entities: [],
    });
  });

  it.each<{ given: unknown; want: RegExp }>([
    {
      given: { or: [{ and: [{ field: 'colour', value: 'blue' }] }] },
      want: /filter field 'colour' is not a searchable field of entity dataset/,
    },
    { given: [{ field: 'owners', value: USER }], want: /body\.filter: must be object/ },
  ])('rejects the filter $given with 400', async ({ given, want }) => {
    const reply = await browse({ path: '/prod', filter: given });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(want);
  });
});
