/**
 * A search count beyond the largest page (spec/upstream-differences.yaml search-count-beyond-limit):
 * the document profile serves the largest page, 10000; the upstream profile serves upstream's API
 * default, 5000, in its place (ConfigUtils.applyLimit, not strict). pageSize says which.
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, serverForTests } from '../http-harness.js';

const TOKEN = 'admin-token';

describe.each([
  { profile: 'document' as const, want: 10000 },
  { profile: 'upstream' as const, want: 5000 },
])('the $profile profile', ({ profile, want }) => {
  const server = serverForTests({ profile, indexLagMs: 0 });

  it.each([
    { count: 10001, pageSize: want },
    { count: 10000, pageSize: 10000 },
  ])('answers count $count with pageSize $pageSize and every hit', async ({ count, pageSize }) => {
    await ingest(server(), DATASET, 'datasetProperties', { description: 'wombat ledger', customProperties: {} }, TOKEN);
    const reply = await call(server(), 'POST', '/entities?action=search', {
      body: { input: 'wombat', entity: 'dataset', start: 0, count },
      token: TOKEN,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.value.pageSize).toBe(pageSize);
    expect(reply.json.value.numEntities).toBe(1);
  });
});
