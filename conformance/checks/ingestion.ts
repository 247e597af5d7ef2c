/**
 * 4.4 Ingestion: ingestProposal (UPSERT and DELETE, and upstream's PATCH and CREATE), the legacy snapshot ingest with several aspects
 * of one entity, and the 4xx (never 5xx) responses to proposals the service cannot apply: an unknown
 * or missing aspect, an entityType that is not the URN's, no entityUrn, a content type other than
 * application/json, an aspect value that is not a string.
 */
import { expect, expectEqual, expectStatusOf, type Check, type CheckContext, type CheckGroup } from '../check.js';
import { ingestBody } from './request-builders.js';

async function aspectsOf(ctx: CheckContext, urn: string): Promise<Record<string, { value?: Record<string, unknown> }>> {
  const res = await ctx.client.expectStatus('getEntityV2', { path: { urn } });
  return (res.body as { aspects?: Record<string, { value?: Record<string, unknown> }> }).aspects ?? {};
}

/** A status proposal for the run's dataset `name`, changed by `change` into one the service must refuse. */
function withProposal(
  ctx: CheckContext,
  name: string,
  change: (proposal: Record<string, unknown>) => unknown,
): Record<string, unknown> {
  const body = ingestBody(ctx.fixture.dataset(name), 'dataset', 'status', { removed: false }) as {
    proposal: Record<string, unknown>;
  };
  change(body.proposal);
  return body;
}

