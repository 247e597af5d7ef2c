/**
 * A real dbt run: upstream's dbt_test_with_complex_owner_patterns_mces_golden.json (fixtures/upstream,
 * Apache-2.0), whose last entries PATCH the lineage of three postgres datasets from their dbt models.
 * Every entry is accepted through ingestProposal and through --seed (in file order, nothing
 * skipped), and its lineage reads back through /relationships and GraphQL, in the li namespace.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../spec/index.js';
import type { MockServer } from '../../index.js';
import { readSeedFile } from '../../seed/index.js';
import { graphql } from '../graphql-harness.js';
import { call, serverForTests, withServer } from '../http-harness.js';

const GOLDEN = join(
  fileURLToPath(new URL('..', import.meta.url)),
  'fixtures',
  'upstream',
  'dbt_test_with_complex_owner_patterns_mces_golden.json',
);
const li = loadContract('li');
const { proposals } = readSeedFile(GOLDEN, li);

const ds = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},pagila.dbt_postgres.${name},PROD)`;
/** The three PATCH entries: each postgres dataset is downstream of its dbt model. */
const PATCHED = [
  'an-aliased-view-for-monthly-billing',
  'an-aliased-view-for-payments',
  'payments_by_customer_by_month',
].map((name) => ({
  downstream: ds('postgres', name),
  upstream: ds('dbt', name),
}));

async function lineageReadsBack(server: MockServer): Promise<void> {
  for (const { downstream, upstream } of PATCHED) {
    const rest = await call(
      server,
      'GET',
      `/relationships?urn=${encodeURIComponent(downstream)}&direction=OUTGOING&types=List(DownstreamOf)`,
    );
    expect(rest.json.entities, downstream).toEqual([upstream]);
    const incoming = await call(
      server,
      'GET',
      `/relationships?urn=${encodeURIComponent(upstream)}&direction=INCOMING&types=List(DownstreamOf)`,
    );
    expect(incoming.json.entities, upstream).toContain(downstream);
    const query = `query ($urn: String!) { dataset(urn: $urn) { relationships(input: { types: ["DownstreamOf"], direction: OUTGOING }) { total relationships { type entity { urn } } } } }`;
    const reply = await graphql(server, { query, variables: { urn: downstream } });
    expect(reply.json.errors).toBeUndefined();
    expect(reply.json.data.dataset.relationships).toEqual({
      total: 1,
      relationships: [{ type: 'DownstreamOf', entity: { urn: upstream } }],
    });
  }
}

describe('the dbt golden file, entry by entry through ingestProposal', () => {
  const server = serverForTests({ namespace: 'li' });

  it('has 3 PATCH entries among its proposals', () => {
    expect(proposals.filter((p) => p.changeType === 'PATCH').map((p) => p.entityUrn)).toEqual(
      PATCHED.map((p) => p.downstream),
    );
  });

  it('accepts every entry, in file order', async () => {
    for (const [index, p] of proposals.entries()) {
      const aspect = {
        value: JSON.stringify(p.aspect),
        contentType: p.changeType === 'PATCH' ? 'application/json-patch+json' : 'application/json',
      };
      const body = {
        proposal: {
          entityType: p.entityType,
          entityUrn: p.entityUrn,
          changeType: p.changeType,
          aspectName: p.aspectName,
          aspect,
          systemMetadata: p.systemMetadata,
        },
      };
      const reply = await call(server(), 'POST', '/aspects?action=ingestProposal', { body });
      expect(reply.status, `proposal ${index} (${p.changeType} ${p.aspectName} of ${p.entityUrn}): ${reply.text}`).toBe(
        200,
      );
    }
  });

  it('reads the patched lineage back through /relationships and GraphQL', async () => {
    await lineageReadsBack(server());
  });
});

describe('the dbt golden file with --seed', () => {
  it('loads with nothing rejected, and its lineage reads back', async () => {
    await withServer({ namespace: 'li', seed: [GOLDEN] }, async (server) => {
      const report = server.loaded.find((r) => r.source === GOLDEN);
      expect(report).toMatchObject({ rejected: 0, skipped: [] });
      expect((report?.validated ?? 0) + (report?.opaque ?? 0)).toBe(proposals.length);
      await lineageReadsBack(server);
    });
  });
});
