import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUrn } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import type { AutocompleteRequest, SearchIndex } from '../../search/index.js';
import type { CatalogStore } from '../../store/catalog-store.js';
import { call, ingest, serverForTests } from '../http-harness.js';
import {
  contract,
  ctx,
  datasetUrn,
  indexedDatasets,
  platformUrn as platform,
  writeNumberedDatasets,
} from '../search-harness.js';

const chartUrn = (tool: string, id: string): string => makeUrn(contract.names.urnPrefix, 'chart', [tool, id]);

const KAFKA = datasetUrn('kafka', 'SampleKafkaDataset');
const HDFS = datasetUrn('hdfs', 'SampleHdfsDataset');
const USERS = datasetUrn('hive', 'fct_users_created');

describe('autocomplete', () => {
  let store: CatalogStore;
  let index: SearchIndex;
  const suggest = (query: string, more: Partial<AutocompleteRequest> = {}): string[] =>
    index.autocomplete({ query, entity: 'dataset', limit: 10, ...more }).suggestions;

  beforeEach(() => {
    ({ store, index } = indexedDatasets([KAFKA, HDFS, USERS], 'sample data'));
    store.upsertAspect(
      'chart',
      chartUrn('looker', 'baz1'),
      'chartInfo',
      {
        title: 'Baz Chart 1',
        description: 'sample chart',
        lastModified: { created: { time: 0, actor: ctx.actor }, lastModified: { time: 0, actor: ctx.actor } },
      },
      ctx,
    );
  });

  it('the entities a query matches are the same, in the same order, walked or sorted (a filter that holds for all)', () => {
    const origin = { or: [{ and: [{ field: 'origin', values: ['PROD'], condition: 'EQUAL' as const }] }] };
    for (const query of ['samp', 'sample kaf', 'dat', 'fct', 'nothing'])
      for (const limit of [1, 2, 10]) {
        const walked = index.autocompleteWithEntities({ query, entity: 'dataset', limit });
        const sorted = index.autocompleteWithEntities({ query, entity: 'dataset', limit, filter: origin });
        expect(walked.entities, `${query} ${limit}`).toEqual(sorted.entities);
        // One walk for both gives the suggestions a walk for the suggestions alone gives.
        expect(walked.suggestions, `${query} ${limit}`).toEqual(suggest(query, { limit }));
      }
    expect(index.autocompleteWithEntities({ query: 'samp', entity: 'dataset', limit: 10 }).entities).toEqual([
      HDFS,
      KAFKA,
    ]);
    expect(index.autocompleteWithEntities({ query: 'samp', entity: 'dataset', limit: 1, start: 1 }).entities).toEqual([
      KAFKA,
    ]);
    expect(index.autocompleteWithEntities({ query: 'baz', entity: 'chart', limit: 5 }).entities).toEqual([
      chartUrn('looker', 'baz1'),
    ]);
  });

  it.each<{ given: string; want: string[] }>([
    { given: 'samp', want: ['SampleHdfsDataset', 'SampleKafkaDataset'] },
    { given: 'SAMPLE', want: ['SampleHdfsDataset', 'SampleKafkaDataset'] },
    { given: 'sample kaf', want: ['SampleKafkaDataset'] },
    { given: 'kafka dat', want: ['SampleKafkaDataset', platform('kafka')] },
    { given: 'kaf', want: ['SampleKafkaDataset', platform('kafka')] },
    { given: 'users_cr', want: ['fct_users_created'] },
    { given: 'sam kafka', want: [] },
    {
      given: 'data',
      want: ['SampleHdfsDataset', 'SampleKafkaDataset', platform('hdfs'), platform('hive'), platform('kafka')],
    },
    { given: 'nothing', want: [] },
    { given: '', want: [] },
  ])('$given', ({ given, want }) => {
    expect(suggest(given)).toEqual(want);
  });

  it('suggests from the autocomplete fields of the entity asked for', () => {
    expect(index.autocomplete({ query: 'Baz Ch', entity: 'chart', limit: 10 })).toEqual({
      suggestions: ['Baz Chart 1'],
      query: 'Baz Ch',
    });
  });

  it('de-duplicates values shared by several entities', () => {
    store.upsertAspect(
      'dataset',
      datasetUrn('hive', 'orders'),
      'datasetProperties',
      { name: 'SampleKafkaDataset' },
      ctx,
    );
    expect(suggest('samplek')).toEqual(['SampleKafkaDataset']);
  });

  it.each<{ start?: number; limit: number; want: string[] }>([
    { limit: 1, want: ['SampleHdfsDataset'] },
    { start: 1, limit: 1, want: ['SampleKafkaDataset'] },
    { start: 2, limit: 5, want: [] },
    { limit: 0, want: [] },
  ])('pages with start $start and limit $limit', ({ start, limit, want }) => {
    expect(suggest('sample', start === undefined ? { limit } : { start, limit })).toEqual(want);
  });

  it('hides soft-deleted entities until they are restored', () => {
    store.upsertAspect('dataset', KAFKA, 'status', { removed: true }, ctx);
    expect(suggest('sample')).toEqual(['SampleHdfsDataset']);
    store.upsertAspect('dataset', KAFKA, 'status', { removed: false }, ctx);
    expect(suggest('sample')).toEqual(['SampleHdfsDataset', 'SampleKafkaDataset']);
  });

  it('narrows by a filter and rejects a field the entity does not index', () => {
    expect(suggest('sample', { filter: { or: [{ and: [{ field: 'platform', value: platform('kafka') }] }] } })).toEqual(
      ['SampleKafkaDataset'],
    );
    let error: unknown;
    try {
      suggest('sample', { filter: { or: [{ and: [{ field: 'colour', value: 'blue' }] }] } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RestliError);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('colour') });
  });
});

