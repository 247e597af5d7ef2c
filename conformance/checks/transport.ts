/**
 * 1 / 4 / 5: the three address forms (a cheap read, an action, and a call of every endpoint family
 * under every --prefix), JSON bodies, the protocol-version header, and authentication as
 * --expect-auth says: standard rejects the operations and test endpoints and GraphQL mutations
 * without a token (401) and writes with the reader token (403); all also rejects every read without
 * a token; off rejects nothing. A token carries its owner's privileges and names the actor of writes.
 */
import { parseUrn } from '../../spec/index.js';
import { expect, expectEqual, type CheckContext, type CheckGroup } from '../check.js';
import type { ApiResponse, CallOptions, Credential } from '../client.js';
import { readableDataset } from './deployment-lookups.js';
import { ingestBody, relationshipsQuery } from './request-builders.js';
import { valueOf } from './response-readers.js';

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

interface FamilyCall {
  family: string;
  operationId: string;
  options?: CallOptions;
}

/** One call of each endpoint family of section 1, none of which changes anything. */
async function familyCalls(ctx: CheckContext): Promise<FamilyCall[]> {
  const urn = await readableDataset(ctx);
  const key = ctx.contract.entity('dataset')?.keyAspect ?? 'datasetKey';
  return [
    {
      family: 'entity read (V2)',
      operationId: 'getEntityV2',
      options: { path: { urn }, query: `aspects=List(${key})` },
    },
    { family: 'entity read (legacy)', operationId: 'getEntity', options: { path: { urn } } },
    {
      family: 'aspect point lookup',
      operationId: 'getAspect',
      options: { path: { urn }, query: { aspect: key, version: '0' } },
    },
    {
      family: 'time series read',
      operationId: 'getTimeseriesAspectValues',
      options: { body: { urn, entity: 'dataset', aspect: 'datasetProfile', startTimeMillis: 0, endTimeMillis: 1 } },
    },
    {
      family: 'relationships',
      operationId: 'getRelationships',
      options: { query: relationshipsQuery(urn, 'OUTGOING') },
    },
    {
      family: 'browse',
      operationId: 'browseEntities',
      options: { body: { path: '/', entity: 'dataset', start: 0, limit: 1 } },
    },
    {
      family: 'search',
      operationId: 'searchEntities',
      options: { body: { input: '*', entity: 'dataset', start: 0, count: 1 } },
    },
    {
      family: 'autocomplete',
      operationId: 'autocompleteEntities',
      options: { body: { query: 'a', entity: 'dataset', limit: 1 } },
    },
    { family: 'index sizes', operationId: 'getIndexSizes' },
    {
      family: 'search-index task status',
      operationId: 'getEsTaskStatus',
      options: { body: { task: `conformance${ctx.runId}:987654321` } },
    },
    { family: 'metadata tests', operationId: 'evaluateTests', options: { body: { urn, shouldPush: false } } },
  ];
}

/** The status and the top-level field names of a response (bodies differ in stamps and scores). */
function outline(res: ApiResponse): { status: number; fields: string[]; valueFields: string[] } {
  const fieldsOf = (v: unknown): string[] =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).sort() : [];
  return {
    status: res.status,
    fields: fieldsOf(res.body),
    valueFields: fieldsOf((res.body as { value?: unknown } | undefined)?.value),
  };
}

/** The outlines under the first prefix, which every prefix is compared with, once per run. */
const firstPrefixOutlines = new Map<string, Promise<ReturnType<typeof outline>[]>>();

