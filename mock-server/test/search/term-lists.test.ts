/**
 * A ranked search of one word reads the word's posting list kept in memory from an earlier search,
 * and orders its page by the urns that list kept: after writes that give the word to an entity,
 * take it away, change its weight, soft-delete, delete or replace an entity, inside transactions
 * that search and are rolled back, and across a reset to the start-up state, it returns what an index
 * that has not searched before (a fresh replay of the same writes) returns, and after the store was emptied
 * finds nothing where the word was. A full-text search's last word reads the kept list of the tokens it
 * begins (upstream's `match_phrase_prefix`, SearchQueryBuilder.getPrefixAndExactMatchQuery in
 * metadata-io, v1.3.0.1) and holds to the same: a write of any token the prefix begins changes it.
 */
import { describe, expect, it } from 'vitest';
import { contract, ctx, datasetUrn } from '../search-harness.js';
import { createSearchIndex, type SearchIndex, type SearchRequest } from '../../search/index.js';
import { CatalogStore } from '../../store/catalog-store.js';

const { urnPrefix } = contract.names;
const tag = (name: string): string => `${urnPrefix}tag:${name}`;

type Write = [urn: string, aspect: string, value: Record<string, unknown> | null];

const urns = Array.from({ length: 12 }, (_, i) => datasetUrn(i % 2 ? 'hive' : 'kafka', `table_${(i * 5) % 12}`));
/** Every entity holds `shop` once, in descriptions of one length, so the page orders ties by urn. */
const start: Write[] = urns.map((urn, i) => [
  urn,
  'datasetProperties',
  { description: `shop table ${i % 3 ? 'red' : 'blue'}` },
]);

function replay(writes: readonly Write[]): { store: CatalogStore; index: SearchIndex } {
  const index = createSearchIndex(contract);
  const store = new CatalogStore({ contract, derived: [index] });
  store.transaction(() => {
    for (const write of [...start, ...writes]) apply(store, write);
  });
  return { store, index };
}

function apply(store: CatalogStore, [urn, aspect, value]: Write): void {
  if (value) store.upsertAspect('dataset', urn, aspect, value, ctx);
  else store.deleteAspect('dataset', urn, aspect, ctx);
}

const pii = { or: [{ and: [{ field: 'tags', value: tag('PII') }] }] };
const requests: Partial<SearchRequest>[] = [
  { input: 'shop' },
  { input: 'shop', start: 3, count: 4 },
  { input: 'shop', count: 1 },
  { input: 'shop', start: 10, count: 10 },
  { input: 'blue' },
  { input: 'shop', filter: pii },
  { input: 'orders' },
];
/** The same as full-text searches, whose last word is a prefix: `sho` begins `shop` (and `shopping`), `shop` itself. */
const prefixRequests: Partial<SearchRequest>[] = [
  ...requests.map((r) => ({ ...r, input: r.input!.slice(0, 3), fulltext: true })),
  { input: 'shop', fulltext: true },
  { input: 'table sh', fulltext: true },
];
// matchedFields list an entity's fields in the order its history wrote them: left out.
const resultsOf = (index: SearchIndex, requests: readonly Partial<SearchRequest>[]) =>
  requests.map((r) => {
    const { numEntities, entities, metadata } = index.search({
      input: '',
      entity: 'dataset',
      start: 0,
      count: 5,
      ...r,
    });
    return { numEntities, entities, aggregations: metadata.searchResultMetadatas };
  });

const [U0, U1, U2, U3] = urns as [string, string, string, string];
const NEW = datasetUrn('hive', 'a_new_table');

/** Each write changes what a kept list of `shop`, `blue` or `orders` (or the urns it kept) holds. */
const writes: { given: string; write: Write }[] = [
  { given: 'a new entity holding the word', write: [NEW, 'datasetProperties', { description: 'shop orders' }] },
  {
    given: 'a longer word the word begins',
    write: [U1, 'datasetProperties', { description: 'shopping table red' }],
  },
  { given: 'the word taken from an entity', write: [U0, 'datasetProperties', { description: 'table red' }] },
  { given: 'the word given again, twice', write: [U0, 'datasetProperties', { description: 'shop shop blue' }] },
  {
    given: 'a name holding the word (a weightier field)',
    write: [U1, 'datasetProperties', { name: 'shop orders', description: 'shop table red' }],
  },
  { given: 'a tag', write: [U2, 'globalTags', { tags: [{ tag: tag('PII') }] }] },
  { given: 'a soft delete', write: [U3, 'status', { removed: true }] },
  { given: 'a restore', write: [U3, 'status', { removed: false }] },
  { given: 'a delete of the entity', write: [U2, 'datasetKey', null] },
  {
    given: 'the deleted entity written again',
    write: [U2, 'datasetProperties', { description: 'orders of the shop' }],
  },
];

