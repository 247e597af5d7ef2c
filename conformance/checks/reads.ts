/**
 * 4.5 Reads and the version rules of 2.2 / 9: every read and its shape, aspects=List(...), version 0
 * latest with increasing versions, the time series range, order and limit, relationships in both
 * directions, the reference page, and what a URN that was never written answers.
 */
import { expect, expectEqual, expectStatusOf, fail, type CheckContext, type CheckGroup } from '../check.js';
import { relatedUrns } from '../../deployment/index.js';
import { fixtureProfilesVisible, readableDataset } from './deployment-lookups.js';
import { relationshipsQuery } from './request-builders.js';
import { jsonText, valueOf } from './response-readers.js';

const V2 = '4.5 Reads: GET /entitiesV2/<encoded_urn>';
const LEGACY = '4.5 Reads: GET /entities/<encoded_urn>';
const ASPECT = '4.5 Reads: GET /aspects/<encoded_urn>?aspect=<aspect_name>&version=<integer>';
const TIMESERIES = '4.5 Reads: POST /aspects?action=getTimeseriesAspectValues';
const RELATIONSHIPS = '4.5 Reads: GET /relationships';

interface EntityV2 {
  urn?: string;
  entityName?: string;
  aspects?: Record<
    string,
    { name?: string; version?: unknown; value?: unknown; created?: { time?: unknown; actor?: unknown } }
  >;
}

async function entityV2(ctx: CheckContext, urn: string, query?: string): Promise<EntityV2> {
  return (await ctx.client.expectStatus('getEntityV2', { path: { urn }, ...(query ? { query } : {}) }))
    .body as EntityV2;
}

async function profiles(
  ctx: CheckContext,
  range: { startTimeMillis: number; endTimeMillis: number; limit?: number },
): Promise<{ limit: unknown; times: number[] }> {
  const res = await ctx.client.expectStatus('getTimeseriesAspectValues', {
    body: { urn: ctx.fixture.orders, entity: 'dataset', aspect: 'datasetProfile', ...range },
  });
  const value = valueOf<{ limit: unknown; values: { aspect: { value: string } }[] }>(res);
  return {
    limit: value.limit,
    times: value.values.map(
      (v) => jsonText<{ timestampMillis: number }>(v.aspect.value, 'aspect.value').timestampMillis,
    ),
  };
}

/**
 * The related URNs, from either shape: the document's `entities` or upstream's `relationships[].entity`
 * (spec/upstream-differences.yaml relationships-shape).
 */
async function relatedNow(ctx: CheckContext, urn: string, direction: string, types: string): Promise<string[]> {
  const res = await ctx.client.expectStatus('getRelationships', { query: relationshipsQuery(urn, direction, types) });
  const urns = relatedUrns(res.body);
  expect(urns !== undefined, 'the response lists neither entities nor relationships');
  return urns;
}

/** The related URNs once the run's writes show (`expected` is what the check wants to see). */
function related(
  ctx: CheckContext,
  urn: string,
  direction: string,
  types: string,
  expected: string[],
): Promise<string[]> {
  return ctx.eventually(
    () => relatedNow(ctx, urn, direction, types),
    (urns) => JSON.stringify(urns) === JSON.stringify(expected),
  );
}

async function aspectVersion(
  ctx: CheckContext,
  urn: string,
  version: number,
): Promise<{ status: number; description?: unknown; version?: unknown }> {
  const res = await ctx.client.call('getAspect', {
    path: { urn },
    query: { aspect: 'datasetProperties', version: String(version) },
  });
  if (res.status !== 200) return { status: res.status };
  const body = res.body as { version?: unknown; aspect?: Record<string, { description?: unknown }> };
  const record = ctx.contract.recordOfAspect('datasetProperties') ?? '';
  return { status: 200, version: body.version, description: body.aspect?.[record]?.description };
}

