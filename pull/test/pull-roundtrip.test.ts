/**
 * A pull from one mock seeds a second that answers the same: every pulled entity reads back equal
 * through entitiesV2, searches and browses return the same URNs, lineage is the same. In both
 * profiles: the document's, and upstream's (li names, a token on every path, upstream's response shapes).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { pullSlice, writeSeedFile, type PullResult } from '../index.js';
import { browsed, entityAspects, lineage, searchHits, timeseriesPoints, type Target } from './catalog-reads.js';

const dir = mkdtempSync(join(tmpdir(), 'pull-'));
const servers: MockServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const ENTITY_TYPES = [
  'dataset',
  'chart',
  'dashboard',
  'dataJob',
  'dataFlow',
  'corpuser',
  'corpGroup',
  'tag',
  'glossaryTerm',
  'domain',
];

for (const profile of ['document', 'upstream'] as const) {
  const namespace = profile === 'upstream' ? 'li' : 'svc';
  const orders = `urn:${namespace}:dataset:(urn:${namespace}:dataPlatform:hive,clean.orders,PROD)`;

  describe(`pulling the sample catalog from a mock in the ${profile} profile`, () => {
    let source: Target;
    let copy: Target;
    let result: PullResult;
    const progress: string[] = [];
    const file = join(dir, `${profile}.json`);

    it('writes a seed file that a fresh mock loads without skipping an entry', async () => {
      const from = await createMockServer({ port: 0, logger: silentLogger, profile, namespace, indexLagMs: 0 });
      servers.push(from);
      source = { url: from.url, token: 'admin-token' };
      result = await pullSlice({
        from: from.url,
        token: 'admin-token',
        namespace,
        rate: 10_000,
        selection: { search: { query: '*', entities: ENTITY_TYPES }, follow: { types: ['DownstreamOf'], hops: 2 } },
        onProgress: (line) => progress.push(line),
      });
      writeSeedFile(file, result.entries);
      const to = await createMockServer({
        port: 0,
        logger: silentLogger,
        profile,
        namespace,
        indexLagMs: 0,
        sample: false,
        seed: [file],
      });
      servers.push(to);
      copy = { url: to.url, token: 'admin-token' };
      expect(to.loaded.flatMap((report) => report.skipped)).toEqual([]);
      expect(result.skipped).toEqual([]);
      expect(result.urns).toContain(orders);
      expect(progress.at(-1)).toBe(`read ${result.urns.length}/${result.urns.length} entities`);
      expect(readFileSync(file, 'utf8')).not.toContain('admin-token');
    });

    it('every pulled entity reads back equal through entitiesV2', async () => {
      for (const urn of result.urns)
        expect(await entityAspects(copy, urn), urn).toEqual(await entityAspects(source, urn));
    });

    it('time series points come along', async () => {
      const points = await timeseriesPoints(source, orders, 'datasetProfile');
      expect(points.length).toBeGreaterThan(0);
      expect(await timeseriesPoints(copy, orders, 'datasetProfile')).toEqual(points);
    });

    it('the same searches return the same URNs', async () => {
      const platform = { or: [{ and: [{ field: 'platform', value: `urn:${namespace}:dataPlatform:hive` }] }] };
      for (const [entity, query, filter] of [
        ['dataset', '*'],
        ['dataset', 'orders'],
        ['dataset', 'customer'],
        ['dataset', '*', platform],
        ['chart', '*'],
        ['corpuser', '*'],
      ] as const) {
        const hits = await searchHits(source, entity, query, filter);
        expect(hits.length, `${entity} ${query}`).toBeGreaterThan(0);
        expect(await searchHits(copy, entity, query, filter), `${entity} ${query}`).toEqual(hits);
      }
    });

    it('the same browses return the same groups and URNs', async () => {
      for (const path of ['', '/prod', '/prod/hive', '/prod/hive/clean'])
        expect(await browsed(copy, 'dataset', path), path).toEqual(await browsed(source, 'dataset', path));
    });

    it('lineage is the same', async () => {
      const datasets = result.urns.filter((urn) => urn.includes(':dataset:'));
      expect((await lineage(source, orders)).downstream.length).toBeGreaterThan(0);
      for (const urn of datasets) expect(await lineage(copy, urn), urn).toEqual(await lineage(source, urn));
    });
  });
}
