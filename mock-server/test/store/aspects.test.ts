/**
 * The store's aspect writes through its public API, in both namespaces: versioning, default aspects
 * on the first write, opaque aspects, deletes and the soft-delete flag.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract, type Namespace } from '../../../spec/index.js';
import { CatalogStore } from '../../store/catalog-store.js';
import type { WriteContext } from '../../store/types.js';

describe.each<Namespace>(['svc', 'li'])('CatalogStore aspects (%s)', (ns) => {
  const contract = loadContract(ns);
  const prefix = contract.names.urnPrefix;
  const dataset = `${prefix}dataset:(${prefix}dataPlatform:hive,db.table,PROD)`;
  const alice: WriteContext = { actor: `${prefix}corpuser:alice`, now: 1_000 };
  const bob: WriteContext = { actor: `${prefix}corpuser:bob`, now: 2_000, systemMetadata: { runId: 'run-b' } };
  let store: CatalogStore;
  const open = (): CatalogStore => (store = new CatalogStore({ contract }));
  afterEach(() => store.close());

  const description = (text: string) => ({ description: text });

  it('keeps version 0 as the latest and moves older values to increasing versions', () => {
    open();
    const results = ['A', 'B', 'C'].map((text, i) =>
      store.upsertAspect('dataset', dataset, 'datasetProperties', description(text), {
        actor: alice.actor,
        now: 1_000 + i,
      }),
    );
    expect(results.map((r) => r.version)).toEqual([0, 1, 2]);
    const versions = [0, 1, 2].map((v) => store.getAspect(dataset, 'datasetProperties', v));
    expect(versions.map((a) => a?.value.description)).toEqual(['C', 'A', 'B']);
    // A moved version keeps the created stamp it had as the latest.
    expect(versions.map((a) => a?.created.time)).toEqual([1_002, 1_000, 1_001]);
    expect(store.getAspect(dataset, 'datasetProperties', 3)).toBeUndefined();
  });

  it('adds no version for an identical value and only refreshes lastObserved', () => {
    open();
    store.upsertAspect(
      'dataset',
      dataset,
      'datasetProperties',
      { description: 'A', customProperties: { a: '1', b: '2' } },
      alice,
    );
    const again = store.upsertAspect(
      'dataset',
      dataset,
      'datasetProperties',
      { customProperties: { b: '2', a: '1' }, description: 'A' },
      bob,
    );
    expect(again).toMatchObject({ changed: false, version: 0 });
    expect(store.getAspect(dataset, 'datasetProperties', 1)).toBeUndefined();
    const latest = store.getAspect(dataset, 'datasetProperties', 0);
    expect(latest?.created).toEqual({ actor: alice.actor, time: 1_000 });
    expect(latest?.systemMetadata).toMatchObject({ lastObserved: 2_000, runId: 'no-run-id-provided' });
  });

  it('adds a version for a value of the same characters in another order', () => {
    open();
    store.upsertAspect(
      'dataset',
      dataset,
      'datasetProperties',
      { description: 'AB', customProperties: { a: '1' } },
      alice,
    );
    const swapped = store.upsertAspect(
      'dataset',
      dataset,
      'datasetProperties',
      { description: 'BA', customProperties: { a: '1' } },
      bob,
    );
    const moved = store.upsertAspect(
      'dataset',
      dataset,
      'datasetProperties',
      { description: 'BA', customProperties: { 1: 'a' } },
      bob,
    );
    expect([swapped, moved].map((r) => [r.changed, r.version])).toEqual([
      [true, 1],
      [true, 2],
    ]);
  });

  it('moves the old latest with its system metadata when the value changes', () => {
    open();
    store.upsertAspect('dataset', dataset, 'datasetProperties', description('A'), alice);
    store.upsertAspect('dataset', dataset, 'datasetProperties', description('B'), bob);
    expect(store.getAspect(dataset, 'datasetProperties', 1)?.systemMetadata).toMatchObject({
      runId: 'no-run-id-provided',
      lastObserved: 1_000,
    });
    expect(store.getAspect(dataset, 'datasetProperties', 0)).toMatchObject({
      created: { actor: bob.actor, time: 2_000 },
      systemMetadata: { runId: 'run-b', lastObserved: 2_000 },
    });
  });

  it('generates the key aspect, browse path and platform instance on the first write only', () => {
    open();
    expect(store.entityExists(dataset)).toBe(false);
    store.upsertAspect('dataset', dataset, 'status', { removed: false }, alice);
    const latest = Object.fromEntries(store.latestAspects(dataset).map((a) => [a.aspect, a.value]));
    expect(latest).toEqual({
      status: { removed: false },
      datasetKey: { platform: `${prefix}dataPlatform:hive`, name: 'db.table', origin: 'PROD' },
      browsePaths: { paths: ['/prod/hive/db/table'] },
      dataPlatformInstance: { platform: `${prefix}dataPlatform:hive` },
    });
    store.deleteAspect('dataset', dataset, 'browsePaths', alice);
    store.upsertAspect('dataset', dataset, 'status', { removed: true }, alice);
    expect(store.latestAspects(dataset, ['browsePaths'])).toEqual([]);
  });

  it.each([
    {
      given: 'a chart (tool name as platform)',
      urn: () => `${prefix}chart:(Looker,Baz1)`,
      entity: 'chart',
      want: {
        browsePaths: { paths: ['/looker/baz1'] },
        dataPlatformInstance: { platform: `${prefix}dataPlatform:looker` },
      },
    },
    {
      given: 'a data job (platform and path from the key of its flow)',
      urn: () => `${prefix}dataJob:(${prefix}dataFlow:(Airflow,daily_orders,prod),load_orders)`,
      entity: 'dataJob',
      want: {
        browsePaths: { paths: ['/airflow/daily_orders/load_orders'] },
        dataPlatformInstance: { platform: `${prefix}dataPlatform:airflow` },
      },
    },
    {
      given: 'a corpuser (no browse paths in its registry)',
      urn: () => `${prefix}corpuser:carol`,
      entity: 'corpuser',
      want: {},
    },
  ])('generates defaults for $given', ({ urn, entity, want }) => {
    open();
    store.upsertAspect(entity, urn(), 'status', { removed: false }, alice);
    const latest = Object.fromEntries(
      store.latestAspects(urn(), ['browsePaths', 'dataPlatformInstance']).map((a) => [a.aspect, a.value]),
    );
    expect(latest).toEqual(want);
  });

  it('leaves out a default aspect the write itself carries', () => {
    open();
    store.upsertAspect('dataset', dataset, 'browsePaths', { paths: ['/Mixed/Case'] }, alice);
    expect(store.latestAspects(dataset, ['browsePaths']).map((a) => a.value)).toEqual([{ paths: ['/Mixed/Case'] }]);
  });

  it('stores an aspect the registry allows but the spec has no schema for as opaque JSON', () => {
    open();
    const entity = contract.entity('dataset');
    const opaque = entity?.aspects.find((a) => !contract.aspects.has(a) && !entity.timeseriesAspects.includes(a));
    if (!opaque) throw new Error('the registry lists no opaque versioned dataset aspect');
    const value = { anything: [1, { nested: true }] };
    expect(store.upsertAspect('dataset', dataset, opaque, value, alice)).toMatchObject({
      validated: false,
      changed: true,
    });
    expect(store.getAspect(dataset, opaque, 0)?.value).toEqual(value);
    expect(store.upsertAspect('dataset', dataset, 'status', { removed: false }, alice).validated).toBe(true);
  });

  it('deletes an aspect with all its versions', () => {
    open();
    store.upsertAspect('dataset', dataset, 'datasetProperties', description('A'), alice);
    store.upsertAspect('dataset', dataset, 'datasetProperties', description('B'), alice);
    expect(store.deleteAspect('dataset', dataset, 'datasetProperties', alice)).toEqual({ deleted: 2, points: 0 });
    expect(store.getAspect(dataset, 'datasetProperties', 0)).toBeUndefined();
    expect(store.getAspect(dataset, 'datasetProperties', 1)).toBeUndefined();
    expect(store.entityExists(dataset)).toBe(true);
  });

  it('deletes the whole entity, time series points included, when the key aspect is deleted', () => {
    open();
    store.upsertAspect('dataset', dataset, 'datasetProperties', description('A'), alice);
    store.upsertAspect('dataset', dataset, 'datasetProfile', { timestampMillis: 5, rowCount: 1 }, alice);
    // datasetProperties, datasetKey, browsePaths, dataPlatformInstance and one point.
    expect(store.deleteAspect('dataset', dataset, 'datasetKey', alice)).toEqual({ deleted: 5, points: 1 });
    expect(store.entityExists(dataset)).toBe(false);
    expect(store.latestAspects(dataset)).toEqual([]);
    expect(store.timeseries({ urn: dataset, aspect: 'datasetProfile', limit: 10 })).toEqual([]);
    expect(store.snapshot().tables).toMatchObject({ aspects: 0, timeseries: 0, relationships: 0 });
  });

  it('reports the soft-delete flag of the latest status', () => {
    open();
    const flags: boolean[] = [store.isSoftDeleted(dataset)];
    for (const removed of [true, false]) {
      store.upsertAspect('dataset', dataset, 'status', { removed }, alice);
      flags.push(store.isSoftDeleted(dataset));
    }
    expect(flags).toEqual([false, true, false]);
  });

  it('synthesises the key aspect of an unknown URN without storing it', () => {
    open();
    expect(store.keyAspectOf(`${prefix}corpuser:dave`)).toEqual({ aspect: 'corpUserKey', value: { username: 'dave' } });
    expect(store.entityExists(`${prefix}corpuser:dave`)).toBe(false);
    expect(store.systemActor).toBe(`${prefix}corpuser:__datahub_system`);
  });

  it('accepts the entity type in any case, as the registry does', () => {
    open();
    store.upsertAspect('corpUser', `${prefix}corpuser:erin`, 'status', { removed: false }, alice);
    expect(store.latestAspects(`${prefix}corpuser:erin`, ['corpUserKey']).map((a) => a.value)).toEqual([
      { username: 'erin' },
    ]);
  });
});