/** A proposal the service cannot apply gets `want` (400 for an invalid parameter, restli-facts §3.2), never a 5xx, and is never written. */
function rejectedProposal(
  id: string,
  row: string,
  what: string,
  body: (ctx: CheckContext) => Record<string, unknown>,
  want = 400,
): Check {
  return {
    id,
    clause: `4.4 Ingestion: ingestProposal ${row}`,
    writes: true,
    async run(ctx) {
      const request = body(ctx);
      const { status } = await ctx.client.call('ingestProposal', { body: request });
      // A deployment that wrongly wrote it still has the run soft-delete it.
      const urn = (request.proposal as { entityUrn?: unknown }).entityUrn;
      if (status < 300 && typeof urn === 'string') ctx.fixture.track(urn);
      expectStatusOf(status, want, what);
    },
  };
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
        const res = await ctx.client.call('ingestProposal', {
          body: ingestBody(urn, 'dataset', 'globalTags', { tags: [{ tag: ctx.fixture.tag }] }),
        });
        expectEqual(res.status, 200, 'ingestProposal status');
        const value = (res.body as { value?: unknown } | undefined)?.value;
        // Upstream answered nothing, then the proposal's URN, then "success"; all three are accepted.
        expect(
          res.text === '' || value === 'success' || value === urn,
          `unexpected ingestProposal answer ${res.text.slice(0, 200)}`,
        );
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
        await ctx.client.expectStatus('ingestProposal', {
          body: ingestBody(urn, 'dataset', 'globalTags', undefined, 'DELETE'),
        });
        expect(!(await aspectsOf(ctx, urn)).globalTags, 'the aspect is still read after a DELETE proposal');
      },
    },
    {
      id: 'ingest.proposal.patch',
      clause: '4.4 Ingestion: ingestProposal proposal.changeType (PATCH, beyond the document)',
      writes: true,
      async run(ctx) {
        const urn = ctx.fixture.dataset('patched');
        ctx.fixture.track(urn);
        const other = `${ctx.contract.names.urnPrefix}tag:conformance_patch_${ctx.runId}`;
        await ctx.fixture.upsert(urn, 'globalTags', { tags: [{ tag: ctx.fixture.tag }] });
        const patch = [{ op: 'add', path: `/tags/${other}`, value: { tag: other } }];
        const body = {
          proposal: {
            entityType: 'dataset',
            entityUrn: urn,
            changeType: 'PATCH',
            aspectName: 'globalTags',
            aspect: { value: JSON.stringify(patch), contentType: 'application/json-patch+json' },
          },
        };
        await ctx.client.expectStatus('ingestProposal', { body });
        const tags = ((await aspectsOf(ctx, urn)).globalTags?.value?.tags ?? []) as { tag?: string }[];
        expectEqual(
          tags.map((t) => t.tag).sort(),
          [ctx.fixture.tag, other].sort(),
          'globalTags after a PATCH adding a tag (upstream GlobalTagsTemplate)',
        );
      },
    },
    {
      id: 'ingest.proposal.create-existing',
      clause: '4.4 Ingestion: ingestProposal proposal.changeType (CREATE, beyond the document)',
      writes: true,
      async run(ctx) {
        const urn = ctx.fixture.dataset('created');
        ctx.fixture.track(urn);
        await ctx.fixture.upsert(urn, 'status', { removed: false });
        const { status } = await ctx.client.call('ingestProposal', {
          body: ingestBody(urn, 'dataset', 'status', { removed: false }, 'CREATE'),
        });
        expect(
          status >= 400 && status < 500,
          `a CREATE of an aspect that exists answered ${status}, expected a 4xx (upstream CreateIfNotExistsValidator)`,
        );
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
        const snapshot =
          ctx.contract.entity('dataset')?.snapshot ?? `${names.recordPrefix}metadata.snapshot.DatasetSnapshot`;
        const body = {
          entity: {
            value: {
              [snapshot]: {
                urn,
                aspects: [
                  {
                    [record('datasetProperties')]: {
                      description: `Legacy ingest of run ${ctx.runId}`,
                      customProperties: {},
                    },
                  },
                  { [record('globalTags')]: { tags: [{ tag: ctx.fixture.tag }] } },
                ],
              },
            },
          },
        };
        await ctx.client.expectStatus('ingestEntity', { body });
        const aspects = await aspectsOf(ctx, urn);
        expectEqual(
          aspects.datasetProperties?.value?.description,
          `Legacy ingest of run ${ctx.runId}`,
          'datasetProperties.description',
        );
        expect(aspects.globalTags, 'the second aspect of the snapshot was not written');
      },
    },
    rejectedProposal(
      'ingest.proposal.unknown-aspect',
      'proposal.aspectName of an aspect the entity does not have',
      'a proposal of an aspect datasets do not have',
      (ctx) => ingestBody(ctx.fixture.dataset('unknown_aspect'), 'dataset', 'chartInfo', { title: 'x' }),
    ),
    rejectedProposal(
      'ingest.proposal.missing-aspect',
      'proposal.aspect missing',
      'an UPSERT proposal without aspect',
      (ctx) => withProposal(ctx, 'missing_aspect', (p) => delete p.aspect),
    ),
    rejectedProposal(
      'ingest.proposal.entity-type-mismatch',
      'proposal.entityType other than the entity of the URN',
      'a proposal for a dataset URN with entityType chart',
      (ctx) => withProposal(ctx, 'mismatch', (p) => (p.entityType = 'chart')),
    ),
    rejectedProposal(
      'ingest.proposal.entity-urn-missing',
      'proposal.entityUrn missing',
      'a proposal without entityUrn',
      (ctx) => withProposal(ctx, 'no_urn', (p) => delete p.entityUrn),
    ),
    rejectedProposal(
      'ingest.proposal.content-type',
      'proposal.aspect.contentType other than application/json',
      'a proposal whose aspect contentType is application/xml',
      (ctx) =>
        withProposal(
          ctx,
          'content_type',
          (p) => ((p.aspect as Record<string, unknown>).contentType = 'application/xml'),
        ),
    ),
    rejectedProposal(
      'ingest.proposal.invalid-body',
      'proposal.aspect.value is a string',
      'a proposal whose aspect value is an object',
      (ctx) => withProposal(ctx, 'invalid', (p) => ((p.aspect as Record<string, unknown>).value = { removed: true })),
    ),
  ],
};