describe.each([
  { searched: 'a word', searches: requests },
  { searched: 'a prefix', searches: prefixRequests },
])('a ranked search of $searched reading kept posting lists', ({ searches }) => {
  const results = (index: SearchIndex) => resultsOf(index, searches);

  it('returns after each write what an index that had not searched before returns', () => {
    const { store, index } = replay([]);
    writes.forEach(({ write }, i) => {
      results(index);
      apply(store, write);
      expect(results(index), writes[i]!.given).toEqual(
        results(replay(writes.slice(0, i + 1).map((w) => w.write)).index),
      );
    });
  });

  it.each(writes)(
    'returns what it did before a transaction that searched, wrote ($given), searched again and was rolled back',
    async ({ write }) => {
      const { store, index } = replay([]);
      const before = results(index);
      const failure = new Error('rolled back');
      expect(() =>
        store.transaction(() => {
          results(index);
          apply(store, write);
          // A transaction indexes its writes before it commits; sooner when asked.
          store.rebuildDerived({ urn: write[0] });
          expect(results(index)).toEqual(results(replay([write]).index));
          throw failure;
        }),
      ).toThrow(failure);
      expect(results(index)).toEqual(before);
      await new Promise((resolve) => setImmediate(resolve));
      expect(results(index)).toEqual(before);
    },
  );

  it('returns what it did at start-up after a reset that undid writes it had searched after', () => {
    const { store, index } = replay([]);
    store.markStartupState();
    const before = results(index);
    for (const { write } of writes) {
      apply(store, write);
      results(index);
    }
    store.reset();
    expect(results(index)).toEqual(before);
  });

  it('finds no entity of the emptied store, nor a new one without the word that takes a freed doc_id', () => {
    const { store, index } = replay([]);
    results(index);
    store.clear();
    expect(index.search({ input: 'shop', entity: 'dataset', start: 0, count: 5 }).numEntities).toBe(0);
    store.upsertAspect('dataset', NEW, 'datasetProperties', { description: 'table red' }, ctx);
    expect(results(index)).toEqual(
      results(replay([]).index).map(() => ({ numEntities: 0, entities: [], aggregations: [] })),
    );
  });

  it('returns what an index that had not searched before returns, after the index was rebuilt', () => {
    const { store, index } = replay(writes.map((w) => w.write));
    results(index);
    store.rebuildDerived();
    expect(results(index)).toEqual(results(replay(writes.map((w) => w.write)).index));
  });
});

describe('a ranked search of each entity type reading one kept posting list', () => {
  const chart = (name: string): string => `${urnPrefix}chart:(looker,${name})`;
  const stamp = { time: 0, actor: ctx.actor };
  const chartInfo = (description: string) => ({
    title: description,
    description,
    lastModified: { created: stamp, lastModified: stamp },
  });
  type Typed = [entity: string, urn: string, aspect: string, value: Record<string, unknown> | null];
  const typedStart: Typed[] = [
    ...start.map(([urn, aspect, value]): Typed => ['dataset', urn, aspect, value]),
    ['chart', chart('c1'), 'chartInfo', chartInfo('shop chart')],
    ['chart', chart('c2'), 'chartInfo', chartInfo('shopping chart')],
  ];
  const typedWrites: { given: string; write: Typed }[] = [
    { given: 'a new chart holding the word', write: ['chart', chart('c3'), 'chartInfo', chartInfo('shop orders')] },
    { given: 'a dataset deleted', write: ['dataset', U0, 'datasetKey', null] },
    { given: 'a chart after the delete', write: ['chart', chart('c4'), 'chartInfo', chartInfo('blue shop')] },
    { given: 'a chart soft-deleted', write: ['chart', chart('c1'), 'status', { removed: true }] },
    { given: 'a chart without the word', write: ['chart', chart('c2'), 'chartInfo', chartInfo('table red')] },
  ];
  const typedReplay = (writes: readonly Typed[]) => {
    const index = createSearchIndex(contract);
    const store = new CatalogStore({ contract, derived: [index] });
    for (const write of [...typedStart, ...writes]) typedApply(store, write);
    return { store, index };
  };
  const typedApply = (store: CatalogStore, [entity, urn, aspect, value]: Typed): void => {
    if (value) store.upsertAspect(entity, urn, aspect, value, ctx);
    else store.deleteAspect(entity, urn, aspect, ctx);
  };
  // Each type searched after the other, so the second reads the list the first kept.
  const typedResults = (index: SearchIndex) =>
    ['shop', 'sho', 'blue'].flatMap((input) =>
      ['dataset', 'chart'].map((entity) => {
        const { numEntities, entities } = index.search({ input, entity, start: 0, count: 10, fulltext: true });
        return { entity, numEntities, entities };
      }),
    );

  it('returns after each write what an index that had not searched before returns, for each type', () => {
    const { store, index } = typedReplay([]);
    // shop and sho, the last word of a full-text search: 12 datasets, c1 and c2 (shopping); blue: 4 datasets.
    expect(typedResults(index).map((r) => r.numEntities)).toEqual([12, 2, 12, 2, 4, 0]);
    expect(typedResults(index)[3]!.entities.sort()).toEqual([chart('c1'), chart('c2')]);
    typedWrites.forEach(({ given, write }, i) => {
      typedResults(index);
      typedApply(store, write);
      expect(typedResults(index), given).toEqual(
        typedResults(typedReplay(typedWrites.slice(0, i + 1).map((w) => w.write)).index),
      );
    });
  });
});

describe('a ranked page of hits of equal score', () => {
  it('orders them by the UTF-8 bytes of their urns, as SQLite orders text, past U+FFFF too', () => {
    const index = createSearchIndex(contract);
    const store = new CatalogStore({ contract, derived: [index] });
    // Characters that are not letters or digits: every name has the same tokens, so every hit the same score.
    const names = ['!', '~', '\u00D7', '\uD7FF', '\uE000', '\uFFFD', '\u{1F600}', '\u{10FFFD}'].map(
      (c) => `table${c}end`,
    );
    const tied = names.map((name) => datasetUrn('hive', name));
    store.transaction(() => {
      for (const urn of tied)
        store.upsertAspect('dataset', urn, 'datasetProperties', { description: 'same words' }, ctx);
    });
    const byBytes = [...tied].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(index.search({ input: 'same', entity: 'dataset', start: 0, count: 10 }).entities).toEqual(byBytes);
    const pages = [0, 3, 6].flatMap(
      (start) => index.search({ input: 'words', entity: 'dataset', start, count: 3 }).entities,
    );
    expect(pages).toEqual(byBytes);
  });
});
