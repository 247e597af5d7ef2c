/** Time series aspects in the store: one point per timestamp, inclusive ranges, newest first, limits. */
import { describe, expect, it } from 'vitest';
import { loadContract, type Namespace } from '../../../spec/index.js';
import { CatalogStore } from '../../store/catalog-store.js';
import type { WriteContext } from '../../store/types.js';

describe.each<Namespace>(['svc', 'li'])('CatalogStore time series (%s)', (ns) => {
  const contract = loadContract(ns);
  const prefix = contract.names.urnPrefix;
  const dataset = `${prefix}dataset:(${prefix}dataPlatform:hive,db.table,PROD)`;
  const ctx: WriteContext = { actor: `${prefix}corpuser:alice`, now: 1_000 };

  function storeWithProfiles(timestamps: number[]): CatalogStore {
    const store = new CatalogStore({ contract });
    for (const t of timestamps)
      store.upsertAspect('dataset', dataset, 'datasetProfile', { timestampMillis: t, rowCount: t * 10 }, ctx);
    return store;
  }

  it.each([
    { given: 'no range', query: { limit: 10 }, want: [40, 30, 20, 10] },
    { given: 'an inclusive range', query: { startTimeMillis: 20, endTimeMillis: 30, limit: 10 }, want: [30, 20] },
    { given: 'only a start', query: { startTimeMillis: 30, limit: 10 }, want: [40, 30] },
    { given: 'only an end', query: { endTimeMillis: 10, limit: 10 }, want: [10] },
    { given: 'a limit', query: { limit: 2 }, want: [40, 30] },
    { given: 'an empty range', query: { startTimeMillis: 31, endTimeMillis: 39, limit: 10 }, want: [] },
  ])('reads points newest first with $given', ({ query, want }) => {
    const store = storeWithProfiles([20, 40, 10, 30]);
    const points = store.timeseries({ urn: dataset, aspect: 'datasetProfile', ...query });
    expect(points.map((p) => p.timestampMillis)).toEqual(want);
    expect(points.map((p) => p.value.rowCount)).toEqual(want.map((t) => t * 10));
    store.close();
  });

  it('replaces the point of a timestamp written again', () => {
    const store = storeWithProfiles([10]);
    store.upsertAspect(
      'dataset',
      dataset,
      'datasetProfile',
      { timestampMillis: 10, rowCount: 7 },
      { ...ctx, systemMetadata: { runId: 'r2' } },
    );
    const points = store.timeseries({ urn: dataset, aspect: 'datasetProfile', limit: 10 });
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      entity: 'dataset',
      value: { timestampMillis: 10, rowCount: 7 },
      systemMetadata: { runId: 'r2' },
    });
    expect(store.snapshot().tables.timeseries).toBe(1);
    store.close();
  });

  it('keeps time series out of the versioned aspects but still creates the entity', () => {
    const store = storeWithProfiles([10]);
    expect(
      store
        .latestAspects(dataset)
        .map((a) => a.aspect)
        .sort(),
    ).toEqual(['browsePaths', 'dataPlatformInstance', 'datasetKey']);
    store.close();
  });

  it('stores a time series aspect without a schema (registry timeseriesAspects) opaque', () => {
    const store = new CatalogStore({ contract });
    const chart = `${prefix}chart:(looker,revenue)`;
    const result = store.upsertAspect(
      'chart',
      chart,
      'chartUsageStatistics',
      { timestampMillis: 5, anything: 'goes' },
      ctx,
    );
    expect(result.validated).toBe(false);
    expect(store.timeseries({ urn: chart, aspect: 'chartUsageStatistics', limit: 1 }).map((p) => p.value)).toEqual([
      { timestampMillis: 5, anything: 'goes' },
    ]);
    store.close();
  });

  it('deletes every point of an aspect', () => {
    const store = storeWithProfiles([10, 20]);
    store.upsertAspect('dataset', dataset, 'datasetUsageStatistics', { timestampMillis: 10 }, ctx);
    expect(store.deleteAspect('dataset', dataset, 'datasetProfile', ctx)).toEqual({ deleted: 2, points: 2 });
    expect(store.timeseries({ urn: dataset, aspect: 'datasetProfile', limit: 10 })).toEqual([]);
    expect(store.timeseries({ urn: dataset, aspect: 'datasetUsageStatistics', limit: 10 })).toHaveLength(1);
    store.close();
  });
});
