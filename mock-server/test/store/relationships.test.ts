/** The relationship index: edges from annotated aspects, both directions, paging (and every edge at once), rebuilds. */
import { describe, expect, it } from 'vitest';
import { loadContract, type Namespace } from '../../../spec/index.js';
import { CatalogStore } from '../../store/catalog-store.js';
import type { WriteContext } from '../../store/types.js';

describe.each<Namespace>(['svc', 'li'])('CatalogStore relationships (%s)', (ns) => {
  const contract = loadContract(ns);
  const prefix = contract.names.urnPrefix;
  const datasetUrn = (name: string) => `${prefix}dataset:(${prefix}dataPlatform:hive,${name},PROD)`;
  const user = (name: string) => `${prefix}corpuser:${name}`;
  const ctx: WriteContext = { actor: user('admin'), now: 1_000 };
  const owners = (...urns: string[]) => ({ owners: urns.map((owner) => ({ owner, type: 'DATAOWNER' })) });

  /** Datasets d1..d3 owned by bob (d2 also by carol and by a tag, which OwnedBy does not accept), d3 tagged. */
  function seeded(): CatalogStore {
    const store = new CatalogStore({ contract });
    store.upsertAspect('dataset', datasetUrn('d3'), 'ownership', owners(user('bob')), ctx);
    store.upsertAspect('dataset', datasetUrn('d1'), 'ownership', owners(user('bob')), ctx);
    store.upsertAspect(
      'dataset',
      datasetUrn('d2'),
      'ownership',
      owners(user('carol'), user('bob'), `${prefix}tag:notAUser`),
      ctx,
    );
    store.upsertAspect('dataset', datasetUrn('d3'), 'globalTags', { tags: [{ tag: `${prefix}tag:pii` }] }, ctx);
    return store;
  }

  it.each([
    {
      given: 'INCOMING edges of a user',
      urn: user('bob'),
      direction: 'INCOMING' as const,
      types: ['OwnedBy'],
      want: ['d1', 'd2', 'd3'].map(datasetUrn),
    },
    {
      given: 'OUTGOING edges of a dataset',
      urn: datasetUrn('d2'),
      direction: 'OUTGOING' as const,
      types: ['OwnedBy'],
      want: [user('bob'), user('carol')],
    },
    {
      given: 'a type the edges do not have',
      urn: user('bob'),
      direction: 'INCOMING' as const,
      types: ['TaggedWith'],
      want: [],
    },
    { given: 'the wrong direction', urn: user('bob'), direction: 'OUTGOING' as const, types: ['OwnedBy'], want: [] },
    {
      given: 'several types',
      urn: datasetUrn('d3'),
      direction: 'OUTGOING' as const,
      types: ['OwnedBy', 'TaggedWith'],
      want: [user('bob'), `${prefix}tag:pii`],
    },
    {
      given: 'a destination of a type the relationship does not accept',
      urn: `${prefix}tag:notAUser`,
      direction: 'INCOMING' as const,
      types: [],
      want: [],
    },
  ])('answers $given', ({ urn, direction, types, want }) => {
    const store = seeded();
    const page = store.relationships({ urn, direction, types, start: 0, count: 100 });
    expect(page.relationships.map((r) => r.entity)).toEqual(want);
    expect(page.total).toBe(want.length);
    // Every edge without a page: the same edges, with the same data, in the same order.
    expect(store.relationshipEdges({ urn, direction, types })).toEqual(page.relationships);
    store.close();
  });

  it('pages with start and count and reports the full total', () => {
    const store = seeded();
    const page = (start: number, count: number) =>
      store.relationships({ urn: user('bob'), direction: 'INCOMING', types: ['OwnedBy'], start, count });
    expect(page(1, 1)).toMatchObject({ total: 3, relationships: [{ entity: datasetUrn('d2'), type: 'OwnedBy' }] });
    expect(page(2, 5).relationships.map((r) => r.entity)).toEqual([datasetUrn('d3')]);
    expect(page(5, 5)).toEqual({ total: 3, relationships: [] });
    store.close();
  });

  it('follows the latest value: a changed or deleted aspect changes the edges', () => {
    const store = seeded();
    const incoming = () =>
      store.relationships({ urn: user('bob'), direction: 'INCOMING', types: ['OwnedBy'], start: 0, count: 10 }).total;
    store.upsertAspect('dataset', datasetUrn('d1'), 'ownership', owners(user('carol')), ctx);
    expect(incoming()).toBe(2);
    store.deleteAspect('dataset', datasetUrn('d2'), 'ownership', ctx);
    expect(incoming()).toBe(1);
    store.deleteAspect('dataset', datasetUrn('d3'), 'datasetKey', ctx);
    expect(incoming()).toBe(0);
    store.close();
  });

  it('replaces only the edges of the aspect written, leaving the rows a rebuild would write', () => {
    const store = seeded();
    store.upsertAspect('dataset', datasetUrn('d3'), 'ownership', owners(user('carol')), ctx);
    store.upsertAspect('dataset', datasetUrn('d3'), 'datasetProperties', { description: 'no edges here' }, ctx);
    const outgoing = store.relationships({
      urn: datasetUrn('d3'),
      direction: 'OUTGOING',
      types: [],
      start: 0,
      count: 10,
    });
    expect(outgoing.relationships.map(({ entity, type }) => ({ entity, type }))).toEqual([
      { entity: user('carol'), type: 'OwnedBy' },
      { entity: `${prefix}tag:pii`, type: 'TaggedWith' },
    ]);
    const incremental = store.snapshot();
    store.rebuildDerived();
    expect(store.snapshot()).toEqual(incremental);
    store.close();
  });

  it('restores every edge with rebuildDerived after the derived rows were lost', () => {
    const store = seeded();
    const before = store.snapshot();
    store.db.exec('DELETE FROM relationships');
    expect(
      store.relationships({ urn: user('bob'), direction: 'INCOMING', types: ['OwnedBy'], start: 0, count: 10 }).total,
    ).toBe(0);
    const result = store.rebuildDerived();
    expect(result).toMatchObject({ rowsMigrated: before.tables.aspects, ignored: 0, lastUrn: datasetUrn('d3') });
    expect(store.snapshot()).toEqual(before);
    store.close();
  });

  it('rebuilds selected entities in pages', () => {
    const store = seeded();
    store.db.exec('DELETE FROM relationships');
    const ownershipRows = (start: number) => store.rebuildDerived({ aspect: 'ownership', start, batchSize: 2 });
    expect(ownershipRows(0)).toEqual({
      rowsMigrated: 2,
      ignored: 0,
      lastUrn: datasetUrn('d2'),
      lastAspect: 'ownership',
    });
    expect(
      store.relationships({ urn: user('bob'), direction: 'INCOMING', types: ['OwnedBy'], start: 0, count: 10 }).total,
    ).toBe(2);
    expect(ownershipRows(2)).toEqual({
      rowsMigrated: 1,
      ignored: 0,
      lastUrn: datasetUrn('d3'),
      lastAspect: 'ownership',
    });
    expect(ownershipRows(4)).toEqual({ rowsMigrated: 0, ignored: 0 });
    expect(store.rebuildDerived({ urnLike: `%,d1,%` })).toMatchObject({ lastUrn: datasetUrn('d1') });
    expect(store.rebuildDerived({ urn: datasetUrn('d3') }).rowsMigrated).toBe(5);
    expect(
      store.relationships({ urn: user('bob'), direction: 'INCOMING', types: ['OwnedBy'], start: 0, count: 10 }).total,
    ).toBe(3);
    store.close();
  });
});
