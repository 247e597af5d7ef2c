/**
 * The search index stays equal to a fresh build of the catalog whatever the history of writes: the
 * counts a match-everything search reads (maintained on every write) equal those counted over the
 * hits, an entity's rewritten, emptied and deleted fields leave no rows behind, paging through a
 * result of equal scores visits every hit once, in urn order, and a data file holding the search
 * tables of an earlier layout gets them rebuilt from its aspects when it is opened. Searches between
 * writes, inside a transaction that is then rolled back, and after more writes than the columns
 * follow one by one, return what an index that has not searched before returns (a search reads each hit's
 * document from columns kept beside the table).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { contract, ctx, datasetUrn, platformUrn } from '../search-harness.js';
import { createSearchIndex, type SearchIndex, type SearchRequest } from '../../search/index.js';
import { CatalogStore } from '../../store/catalog-store.js';

const { urnPrefix } = contract.names;
const tag = (name: string): string => `${urnPrefix}tag:${name}`;
const owner = (name: string): string => `${urnPrefix}corpuser:${name}`;

type Write = [urn: string, aspect: string, value: Record<string, unknown> | null];

const A = datasetUrn('hive', 'orders');
const B = datasetUrn('kafka', 'clicks');
const C = datasetUrn('hive', 'payments');

const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: tag(n) })) });
const owners = (...names: string[]) => ({ owners: names.map((n) => ({ owner: owner(n), type: 'DATAOWNER' })) });

/** Histories of writes; `null` deletes the aspect. */
const histories: { given: string; writes: Write[] }[] = [
  {
    given: 'tags added, replaced and emptied',
    writes: [
      [A, 'globalTags', tags('PII', 'Gold')],
      [B, 'globalTags', tags('PII')],
      [A, 'globalTags', tags('Gold', 'Legacy')],
      [B, 'globalTags', tags()],
      [C, 'globalTags', tags('Legacy')],
    ],
  },
  {
    given: 'soft delete and restore around a tag change',
    writes: [
      [A, 'globalTags', tags('PII')],
      [B, 'globalTags', tags('PII')],
      [A, 'status', { removed: true }],
      [A, 'globalTags', tags('Gold')],
      [B, 'status', { removed: true }],
      [A, 'status', { removed: false }],
    ],
  },
  {
    given: 'aspects deleted and the key aspect deleted',
    writes: [
      [A, 'ownership', owners('ann', 'bob')],
      [B, 'ownership', owners('bob')],
      [C, 'globalTags', tags('Gold')],
      [A, 'ownership', null],
      [B, 'datasetKey', null],
      [C, 'ownership', owners('ann')],
    ],
  },
  {
    // A shorter description ranks higher for the same word: B ends shorter than A, and an index
    // holding any earlier length (or equal ones, which rank in urn order) would put A first.
    given: 'descriptions rewritten to other lengths',
    writes: [
      [A, 'datasetProperties', { description: 'shop' }],
      [B, 'datasetProperties', { description: 'shop with many more words in its long description text' }],
      [C, 'status', { removed: true }],
      [A, 'datasetProperties', { description: 'shop with many more words in its long description text' }],
      [B, 'datasetProperties', { description: 'shop' }],
    ],
  },
  {
    // One value replacing one is rewritten in place; a field emptied, given back or grown to more values is rewritten row by row.
    given: 'a description rewritten in place, emptied and given back, beside custom properties that grow and shrink',
    writes: [
      [
        A,
        'datasetProperties',
        { description: 'clicks of the shop', customProperties: { team: 'sales', tier: 'gold' } },
      ],
      [A, 'datasetProperties', { description: 'shop orders', customProperties: { team: 'sales' } }],
      [B, 'datasetProperties', { customProperties: { team: 'sales' } }],
      [A, 'datasetProperties', { customProperties: {} }],
      [B, 'datasetProperties', { description: 'clicks', customProperties: { team: 'sales', tier: 'gold' } }],
      [A, 'datasetProperties', { description: 'the shop of clicks' }],
    ],
  },
  {
    given: 'browse paths moved and aggregated values changed beside unrelated writes',
    writes: [
      [A, 'browsePaths', { paths: ['/prod/shop/orders'] }],
      [B, 'globalTags', tags('PII')],
      [A, 'datasetProperties', { description: 'A table of the shop', customProperties: { team: 'sales' } }],
      [B, 'browsePaths', { paths: ['/prod/shop/clicks', '/dev/clicks'] }],
      [A, 'globalTags', tags('Gold')],
      [A, 'browsePaths', { paths: ['/prod/archive/orders'] }],
      [B, 'datasetProperties', { description: 'Clicks of the shop' }],
    ],
  },
  {
    // A time series aspect's newest point is a field (lastOperationTime); an older point written later leaves it.
    given: 'operation points written out of order, beside other writes, and their aspect deleted',
    writes: [
      [A, 'operation', { timestampMillis: 20, operationType: 'INSERT', lastUpdatedTimestamp: 200 }],
      [B, 'operation', { timestampMillis: 10, operationType: 'ALTER', lastUpdatedTimestamp: 100 }],
      [A, 'globalTags', tags('PII')],
      [A, 'operation', { timestampMillis: 5, operationType: 'DELETE', lastUpdatedTimestamp: 50 }],
      [B, 'operation', { timestampMillis: 30, operationType: 'UPDATE', lastUpdatedTimestamp: 300 }],
      [C, 'operation', { timestampMillis: 1, operationType: 'CREATE', lastUpdatedTimestamp: 10 }],
      [C, 'operation', null],
      [B, 'datasetProperties', { description: 'Clicks of the shop' }],
    ],
  },
];