describe("autocomplete through HTTP with upstream's optional field", () => {
  const server = serverForTests();
  const ORDERS = datasetUrn('hive', 'orders_daily');
  const complete = (body: Record<string, unknown>) =>
    call(server(), 'POST', '/entities?action=autocomplete', { body: { entity: 'dataset', limit: 10, ...body } });

  beforeAll(async () => {
    // The key name (field `id`) and the display name (field `name`) both complete `orders`.
    await ingest(server(), ORDERS, 'datasetProperties', {
      name: 'Orders by day',
      qualifiedName: 'warehouse.orders_daily',
      description: 'orders',
    });
    await ingest(server(), KAFKA, 'datasetProperties', { name: 'Kafka orders' });
  });

  it.each<{ title: string; field?: string; want: string[] }>([
    {
      title: 'every autocomplete field',
      want: ['Kafka orders', 'orders_daily', 'Orders by day', 'warehouse.orders_daily'],
    },
    { title: 'field name', field: 'name', want: ['Kafka orders', 'Orders by day'] },
    { title: 'field id', field: 'id', want: ['orders_daily'] },
    { title: 'field qualifiedName', field: 'qualifiedName', want: ['warehouse.orders_daily'] },
  ])('suggests from $title', async ({ field, want }) => {
    const reply = await complete({ query: 'orders', ...(field === undefined ? {} : { field }) });
    expect(reply.status).toBe(200);
    expect(reply.json.value).toEqual({ suggestions: want, query: 'orders' });
  });

  it('applies the field and the filter together', async () => {
    const filter = { or: [{ and: [{ field: 'platform', value: platform('kafka') }] }] };
    const reply = await complete({ query: 'orders', field: 'name', filter });
    expect(reply.json.value.suggestions).toEqual(['Kafka orders']);
  });

  it.each<{ given: unknown; want: RegExp }>([
    { given: 'description', want: /^body\.field: 'description' is not an autocomplete field of entity dataset/ },
    { given: 'colour', want: /^body\.field: 'colour' is not an autocomplete field of entity dataset/ },
    { given: ['name'], want: /body\.field: must be string/ },
  ])('rejects the field $given with 400', async ({ given, want }) => {
    const reply = await complete({ query: 'orders', field: given });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(want);
  });

  it('rejects a filter on a field the entity does not search with 400', async () => {
    const reply = await complete({ query: 'orders', filter: { or: [{ and: [{ field: 'colour', value: 'blue' }] }] } });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/filter field 'colour' is not a searchable field of entity dataset/);
  });
});

// Over a thousand matching rows a query walks the ranked suggestions instead of sorting its matches:
// the ranking, paging and soft-delete rules hold the same on that path.
describe('autocomplete of a prefix that thousands of rows match', () => {
  const DATASETS = 1_500;
  const orders = (i: number): string => datasetUrn('hive', `orders_${i}`);
  let store: CatalogStore;
  let index: SearchIndex;
  const suggest = (query: string, more: Partial<AutocompleteRequest> = {}): string[] =>
    index.autocomplete({ query, entity: 'dataset', limit: 10, ...more }).suggestions;

  beforeAll(() => {
    ({ store, index } = indexedDatasets([], ''));
    store.transaction(() => {
      writeNumberedDatasets(store, 'orders', DATASETS);
    });
  });

  it('ranks shorter values first, then alphabetically, and pages through them', () => {
    expect(suggest('orders', { limit: 5 })).toEqual(['orders_0', 'orders_1', 'orders_2', 'orders_3', 'orders_4']);
    expect(suggest('ord', { start: 8, limit: 4 })).toEqual(['orders_8', 'orders_9', 'orders_10', 'orders_11']);
    expect(suggest('orders 14', { limit: 3 })).toEqual(['orders_14', 'orders_140', 'orders_141']);
  });

  it('suggests a value that every entity holds once, after the better boosted ones', () => {
    expect(suggest('hiv')).toEqual([platform('hive')]);
    expect(suggest('o', { start: 1_495, limit: 10 })).toEqual(
      Array.from({ length: 5 }, (_, i) => `orders_${1_495 + i}`),
    );
  });

  it('hides soft-deleted entities until they are restored', () => {
    store.upsertAspect('dataset', orders(0), 'status', { removed: true }, ctx);
    expect(suggest('orders', { limit: 2 })).toEqual(['orders_1', 'orders_2']);
    store.upsertAspect('dataset', orders(0), 'status', { removed: false }, ctx);
    expect(suggest('orders', { limit: 2 })).toEqual(['orders_0', 'orders_1']);
  });
});