function outlinesOfFirstPrefix(ctx: CheckContext, calls: FamilyCall[]): Promise<ReturnType<typeof outline>[]> {
  let outlines = firstPrefixOutlines.get(ctx.runId);
  if (!outlines) {
    outlines = (async () => {
      const out = [];
      for (const call of calls) out.push(outline(await ctx.client.call(call.operationId, call.options)));
      return out;
    })();
    firstPrefixOutlines.set(ctx.runId, outlines);
  }
  return outlines;
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
        const res = await ctx.prefixClient.expectStatus('getEntityV2', {
          path: { urn },
          query: 'aspects=List(datasetKey)',
        });
        expectEqual((res.body as { urn?: string }).urn, urn, `urn read under '${ctx.prefixClient.prefix}'`);
      },
    },
    {
      id: 'transport.address-form.action',
      clause: '1 What the service does: the address forms take the same actions',
      perPrefix: true,
      async run(ctx) {
        const value = valueOf<{ entities: unknown[] }>(
          await ctx.prefixClient.expectStatus('searchEntities', {
            body: { input: '*', entity: 'dataset', start: 0, count: 1 },
          }),
        );
        expect(Array.isArray(value.entities), 'search under the prefix gave no entities list');
        const sizes = await ctx.prefixClient.call('getIndexSizes');
        expectEqual(sizes.status, 200, `getIndexSizes under '${ctx.prefixClient.prefix}' status`);
      },
    },
    {
      id: 'transport.address-form.families',
      clause: '1 What the service does: every endpoint family answers alike under the address forms',
      perPrefix: true,
      async run(ctx) {
        const calls = await familyCalls(ctx);
        const first = await outlinesOfFirstPrefix(ctx, calls);
        for (const [i, call] of calls.entries()) {
          const here = outline(await ctx.prefixClient.call(call.operationId, call.options));
          // 401 and 403 are the auth checks' business; anything else must be answered.
          expect(
            here.status < 300 || here.status === 401 || here.status === 403,
            `${call.family} under '${ctx.prefixClient.prefix}' answered ${here.status}`,
          );
          expectEqual(
            here,
            first[i],
            `${call.family} under '${ctx.prefixClient.prefix}' against '${ctx.client.prefix}' (status and fields)`,
          );
        }
      },
    },
    {
      id: 'transport.json-bodies',
      clause: '4 Endpoints: all bodies are JSON',
      async run(ctx) {
        for (const call of await familyCalls(ctx)) {
          const res = await ctx.client.call(call.operationId, call.options);
          expect(
            /^application\/json\b/i.test(res.headers.get('content-type') ?? ''),
            `${call.family} answered Content-Type ${res.headers.get('content-type') ?? 'none'}`,
          );
          expect(
            res.body !== undefined && typeof res.body !== 'string',
            `${call.family} answered a body that is not JSON: ${res.text.slice(0, 200)}`,
          );
        }
      },
    },
    {
      id: 'transport.protocol-header',
      clause: '9 Versioning: the protocol version header with the value 2.0.0',
      async run(ctx) {
        // Rest.li 2.0.0 syntax (List(...)) only reads correctly when the header says 2.0.0.
        const urn = await readableDataset(ctx);
        const res = await ctx.client.send(
          'GET',
          ctx.client.url(ctx.client.operation('getEntityV2'), { path: { urn }, query: 'aspects=List(datasetKey)' }),
          undefined,
          'token',
          {
            [ctx.contract.names.protocolHeader]: '2.0.0',
          },
        );
        expectEqual(res.status, 200, 'status of a 2.0.0 read');
        expectEqual(
          Object.keys((res.body as { aspects?: object }).aspects ?? {}),
          ['datasetKey'],
          'aspects read with List(...) under 2.0.0',
        );
      },
    },
    {
      id: 'auth.operations.no-token',
      clause: `${AUTH} operations endpoints without a token`,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        expectRejected(
          (await ctx.client.call('getIndexSizes', { credential: 'none' })).status,
          401,
          'getIndexSizes without a token',
        );
      },
    },
    {
      id: 'auth.test.no-token',
      clause: `${AUTH} test endpoint without a token`,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        const res = await ctx.client.call('evaluateTests', {
          body: { urn: await readableDataset(ctx), shouldPush: false },
          credential: 'none',
        });
        expectRejected(res.status, 401, 'evaluate without a token');
      },
    },
    {
      id: 'auth.operations.reader',
      clause: `${AUTH} operations endpoints with a reader token`,
      async run(ctx) {
        needAuth(ctx, 'standard', 'all');
        needReader(ctx);
        expectRejected(
          (await ctx.client.call('getIndexSizes', { credential: 'reader' })).status,
          403,
          'getIndexSizes with the reader token',
        );
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
        const res = await ctx.client.graphql(
          'mutation createTag($input: CreateTagInput!) { createTag(input: $input) }',
          { input: { id, name: id } },
          'none',
        );
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
        const body = {
          proposal: {
            entityType: 'dataset',
            entityUrn: ctx.fixture.orders,
            changeType: 'UPSERT',
            aspectName: 'status',
            aspect: { value: '{"removed":false}', contentType: 'application/json' },
          },
        };
        expectRejected(
          (await ctx.client.call('ingestProposal', { body, credential: 'reader' })).status,
          403,
          'ingestProposal with the reader token',
        );
      },
    },
    {
      id: 'auth.tokens.owner',
      clause: '5 Authentication: Personal access tokens carry the privileges of the user who owns the token',
      writes: true,
      async run(ctx) {
        if (!ctx.client.settings.target.token) ctx.skip('needs --token');
        const urn = ctx.fixture.kind('dataset');
        const actorOfWrite = async (credential: Credential): Promise<string | undefined> => {
          ctx.fixture.track(urn);
          // Each write changes the value, so that each makes a new latest version with its own stamp.
          const res = await ctx.client.call('ingestProposal', {
            body: ingestBody(urn, 'dataset', 'datasetProperties', {
              description: `Written with credential ${credential}`,
            }),
            credential,
          });
          if (res.status !== 200) return undefined;
          const read = await ctx.client.expectStatus('getEntityV2', {
            path: { urn },
            query: 'aspects=List(datasetProperties)',
          });
          return String(
            (read.body as { aspects?: { datasetProperties?: { created?: { actor?: unknown } } } }).aspects
              ?.datasetProperties?.created?.actor,
          );
        };
        const owner = await actorOfWrite('token');
        expect(owner, 'a write with --token was refused');
        expectEqual(
          parseUrn(owner).entityType,
          'corpuser',
          `entity type of the actor ${owner} of a write with --token (its owner)`,
        );
        // Another caller is another actor: the stamp comes from the token, not from the service.
        const anonymous = await actorOfWrite('none');
        if (anonymous !== undefined)
          expect(anonymous !== owner, `a write without a token was stamped with the token owner ${owner}`);
        if (ctx.client.settings.readerToken) {
          expect(
            (await actorOfWrite('reader')) === undefined,
            'a write with the reader token was accepted: it carries the privileges of a user who may only read',
          );
          expectEqual(await readStatus(ctx, 'reader'), 200, 'status of a read with the reader token');
        }
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
        expectEqual(
          (await ctx.client.call('getIndexSizes', { credential: 'none' })).status,
          200,
          'getIndexSizes without a token',
        );
      },
    },
  ],
};