export const readsChecks: CheckGroup = {
  name: 'reads',
  checks: [
    {
      id: 'reads.entitiesV2.shape',
      clause: V2,
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const entity = await entityV2(ctx, urn);
        expectEqual(entity.urn, urn, 'urn');
        expectEqual(entity.entityName, 'dataset', 'entityName');
        const key = ctx.contract.entity('dataset')?.keyAspect ?? 'datasetKey';
        expect(entity.aspects?.[key], `the key aspect ${key} is missing`);
        for (const [name, aspect] of Object.entries(entity.aspects ?? {})) {
          expectEqual(aspect.name, name, `aspects.${name}.name`);
          expect(Number.isInteger(aspect.version), `aspects.${name}.version is not an integer`);
          expect(aspect.value && typeof aspect.value === 'object', `aspects.${name}.value is not an object`);
          expect(
            Number.isInteger(aspect.created?.time) && typeof aspect.created?.actor === 'string',
            `aspects.${name}.created is not an audit stamp`,
          );
        }
      },
    },
    {
      id: 'reads.entitiesV2.aspects-list',
      clause: `${V2} aspects=List(...)`,
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const key = ctx.contract.entity('dataset')?.keyAspect ?? 'datasetKey';
        const entity = await entityV2(ctx, urn, `aspects=List(${key})`);
        expectEqual(Object.keys(entity.aspects ?? {}), [key], 'aspects read with aspects=List(key aspect)');
      },
    },
    {
      id: 'reads.entitiesV2.unknown-urn',
      clause: `${V2} of a URN never written`,
      async run(ctx) {
        const key = ctx.contract.entity('dataset')?.keyAspect ?? 'datasetKey';
        const entity = await entityV2(ctx, ctx.fixture.dataset('never_written'));
        expectEqual(Object.keys(entity.aspects ?? {}), [key], 'aspects of a URN never written');
      },
    },
    {
      id: 'reads.entities.shape',
      clause: LEGACY,
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const res = await ctx.client.expectStatus('getEntity', { path: { urn } });
        const snapshotName = ctx.contract.entity('dataset')?.snapshot ?? '';
        const snapshot = (res.body as { value?: Record<string, { urn?: string; aspects?: unknown }> }).value?.[
          snapshotName
        ];
        expect(snapshot, `value has no ${snapshotName}`);
        expectEqual(snapshot.urn, urn, 'snapshot urn');
        expect(Array.isArray(snapshot.aspects) && snapshot.aspects.length > 0, 'snapshot has no aspects');
        for (const item of snapshot.aspects as Record<string, unknown>[]) {
          const [record] = Object.keys(item);
          expect(
            Object.keys(item).length === 1 && record && ctx.contract.aspectOfRecord(record),
            `aspect ${JSON.stringify(Object.keys(item))} is not keyed by one aspect record name`,
          );
        }
      },
    },
    {
      id: 'reads.entities.unknown-urn',
      clause: `${LEGACY} of a URN never written`,
      async run(ctx) {
        const res = await ctx.client.expectStatus('getEntity', { path: { urn: ctx.fixture.dataset('never_written') } });
        const snapshot = Object.values(
          (res.body as { value?: Record<string, { aspects?: unknown[] }> }).value ?? {},
        )[0];
        expectEqual(snapshot?.aspects?.length, 1, 'aspects of a URN never written (the key aspect only)');
      },
    },
    {
      id: 'reads.aspects.unknown-urn',
      clause: `${ASPECT} of a URN never written`,
      async run(ctx) {
        expectEqual((await aspectVersion(ctx, ctx.fixture.dataset('never_written'), 0)).status, 404, 'status');
      },
    },
    {
      id: 'reads.aspects.versions',
      clause: `${ASPECT} version 0 is the latest, other versions increase`,
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.customers;
        const original = (await aspectVersion(ctx, urn, 0)).description;
        // The edits keep the run's word, so the search checks still find the dataset.
        const later = [
          `First edit of run ${ctx.runId}, ${ctx.fixture.word}`,
          `Second edit of run ${ctx.runId}, ${ctx.fixture.word}`,
        ];
        for (const description of later)
          await ctx.fixture.upsert(urn, 'datasetProperties', {
            description,
            name: `customers_${ctx.runId}`,
            created: { time: 2000 },
          });
        const [v0, v1, v2, v3] = await Promise.all([0, 1, 2, 3].map((v) => aspectVersion(ctx, urn, v)));
        expectEqual(v0?.description, later[1], 'version 0 (the latest)');
        expectEqual(v1?.description, original, 'version 1 (the first written)');
        expectEqual(v2?.description, later[0], 'version 2 (the second written)');
        expectEqual(v3?.status, 404, 'status of a version never written');
        const entity = await entityV2(ctx, urn, 'aspects=List(datasetProperties)');
        expect(
          entity.aspects?.datasetProperties?.version !== undefined,
          'entitiesV2 has no version of datasetProperties',
        );
      },
    },
    {
      id: 'reads.timeseries.range',
      clause: `${TIMESERIES} startTimeMillis endTimeMillis`,
      needsFixture: true,
      async run(ctx) {
        const [first = 0, second = 0, third = 0] = ctx.fixture.profileTimes;
        await fixtureProfilesVisible(ctx);
        const { times } = await profiles(ctx, { startTimeMillis: second - 1, endTimeMillis: third + 1 });
        expectEqual([...times].sort(), [second, third].sort(), 'points in the range');
        expect(!times.includes(first), 'a point before startTimeMillis was returned');
      },
    },
    {
      id: 'reads.timeseries.order',
      clause: `${TIMESERIES} newest first`,
      needsFixture: true,
      async run(ctx) {
        const base = ctx.fixture.timeBase;
        await fixtureProfilesVisible(ctx);
        const { times } = await profiles(ctx, { startTimeMillis: base, endTimeMillis: base + 10_000 });
        expectEqual(
          times,
          [...ctx.fixture.profileTimes].sort((a, b) => b - a),
          'points, newest first',
        );
      },
    },
    {
      id: 'reads.timeseries.limit',
      clause: '8 Limits: limit in response of getTimeseriesAspectValues',
      needsFixture: true,
      async run(ctx) {
        const range = { startTimeMillis: ctx.fixture.timeBase, endTimeMillis: ctx.fixture.timeBase + 10_000 };
        await fixtureProfilesVisible(ctx);
        expectEqual((await profiles(ctx, range)).limit, 10000, 'limit in the response');
        const limited = await profiles(ctx, { ...range, limit: 1 });
        expectEqual(limited.times, [Math.max(...ctx.fixture.profileTimes)], 'points with limit 1 (the newest)');
      },
    },
    {
      id: 'reads.relationships.direction',
      clause: `${RELATIONSHIPS} direction INCOMING or OUTGOING`,
      needsFixture: true,
      async run(ctx) {
        const { orders, customers } = ctx.fixture;
        expectEqual(
          await related(ctx, orders, 'OUTGOING', 'DownstreamOf', [customers]),
          [customers],
          'OUTGOING DownstreamOf of the downstream dataset',
        );
        expectEqual(
          await related(ctx, customers, 'INCOMING', 'DownstreamOf', [orders]),
          [orders],
          'INCOMING DownstreamOf of the upstream dataset',
        );
        expectEqual(
          await relatedNow(ctx, customers, 'OUTGOING', 'DownstreamOf'),
          [],
          'OUTGOING DownstreamOf of the upstream dataset',
        );
      },
    },
    {
      id: 'reads.relationships.types',
      clause: `${RELATIONSHIPS} types`,
      needsFixture: true,
      async run(ctx) {
        const { orders, owner, tag } = ctx.fixture;
        expectEqual(await related(ctx, orders, 'OUTGOING', 'OwnedBy', [owner]), [owner], 'OUTGOING OwnedBy');
        expectEqual(
          await related(ctx, tag, 'INCOMING', 'TaggedWith', [orders]),
          [orders],
          'INCOMING TaggedWith of the tag',
        );
      },
    },
    {
      id: 'reads.relationships.shape',
      clause: `${RELATIONSHIPS} response {entities: [<urn>]}`,
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const res = await ctx.client.expectStatus('getRelationships', { query: relationshipsQuery(urn, 'OUTGOING') });
        const entities = (res.body as { entities?: unknown }).entities;
        if (!Array.isArray(entities) || entities.some((e) => typeof e !== 'string'))
          fail(`entities is not a list of URNs: ${res.text.slice(0, 200)}`);
      },
    },
    {
      id: 'reads.relationships.invalid-direction',
      clause: `${RELATIONSHIPS} direction other than INCOMING or OUTGOING`,
      async run(ctx) {
        const res = await ctx.client.call('getRelationships', {
          query: relationshipsQuery(await readableDataset(ctx), 'SIDEWAYS'),
        });
        expectStatusOf(res.status, 400, 'an invalid direction');
      },
    },
    {
      id: 'reads.docs.page',
      clause: '4.5 Reads: GET /svc/docs',
      async run(ctx) {
        const res = await ctx.client.call('getApiReference');
        expectEqual(res.status, 200, `GET ${ctx.contract.names.docsPath} status`);
        expect(/<html/i.test(res.text), 'the reference is not an HTML page');
      },
    },
  ],
};