// In a large catalog the first rows of the ranking a walk reads may hold fewer matches than it asks
// for (here 8,180 shorter values come first, then the six shortest matches): the suggestions they
// hold are kept when enough, and the matches are sorted otherwise, in the same order either way.
describe('autocomplete of a prefix whose matches rank after thousands of other values', () => {
  const OTHERS = 4_090;
  let index: SearchIndex;
  const suggest = (query: string, more: Partial<AutocompleteRequest> = {}): string[] =>
    index.autocomplete({ query, entity: 'dataset', limit: 10, ...more }).suggestions;

  beforeAll(() => {
    let store: CatalogStore;
    ({ store, index } = indexedDatasets([], ''));
    store.transaction(() => {
      writeNumberedDatasets(store, 'a', OTHERS);
      writeNumberedDatasets(store, 'orders', 1_000);
    });
  });

  it('suggests the best ranked matches, however few of them the first rows hold', () => {
    expect(suggest('orders', { limit: 5 })).toEqual(['orders_0', 'orders_1', 'orders_2', 'orders_3', 'orders_4']);
    expect(suggest('orders', { start: 4, limit: 2 })).toEqual(['orders_4', 'orders_5']);
    expect(suggest('orders')).toEqual(Array.from({ length: 10 }, (_, i) => `orders_${i}`));
    expect(suggest('ord', { start: 8, limit: 4 })).toEqual(['orders_8', 'orders_9', 'orders_10', 'orders_11']);
  });
});

// Whether an entity's suggestions fit in one walk (8,192 rows; three a dataset here) is worked out once per version
// of the document columns: writes that take the entity past those rows drop it, so the matches now ranked after
// them (1,500 shorter names written) are still found.
describe('autocomplete after writes take an entity past the rows one walk reads', () => {
  const write = (store: CatalogStore, others: number, more: number): void =>
    store.transaction(() => {
      writeNumberedDatasets(store, 'a', others);
      writeNumberedDatasets(store, 'orders', 3);
      for (let i = 0; i < more; i++)
        store.upsertAspect('dataset', datasetUrn('hive', `b_${i}`), 'datasetProperties', { name: `b_${i}` }, ctx);
    });
  const build = (others: number) => {
    const built = indexedDatasets([], '');
    write(built.store, others, 0);
    return built;
  };
  const suggest = (index: SearchIndex): string[] =>
    index.autocomplete({ query: 'orders', entity: 'dataset', limit: 10 }).suggestions;
  const entities = (index: SearchIndex): string[] =>
    index.autocompleteWithEntities({ query: 'orders', entity: 'dataset', limit: 10 }).entities;

  it('suggests what an index built after the writes suggests', () => {
    const { store, index } = build(2_700);
    expect(suggest(index)).toEqual(['orders_0', 'orders_1', 'orders_2']);
    expect(entities(index)).toHaveLength(3);
    store.transaction(() => {
      for (let i = 0; i < 1_500; i++)
        store.upsertAspect('dataset', datasetUrn('hive', `b_${i}`), 'datasetProperties', { name: `b_${i}` }, ctx);
    });
    const fresh = indexedDatasets([], '');
    write(fresh.store, 2_700, 1_500);
    expect(suggest(index)).toEqual(['orders_0', 'orders_1', 'orders_2']);
    expect(suggest(index)).toEqual(suggest(fresh.index));
    expect(index.autocompleteWithEntities({ query: 'orders', entity: 'dataset', limit: 10 }).suggestions).toEqual(
      suggest(fresh.index),
    );
    expect(entities(index)).toEqual(entities(fresh.index));
    expect(entities(index)).toHaveLength(3);
  });

  it('suggests nothing of a type without live entities, and again once one is written', () => {
    const { store, index } = build(10);
    const chart = (name: string) => ({ query: name, entity: 'chart', limit: 5 });
    expect(index.autocomplete(chart('orders')).suggestions).toEqual([]);
    expect(index.autocompleteWithEntities(chart('orders')).entities).toEqual([]);
    const stamp = { time: 0, actor: ctx.actor };
    const urn = chartUrn('looker', 'orders_chart');
    store.upsertAspect(
      'chart',
      urn,
      'chartInfo',
      { title: 'orders chart', description: '', lastModified: { created: stamp, lastModified: stamp } },
      ctx,
    );
    expect(index.autocomplete(chart('orders')).suggestions).toEqual(['orders chart']);
    expect(index.autocompleteWithEntities(chart('orders')).entities).toEqual([urn]);
    store.upsertAspect('chart', urn, 'status', { removed: true }, ctx);
    expect(index.autocomplete(chart('orders')).suggestions).toEqual([]);
  });
});
