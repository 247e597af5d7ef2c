/**
 * 4.1 GraphQL and the GraphQL rows of 7. Errors: each operation of the document, the {data, extensions}
 * envelope, the explorer page, GET rejected, and a mutation on a missing entity failing. Every query
 * the suite sends is first validated against the spec's SDL, so a check never asks for what the
 * contract does not define.
 */
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { expect, expectEqual, expectStatusOf, fail, type CheckContext, type CheckGroup } from '../check.js';
import type { ApiResponse, Credential } from '../client.js';
import { readableDataset } from './deployment-lookups.js';

const schemas = new WeakMap<object, GraphQLSchema>();

function schemaOf(ctx: CheckContext): GraphQLSchema {
  let schema = schemas.get(ctx.contract);
  if (!schema) {
    schema = buildSchema(ctx.contract.graphqlSdl);
    schemas.set(ctx.contract, schema);
  }
  return schema;
}

interface Envelope {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: unknown;
}

/** Sends a query the SDL accepts and returns its envelope, failing unless it is {data, extensions}. */
export async function graphql(
  ctx: CheckContext,
  query: string,
  variables: Record<string, unknown> = {},
  credential: Credential = 'token',
): Promise<Envelope & { res: ApiResponse }> {
  const problems = validate(schemaOf(ctx), parse(query));
  if (problems.length)
    throw new Error(`the suite's query breaks the SDL: ${problems.map((p) => p.message).join('; ')}`);
  const res = await ctx.client.graphql(query, variables, credential);
  const body = res.body as Envelope | undefined;
  expect(
    body && typeof body === 'object',
    `GraphQL answered ${res.status} without a JSON body: ${res.text.slice(0, 200)}`,
  );
  return { ...body, res };
}

function expectEnvelope(env: Envelope & { res: ApiResponse }): Record<string, unknown> {
  expectEqual(env.res.status, 200, 'GraphQL status');
  expect(!env.errors?.length, `GraphQL errors: ${JSON.stringify(env.errors)}`);
  expect(env.data && typeof env.data === 'object', 'the response has no data object');
  expect(
    env.extensions !== null && typeof env.extensions === 'object' && !Array.isArray(env.extensions),
    'the response has no extensions object',
  );
  return env.data;
}

const DATASET =
  'query dataset($urn: String!) { dataset(urn: $urn) { urn exists properties { description } schemaMetadata { fields { fieldPath description } } } }';
const UPDATE_DATASET =
  'mutation updateDataset($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }';
const UPDATE_DESCRIPTION =
  'mutation updateDescription($input: DescriptionUpdateInput!) { updateDescription(input: $input) }';

