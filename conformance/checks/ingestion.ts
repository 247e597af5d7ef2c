/**
 * 4.4 Ingestion: ingestProposal (UPSERT and DELETE), the legacy snapshot ingest with several aspects
 * of one entity, and the 4xx (never 5xx) answers to proposals the service cannot apply.
 */
import { expect, expectEqual, type CheckContext, type CheckGroup } from '../check.js';
import { ingestBody } from './support.js';

async function aspectsOf(ctx: CheckContext, urn: string): Promise<Record<string, { value?: Record<string, unknown> }>> {
  const res = await ctx.client.expectStatus('getEntityV2', { path: { urn } });
  return (res.body as { aspects?: Record<string, { value?: Record<string, unknown> }> }).aspects ?? {};
}

function expect4xx(status: number, what: string): void {
  expect(status >= 400 && status < 500, `${what} answered ${status}, expected a 4xx`);
}

export const ingestionChecks: CheckGroup = {
  name: 'ingest',
  checks: [
    {
      id: 'ingest.proposal.response',
      clause: '4.4 Ingestion: ingestProposal response',
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.returns;
        const res = await ctx.client.call('ingestProposal', { body: ingestBody(urn, 'dataset', 'globalTags', { tags: [{ tag: ctx.fixture.tag }] }) });
        expectEqual(res.status, 200, 'ingestProposal status');
        const value = (res.body as { value?: unknown } | undefined)?.value;
        // Upstream answered nothing, then the proposal's URN, then "success"; all three are accepted.
        expect(res.text === '' || value === 'success' || value === urn, `unexpected ingestProposal answer ${res.text.slice(0, 200)}`);
        expect((await aspectsOf(ctx, urn)).globalTags, 'the upserted aspect is not read back');
      },
    },
    {
      id: 'ingest.proposal.delete',
      clause: '4.4 Ingestion: ingestProposal proposal.changeType DELETE',
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.returns;
        await ctx.fixture.upsert(urn, 'globalTags', { tags: [{ tag: ctx.fixture.tag }] });
        await ctx.client.expectStatus('ingestProposal', { body: ingestBody(urn, 'dataset', 'globalTags', undefined, 'DELETE') });
        expect(!(await aspectsOf(ctx, urn)).globalTags, 'the aspect is still read after a DELETE proposal');
      },
    },
    {
      id: 'ingest.legacy.several-aspects',
      clause: '4.4 Ingestion: ingest several aspects of one entity in one call',
      writes: true,
      async run(ctx) {
        const { names } = ctx.contract;
        const urn = ctx.fixture.dataset('legacy');
        ctx.fixture.track(urn);
        const record = (aspect: string): string => ctx.contract.recordOfAspect(aspect) ?? aspect;
        const snapshot = ctx.contract.entity('dataset')?.snapshot ?? `${names.recordPrefix}metadata.snapshot.DatasetSnapshot`;
        const body = {
          entity: {
            value: {
              [snapshot]: {
                urn,
                aspects: [
                  { [record('datasetProperties')]: { description: `Legacy ingest of run ${ctx.runId}`, customProperties: {} } },
                  { [record('globalTags')]: { tags: [{ tag: ctx.fixture.tag }] } },
                ],
              },
            },
          },
        };
        await ctx.client.expectStatus('ingestEntity', { body });
        const aspects = await aspectsOf(ctx, urn);
        expectEqual(aspects.datasetProperties?.value?.description, `Legacy ingest of run ${ctx.runId}`, 'datasetProperties.description');
        expect(aspects.globalTags, 'the second aspect of the snapshot was not written');
      },
    },
    {
      id: 'ingest.proposal.unknown-aspect',
      clause: '4.4 Ingestion: ingestProposal proposal.aspectName of an aspect the entity does not have',
      writes: true,
      async run(ctx) {
        const res = await ctx.client.call('ingestProposal', { body: ingestBody(ctx.fixture.dataset('unknown_aspect'), 'dataset', 'chartInfo', { title: 'x' }) });
        expect4xx(res.status, 'a proposal of an aspect datasets do not have');
      },
    },
    {
      id: 'ingest.proposal.missing-aspect',
      clause: '4.4 Ingestion: ingestProposal proposal.aspect missing',
      writes: true,
      async run(ctx) {
        const body = { proposal: { entityType: 'dataset', entityUrn: ctx.fixture.dataset('missing_aspect'), changeType: 'UPSERT', aspectName: 'status' } };
        expect4xx((await ctx.client.call('ingestProposal', { body })).status, 'an UPSERT proposal without aspect');
      },
    },
    {
      id: 'ingest.proposal.invalid-body',
      clause: '4.4 Ingestion: ingestProposal proposal.aspect.value is a string',
      writes: true,
      async run(ctx) {
        const body = { proposal: { entityType: 'dataset', entityUrn: ctx.fixture.dataset('invalid'), changeType: 'UPSERT', aspectName: 'status', aspect: { value: { removed: true }, contentType: 'application/json' } } };
        expect4xx((await ctx.client.call('ingestProposal', { body })).status, 'a proposal whose aspect value is an object');
      },
    },
  ],
};
