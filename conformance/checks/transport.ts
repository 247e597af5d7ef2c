/**
 * 1 / 4 / 5: the three address forms (a cheap read and an action under every --prefix), the
 * protocol-version header, and authentication as --expect-auth says: standard rejects the
 * operations and test endpoints and GraphQL mutations without a token (401) and writes with the
 * reader token (403); all also rejects every read without a token; off rejects nothing.
 */
import { expect, expectEqual, type CheckContext, type CheckGroup } from '../check.js';
import type { Credential } from '../client.js';
import { readableDataset, valueOf } from './support.js';

const AUTH = '5 Authentication: Credential';

function expectRejected(status: number, want: number, what: string): void {
  expectEqual(status, want, `${what} status`);
}

function needAuth(ctx: CheckContext, ...modes: string[]): void {
  if (!modes.includes(ctx.expectAuth)) ctx.skip(`not checked with --expect-auth ${ctx.expectAuth}`);
}

function needReader(ctx: CheckContext): void {
  if (!ctx.client.settings.readerToken) ctx.skip('needs --reader-token');
}

async function readStatus(ctx: CheckContext, credential: Credential): Promise<number> {
  return (await ctx.client.call('getEntityV2', { path: { urn: await readableDataset(ctx) }, credential })).status;
}

export const transportChecks: CheckGroup = {
  name: 'transport',
  checks: [
    {
      id: 'transport.address-form.read',
      clause: '1 What the service does: the address forms take the same reads',
      perPrefix: true,
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const res = await ctx.prefixClient.expectStatus('getEntityV2', { path: { urn }, query: 'aspects=List(datasetKey)' });
        expectEqual((res.body as { urn?: string }).urn, urn, `urn read under '${ctx.prefixClient.prefix}'`);
      },
    },
    {
      id: 'transport.address-form.action',
      clause: '1 What the service does: the address forms take the same actions',
      perPrefix: true,
      async run(ctx) {
        const value = valueOf<{ entities: unknown[] }>(await ctx.prefixClient.expectStatus('searchEntities', { body: { input: '*', entity: 'dataset', start: 0, count: 1 } }));
        expect(Array.isArray(value.entities), 'search under the prefix gave no entities list');
        const sizes = await ctx.prefixClient.call('getIndexSizes');
        expectEqual(sizes.status, 200, `getIndexSizes under '${ctx.prefixClient.prefix}' status`);
      },
    },
    {
      id: 'transport.protocol-header',
      clause: '9 Versioning: the protocol version header with the value 2.0.0',
      async run(ctx) {
        // Rest.li 2.0.0 syntax (List(...)) only reads correctly when the header says 2.0.0.
        const urn = await readableDataset(ctx);
        const res = await ctx.client.send('GET', ctx.client.url(ctx.client.operation('getEntityV2'), { path: { urn }, query: 'aspects=List(datasetKey)' }), undefined, 'token', {
          [ctx.contract.names.protocolHeader]: '2.0.0',
        });
        expectEqual(res.status, 200, 'status of a 2.0.0 read');
        expectEqual(Object.keys((res.body as { aspects?: object }).aspects ?? {}), ['datasetKey'], 'aspects read with List(...) under 2.0.0');
      },
    },
    {
      id: 'auth.operations.no-token',
      clause: `${AUTH} operations endpoints without a token`,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        expectRejected((await ctx.client.call('getIndexSizes', { credential: 'none' })).status, 401, 'getIndexSizes without a token');
      },
    },
    {
      id: 'auth.test.no-token',
      clause: `${AUTH} test endpoint without a token`,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        const res = await ctx.client.call('evaluateTests', { body: { urn: await readableDataset(ctx), shouldPush: false }, credential: 'none' });
        expectRejected(res.status, 401, 'evaluate without a token');
      },
    },
    {
      id: 'auth.operations.reader',
      clause: `${AUTH} operations endpoints with a reader token`,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        needReader(ctx);
        expectRejected((await ctx.client.call('getIndexSizes', { credential: 'reader' })).status, 403, 'getIndexSizes with the reader token');
      },
    },
    {
      id: 'auth.graphql.mutation-no-token',
      clause: '5 Authentication: Authorization GraphQL mutations without a token',
      writes: true,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        const id = `conformance_${ctx.runId}_anonymous`;
        ctx.fixture.track(`${ctx.contract.names.urnPrefix}tag:${id}`);
        const res = await ctx.client.graphql('mutation createTag($input: CreateTagInput!) { createTag(input: $input) }', { input: { id, name: id } }, 'none');
        expectRejected(res.status, 401, 'createTag without a token');
      },
    },
    {
      id: 'auth.ingest.reader',
      clause: `${AUTH} writes with a reader token`,
      writes: true,
      needsFixture: true,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        needReader(ctx);
        const body = { proposal: { entityType: 'dataset', entityUrn: ctx.fixture.orders, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}', contentType: 'application/json' } } };
        expectRejected((await ctx.client.call('ingestProposal', { body, credential: 'reader' })).status, 403, 'ingestProposal with the reader token');
      },
    },
    {
      id: 'auth.reads.no-token',
      clause: `${AUTH} reads without a token`,
      async run(ctx) {
        const status = await readStatus(ctx, 'none');
        if (ctx.expectAuth === 'all') expectRejected(status, 401, 'a read without a token');
        else expectEqual(status, 200, `status of a read without a token (--expect-auth ${ctx.expectAuth})`);
      },
    },
    {
      id: 'auth.reads.reader',
      clause: `${AUTH} reads with a reader token`,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        needReader(ctx);
        expectEqual(await readStatus(ctx, 'reader'), 200, 'status of a read with the reader token');
      },
    },
    {
      id: 'auth.operations.open',
      clause: `${AUTH} operations endpoints open with --expect-auth off`,
      async run(ctx) {
        needAuth(ctx, 'off');
        expectEqual((await ctx.client.call('getIndexSizes', { credential: 'none' })).status, 200, 'getIndexSizes without a token');
      },
    },
  ],
};