function replay(writes: readonly Write[]): { store: CatalogStore; index: SearchIndex } {
  const index = createSearchIndex(contract);
  const store = new CatalogStore({ contract, derived: [index] });
  for (const urn of [A, B, C])
    store.upsertAspect('dataset', urn, 'datasetProperties', { description: 'A table of the shop' }, ctx);
  for (const [urn, aspect, value] of writes) {
    if (value) store.upsertAspect('dataset', urn, aspect, value, ctx);
    else store.deleteAspect('dataset', urn, aspect, ctx);
  }
  return { store, index };
}

const everything = (index: SearchIndex, request: Partial<SearchRequest> = {}) =>
  index.search({ input: '*', entity: 'dataset', start: 0, count: 100, ...request });
/** The same entities as a match-everything search, reached through a filter, so that they are counted hit by hit. */
const notRemoved: SearchRequest['filter'] = { or: [{ and: [{ field: 'removed', value: 'false' }] }] };

describe('search after a history of writes', () => {
  it.each(histories)('$given: maintained counts equal counts over the hits', ({ writes }) => {
    const { index } = replay(writes);
    const maintained = everything(index);
    const counted = everything(index, { filter: notRemoved });
    expect(counted.entities).toEqual(maintained.entities);
    expect(counted.metadata.searchResultMetadatas).toEqual(maintained.metadata.searchResultMetadatas);
  });

  // A filter or `field:value` on aggregated values alone is tested on each hit's facet ids; with
  // `removed` named too (which hides the same entities) each condition's entities are read from the
  // value index instead.
  it.each(histories)('$given: conditions on aggregated values give what the value index gives', ({ writes }) => {
    const { index } = replay(writes);
    const criteria = [
      [{ field: 'tags', value: tag('PII') }],
      [
        { field: 'tags', value: tag('Gold') },
        { field: 'platform', value: platformUrn('hive') },
      ],
      [{ field: 'tags', values: [tag('Gold'), tag('Legacy')] }],
      [{ field: 'owners', value: owner('bob') }],
      [{ field: 'tags', value: tag('Unknown') }],
    ];
    for (const input of ['shop', '*', 'tags:Gold', 'platform:hive']) {
      for (const and of criteria) {
        const onFacets = everything(index, { input, filter: { or: [{ and }] } });
        const onValues = everything(index, {
          input,
          filter: { or: [{ and: [...and, { field: 'removed', value: 'false' }] }] },
        });
        expect(onFacets).toEqual(onValues);
      }
    }
    for (const input of [
      'tags:Gold',
      'tags:Legacy',
      'tags:PII',
      'tags:Gold platform:hive',
      `tags:"${tag('Legacy')}"`,
      'owners:bob',
      'shop tags:Gold',
      'tags:Unknown',
    ]) {
      expect(everything(index, { input })).toEqual(everything(index, { input, filter: notRemoved }));
    }
  });

  it.each(histories)('$given: returns what the index rebuilt from the stored aspects returns', ({ writes }) => {
    const { store, index } = replay(writes);
    const requests: Partial<SearchRequest>[] = [
      {},
      { input: 'tags:PII' },
      { input: 'tags:Gold' },
      { input: 'owners:bob' },
      { input: 'shop' },
      { input: 'shop', filter: notRemoved },
      { input: 'team=sales' },
      { input: 'clicks' },
      { sort: [{ field: 'lastOperationTime', order: 'DESCENDING' }] },
      { input: 'lastOperationTime:200' },
    ];
    const folders = ['', '/prod', '/prod/shop', '/prod/archive', '/dev'];
    const results = () => ({
      searches: requests.map((r) => everything(index, r)),
      browses: folders.map((path) => index.browse({ path, entity: 'dataset', start: 0, limit: 100 })),
    });
    const before = results();
    store.rebuildDerived();
    expect(results()).toEqual(before);
  });
});