export const graphqlChecks: CheckGroup = {
  name: 'graphql',
  checks: [
    {
      id: 'graphql.transport.envelope',
      clause: '4.1 GraphQL: POST /api/graphql answers {data, extensions}',
      async run(ctx) {
        expectEnvelope(await graphql(ctx, DATASET, { urn: await readableDataset(ctx) }));
      },
    },
    {
      id: 'graphql.dataset.query',
      clause: '4.1 GraphQL: query dataset',
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const data = expectEnvelope(await graphql(ctx, DATASET, { urn }));
        const dataset = data.dataset as {
          urn?: string;
          properties?: { description?: unknown } | null;
          schemaMetadata?: { fields?: unknown } | null;
        } | null;
        expect(dataset, 'dataset is null for an existing dataset');
        expectEqual(dataset.urn, urn, 'dataset.urn');
        if (ctx.allowWrites && !ctx.fixture.failure) {
          expect(
            String(dataset.properties?.description ?? '').includes(ctx.fixture.word),
            'properties.description is not the ingested description',
          );
          expect(
            Array.isArray(dataset.schemaMetadata?.fields) && dataset.schemaMetadata.fields.length === 2,
            'schemaMetadata.fields is not the ingested list of two fields',
          );
        }
      },
    },
    {
      id: 'graphql.dataset.unknown-urn',
      clause: '4.1 GraphQL: query dataset of a URN never written',
      async run(ctx) {
        const urn = ctx.fixture.dataset('never_written');
        const data = expectEnvelope(await graphql(ctx, DATASET, { urn }));
        const dataset = data.dataset as { exists?: boolean } | null;
        expect(
          dataset === null || dataset.exists === false,
          `a dataset never written answers exists ${String(dataset?.exists)}`,
        );
      },
    },
    {
      id: 'graphql.explorer.page',
      clause: '4.1 GraphQL: GET /api/graphiql',
      async run(ctx) {
        const url = ctx.client.settings.target.graphqlUrl.replace(/graphql$/, 'graphiql');
        // With the token: upstream's authentication covers the explorer too (spec/upstream-differences.yaml reads-require-token).
        const res = await ctx.client.send('GET', url, undefined, 'token', { Accept: 'text/html' });
        expectEqual(res.status, 200, `GET ${url} status`);
        expect(/<html/i.test(res.text), 'the explorer is not an HTML page');
      },
    },
    {
      id: 'graphql.transport.get-rejected',
      clause: '4.1 GraphQL: POST /api/graphql only POST is supported',
      async run(ctx) {
        const res = await ctx.client.graphql('{ __typename }', {}, 'token', 'GET');
        // 405, as upstream's controller answers (graphql-facts §1); a 404 would mean no GraphQL route at all.
        expectStatusOf(res.status, 405, 'GET on the GraphQL path');
      },
    },
    {
      id: 'graphql.errors.method-not-post',
      clause: '7 Errors: GraphQL request with a method other than POST is unsupported',
      async run(ctx) {
        // A read-only query: a deployment that wrongly serves it changes nothing.
        for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
          const res = await ctx.client.send(
            method,
            ctx.client.settings.target.graphqlUrl,
            method === 'GET' ? undefined : { query: '{ __typename }' },
            'token',
          );
          expectStatusOf(res.status, 405, `${method} on the GraphQL path`);
        }
      },
    },
    {
      id: 'graphql.transport.bad-body',
      clause: '4.1 GraphQL: POST /api/graphql payload {query, variables}',
      async run(ctx) {
        const url = ctx.client.settings.target.graphqlUrl;
        for (const [what, body] of [
          ['a body that is not JSON', '{"query": '],
          ['a body without query', '{"variables": {}}'],
        ] as const) {
          const res = await ctx.client.send('POST', url, body, 'token');
          expectEqual(res.status, 400, `status of ${what}`);
          const errors = (res.body as Envelope | undefined)?.errors;
          expect(
            Array.isArray(errors) && typeof errors[0]?.message === 'string',
            `${what} answered no {errors: [{message}]} body: ${res.text.slice(0, 200)}`,
          );
        }
      },
    },
    {
      id: 'graphql.errors.bad-input',
      clause: '7 Errors: GraphQL request with bad input fails with a client error',
      async run(ctx) {
        const env = await graphql(ctx, DATASET, { urn: 'not-a-urn' });
        expect(env.res.status < 500, `answered ${env.res.status}`);
        const code = env.errors?.[0]?.extensions?.code;
        expect(env.errors?.length, 'dataset(urn) with a malformed URN did not fail');
        expect(
          typeof code === 'number' && code >= 400 && code < 500,
          `errors[0].extensions.code is ${JSON.stringify(code)}, expected a 4xx`,
        );
      },
    },
    {
      id: 'graphql.createTag.result',
      clause: '4.1 GraphQL: mutation createTag',
      writes: true,
      async run(ctx) {
        const id = `conformance_${ctx.runId}_created`;
        const env = await graphql(ctx, 'mutation createTag($input: CreateTagInput!) { createTag(input: $input) }', {
          input: { id, name: id, description: `Created by conformance run ${ctx.runId}` },
        });
        const data = expectEnvelope(env);
        const urn = data.createTag;
        expect(typeof urn === 'string', 'createTag did not answer the tag URN');
        ctx.fixture.track(urn);
        const read = await ctx.client.expectStatus('getEntityV2', { path: { urn } });
        expect(
          (read.body as { aspects?: Record<string, unknown> }).aspects?.tagProperties,
          'the created tag has no tagProperties',
        );
      },
    },
    {
      id: 'graphql.updateDataset',
      clause: '4.1 GraphQL: mutation updateDataset',
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.orders;
        const description = `Edited by conformance run ${ctx.runId}`;
        const input = {
          editableProperties: { description },
          institutionalMemory: {
            elements: [{ author: ctx.fixture.owner, url: 'https://example.com/orders', description: 'Runbook' }],
          },
        };
        const data = expectEnvelope(await graphql(ctx, UPDATE_DATASET, { urn, input }));
        expectEqual((data.updateDataset as { urn?: string } | null)?.urn, urn, 'updateDataset.urn');
        const read = await ctx.client.expectStatus('getEntityV2', {
          path: { urn },
          query: 'aspects=List(editableDatasetProperties,institutionalMemory)',
        });
        const aspects = (read.body as { aspects?: Record<string, { value?: Record<string, unknown> }> }).aspects ?? {};
        expectEqual(
          aspects.editableDatasetProperties?.value?.description,
          description,
          'editableDatasetProperties.description after updateDataset',
        );
        expect(aspects.institutionalMemory, 'institutionalMemory was not written by updateDataset');
      },
    },
    {
      id: 'graphql.updateDataset.missing-entity',
      clause: '7 Errors: GraphQL mutation on an entity that does not exist',
      writes: true,
      async run(ctx) {
        const urn = ctx.fixture.dataset('missing');
        // If the deployment writes it anyway (upstream does), the run must still clean it up.
        ctx.fixture.track(urn);
        const env = await graphql(ctx, UPDATE_DATASET, {
          urn,
          input: { editableProperties: { description: 'must not be written' } },
        });
        expect(env.res.status < 500, `answered ${env.res.status}`);
        expect(env.errors?.length, 'updateDataset on a dataset that does not exist did not fail');
        expect(!env.data?.updateDataset, 'updateDataset on a dataset that does not exist returned a dataset');
      },
    },
    {
      id: 'graphql.updateDescription',
      clause: '4.1 GraphQL: mutation updateDescription',
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.orders;
        const description = `Order id, edited by run ${ctx.runId}`;
        const data = expectEnvelope(
          await graphql(ctx, UPDATE_DESCRIPTION, {
            input: { description, resourceUrn: urn, subResource: 'order_id', subResourceType: 'DATASET_FIELD' },
          }),
        );
        expectEqual(data.updateDescription, true, 'updateDescription result');
        const read = await ctx.client.expectStatus('getEntityV2', {
          path: { urn },
          query: 'aspects=List(editableSchemaMetadata)',
        });
        const value = (
          read.body as {
            aspects?: {
              editableSchemaMetadata?: {
                value?: { editableSchemaFieldInfo?: { fieldPath: string; description?: string }[] };
              };
            };
          }
        ).aspects?.editableSchemaMetadata?.value;
        const field = value?.editableSchemaFieldInfo?.find((f) => f.fieldPath === 'order_id');
        expectEqual(field?.description, description, 'editableSchemaMetadata description of order_id');
      },
    },
    {
      id: 'graphql.updateDescription.entity-types',
      clause: '4.1 GraphQL: mutation updateDescription supports dataset schema fields and containers only',
      needsFixture: true,
      async run(ctx) {
        const env = await graphql(ctx, UPDATE_DESCRIPTION, {
          input: { description: 'not supported', resourceUrn: ctx.fixture.tag },
        });
        if (!env.errors?.length)
          fail('updateDescription on a tag succeeded; only dataset fields and containers are supported');
      },
    },
  ],
};
