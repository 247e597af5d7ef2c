/**
 * The operations resource in the upstream profile against the document profile
 * (spec/upstream-differences.yaml truncate-boundary, index-sizes-size-field): upstream truncates the
 * points at endTimeMillis too (LESS_THAN_OR_EQUAL_TO) and leaves the deprecated sizeMb at 0.0.
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, serverForTests } from '../http-harness.js';

const TOKEN = 'admin-token';

describe.each([
  { profile: 'document' as const, deleted: 1, sizeMb: (size: number) => expect(size).toBeGreaterThan(0) },
  { profile: 'upstream' as const, deleted: 2, sizeMb: (size: number) => expect(size).toBe(0) },
])('the $profile profile', ({ profile, deleted, sizeMb }) => {
  const server = serverForTests({ profile, indexLagMs: 0 });

  it(`counts the points older than endTimeMillis${deleted === 2 ? ' and the one at it' : ''} in a dry run truncation`, async () => {
    for (const timestampMillis of [1000, 2000, 3000])
      await ingest(server(), DATASET, 'datasetProfile', { timestampMillis, rowCount: 1 }, TOKEN);
    const body = { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 2000 };
    const reply = await call(server(), 'POST', '/operations?action=truncateTimeseriesAspect', { body, token: TOKEN });
    expect(reply.status).toBe(200);
    expect(reply.json.value).toMatch(new RegExp(`^Delete ${deleted} out of 3 rows`));
  });

  it('reports sizeInMb, and sizeMb as the profile does', async () => {
    const reply = await call(server(), 'POST', '/operations?action=getIndexSizes', { body: {}, token: TOKEN });
    const value = reply.json.value;
    const sizes = (typeof value === 'string' ? JSON.parse(value) : value).indexSizes as {
      sizeMb: number;
      sizeInMb: number;
    }[];
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) {
      expect(size.sizeInMb).toBeGreaterThan(0);
      sizeMb(size.sizeMb);
    }
  });
});