describe('search between writes', () => {
  const requests: Partial<SearchRequest>[] = [
    {},
    { filter: notRemoved },
    { input: 'shop' },
    { input: 'shop', count: 1 },
    { input: 'tags:PII' },
    { input: 'tags:Gold', filter: notRemoved },
    { input: 'shop', filter: { or: [{ and: [{ field: 'tags', value: tag('PII') }] }] } },
  ];
  const results = (index: SearchIndex) => requests.map((r) => everything(index, r));

  it.each(histories)(
    '$given: returns after each write what an index that had not searched before returns',
    ({ writes }) => {
      const { store, index } = replay([]);
      results(index);
      writes.forEach(([urn, aspect, value], i) => {
        if (value) store.upsertAspect('dataset', urn, aspect, value, ctx);
        else store.deleteAspect('dataset', urn, aspect, ctx);
        expect(results(index)).toEqual(results(replay(writes.slice(0, i + 1)).index));
      });
    },
  );

  const rolledBack = (store: CatalogStore, work: () => void): void => {
    const failure = new Error('rolled back');
    expect(() =>
      store.transaction(() => {
        work();
        throw failure;
      }),
    ).toThrow(failure);
  };

  it('returns what it did before a transaction that searched after its writes and was rolled back', async () => {
    const { store, index } = replay(histories[0]!.writes);
    const before = results(index);
    rolledBack(store, () => {
      store.upsertAspect('dataset', A, 'globalTags', tags('PII'), ctx);
      store.upsertAspect('dataset', B, 'status', { removed: true }, ctx);
      store.upsertAspect('dataset', C, 'datasetProperties', { description: 'shop shop shop' }, ctx);
      // A transaction indexes its writes before it commits; the start-up image's, say, sooner.
      for (const urn of [A, B, C]) store.rebuildDerived({ urn });
      expect(results(index)).not.toEqual(before);
    });
    expect(results(index)).toEqual(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(results(index)).toEqual(before);
  });

  it('returns what it did before a transaction that rebuilt the index, searched and was rolled back', async () => {
    const { store, index } = replay(histories[1]!.writes);
    const before = results(index);
    rolledBack(store, () => {
      store.upsertAspect('dataset', C, 'globalTags', tags('PII'), ctx);
      store.rebuildDerived();
      store.deleteAspect('dataset', A, 'datasetKey', ctx);
      expect(results(index)).not.toEqual(before);
    });
    expect(results(index)).toEqual(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(results(index)).toEqual(before);
  });
});

describe('search after more writes than it follows one by one', () => {
  it('returns what an index that had not searched before returns, once 4,200 datasets were written between two searches', () => {
    // Past 4,096 written documents the columns are built again from the whole table.
    const many: Write[] = Array.from({ length: 4_200 }, (_, i) => [
      datasetUrn(i % 2 ? 'hive' : 'kafka', `bulk_${i}`),
      i % 3 ? 'datasetProperties' : 'globalTags',
      i % 3 ? { description: i % 5 ? 'A table of the shop' : 'shop shop' } : tags(i % 2 ? 'PII' : 'Gold'),
    ]);
    const { store, index } = replay(histories[0]!.writes);
    const requests: Partial<SearchRequest>[] = [
      { filter: notRemoved },
      { input: 'shop', count: 20 },
      { input: 'tags:PII', count: 20 },
      { input: 'shop', filter: { or: [{ and: [{ field: 'tags', value: tag('Gold') }] }] } },
    ];
    const results = (i: SearchIndex) => requests.map((r) => everything(i, r));
    results(index);
    store.transaction(() => {
      for (const [urn, aspect, value] of many)
        store.upsertAspect('dataset', urn, aspect, value as Record<string, unknown>, ctx);
    });
    const after = results(index);
    expect(after[0]!.numEntities).toBe(4_203);
    expect(after).toEqual(results(replay([...histories[0]!.writes, ...many]).index));
  });
});

describe('paging through hits of equal score', () => {
  it('visits every hit once, in urn order', () => {
    const index = createSearchIndex(contract);
    const store = new CatalogStore({ contract, derived: [index] });
    const urns = Array.from({ length: 25 }, (_, i) => datasetUrn('hive', `table_${(i * 7) % 25}`));
    store.transaction(() => {
      for (const urn of urns)
        store.upsertAspect('dataset', urn, 'datasetProperties', { description: 'same words' }, ctx);
    });
    const pages = [0, 10, 20].flatMap(
      (start) => index.search({ input: 'same words', entity: 'dataset', start, count: 10 }).entities,
    );
    expect(pages).toEqual([...urns].sort());
  });

  it('visits every hit of a field:value or a filter once, in urn order, on shallow and deep pages alike', () => {
    const index = createSearchIndex(contract);
    const store = new CatalogStore({ contract, derived: [index] });
    const urns = Array.from({ length: 40 }, (_, i) => datasetUrn('hive', `table_${(i * 7) % 40}`));
    store.transaction(() => {
      urns.forEach((urn, i) =>
        store.upsertAspect('dataset', urn, 'globalTags', tags(i % 4 === 0 ? 'PII' : 'Gold'), ctx),
      );
      store.upsertAspect('dataset', urns[1]!, 'status', { removed: true }, ctx);
    });
    const gold = urns.filter((urn, i) => i % 4 !== 0 && i !== 1).sort();
    const filter = { or: [{ and: [{ field: 'tags', value: tag('Gold') }] }] };
    for (const request of [{ input: 'tags:Gold' }, { input: '*', filter }]) {
      const pages = [0, 5, 10, 15, 20, 25].flatMap(
        (start) => index.search({ ...request, entity: 'dataset', start, count: 5 }).entities,
      );
      expect(pages).toEqual(gold);
    }
  });
});

describe('a data file with search tables of an earlier layout', () => {
  it('drops them at open and rebuilds them from the stored aspects before responding', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-contract-search-'));
    try {
      const file = join(dir, 'catalog.db');
      const open = () => {
        const index = createSearchIndex(contract);
        return { index, store: new CatalogStore({ contract, path: file, derived: [index] }) };
      };
      const first = open();
      first.store.upsertAspect('dataset', A, 'datasetProperties', { description: 'A table of the shop' }, ctx);
      first.store.close();
      const db = new BetterSqlite3(file);
      db.exec(
        'DROP TABLE search_layout; DROP TABLE search_document; ' +
          'CREATE TABLE search_document (doc_id INTEGER PRIMARY KEY, urn TEXT NOT NULL UNIQUE, entity TEXT NOT NULL, removed INTEGER NOT NULL)',
      );
      db.close();

      const { store, index } = open();
      try {
        expect(everything(index, { input: 'shop' }).entities).toEqual([A]);
        // The rebuilt index is the one a fresh write would have made.
        const rebuilt = store.snapshot();
        store.rebuildDerived();
        expect(store.snapshot()).toEqual(rebuilt);
      } finally {
        store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
