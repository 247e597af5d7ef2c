/**
 * 2.3 Aspect shapes (one check per row of the table) and the audit stamp of 2.2: each aspect is
 * written, in the row's shape, on the run's entity of its kind and read back through entitiesV2
 * and the legacy snapshot read (keyed by the aspect's record name); what is read must follow the
 * spec's aspect schema and hold every field written. Time series rows are read back through
 * getTimeseriesAspectValues. All of it needs --allow-writes.
 */
import { makeUrn, parseUrn } from '../../spec/index.js';
import { SchemaValidators } from '../../spec/validation.js';
import { expect, expectEqual, fail, type Check, type CheckContext, type CheckGroup } from '../check.js';
import { graphql } from './graphql.js';
import { jsonText, valueOf } from './response-readers.js';

const SHAPES = '2.3 Aspect shapes that appear in the interface';
const validators = new SchemaValidators();

type Json = Record<string, unknown>;

interface Shape {
  /** The row of the 2.3 table. */
  row: string;
  aspect: string;
  /** The entity type whose run entity carries the aspect. */
  entity: string;
  value(ctx: CheckContext): Json;
  /** What the row says beyond "the fields written are read back". */
  verify?(ctx: CheckContext, read: Json): Promise<void> | void;
}

const stamp = (ctx: CheckContext): Json => ({ time: 1000, actor: ctx.fixture.owner });
const record = (ctx: CheckContext, name: string): string => `${ctx.contract.names.recordPrefix}${name}`;
const platform = (ctx: CheckContext): string => makeUrn(ctx.contract.names.urnPrefix, 'dataPlatform', ['hive']);

/** `actual` holds everything `expected` holds: objects field by field, lists item by item. */
function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => contains(actual[i], e))
    );
  if (expected && typeof expected === 'object') {
    return (
      !!actual &&
      typeof actual === 'object' &&
      Object.entries(expected).every(([k, v]) => contains((actual as Json)[k], v))
    );
  }
  return actual === expected;
}

function expectAspect(ctx: CheckContext, aspect: string, read: unknown, written: Json, where: string): Json {
  const spec = ctx.contract.aspects.get(aspect) ?? fail(`the spec has no aspect ${aspect}`);
  expect(read && typeof read === 'object' && !Array.isArray(read), `${aspect} read through ${where} is not an object`);
  const errors = validators.validate(spec.schema, read, aspect);
  expect(!errors.length, `${aspect} read through ${where} breaks the aspect schema: ${errors.slice(0, 5).join('; ')}`);
  expect(
    contains(read, written),
    `${aspect} read through ${where} is not what was written: wrote ${JSON.stringify(written)}, read ${JSON.stringify(read)}`,
  );
  return read as Json;
}

function expectAuditStamp(value: unknown, what: string): void {
  const s = value as { time?: unknown; actor?: unknown } | undefined;
  expect(
    Number.isInteger(s?.time) && typeof s?.actor === 'string',
    `${what} is not an audit stamp {time, actor}: ${JSON.stringify(value)}`,
  );
}

/** Writes the aspect and reads it back through entitiesV2 and the legacy snapshot read. */
async function roundTrip(ctx: CheckContext, shape: Shape): Promise<Json> {
  const urn = ctx.fixture.kind(shape.entity);
  const written = shape.value(ctx);
  await ctx.fixture.upsert(urn, shape.aspect, written);
  const v2 = await ctx.client.expectStatus('getEntityV2', { path: { urn }, query: `aspects=List(${shape.aspect})` });
  const read = expectAspect(
    ctx,
    shape.aspect,
    (v2.body as { aspects?: Record<string, { value?: unknown }> }).aspects?.[shape.aspect]?.value,
    written,
    'entitiesV2',
  );
  const legacy = await ctx.client.expectStatus('getEntity', { path: { urn } });
  const snapshotName =
    ctx.contract.entity(shape.entity)?.snapshot ?? fail(`the registry names no snapshot of ${shape.entity}`);
  const snapshot = (legacy.body as { value?: Record<string, { aspects?: Json[] }> }).value?.[snapshotName];
  const recordName = ctx.contract.recordOfAspect(shape.aspect) ?? fail(`no record name of ${shape.aspect}`);
  const item = snapshot?.aspects?.find((a) => recordName in a);
  expect(item, `the legacy read of ${urn} has no aspect keyed ${recordName}`);
  expectAspect(ctx, shape.aspect, item[recordName], written, `the legacy snapshot (${recordName})`);
  return read;
}

/** Writes a time series point and reads it back through getTimeseriesAspectValues (its value is JSON text). */
async function timeseriesRoundTrip(ctx: CheckContext, shape: Shape): Promise<Json> {
  const urn = ctx.fixture.kind(shape.entity);
  const written = shape.value(ctx);
  await ctx.fixture.upsert(urn, shape.aspect, written);
  const t = written.timestampMillis as number;
  const body = { urn, entity: shape.entity, aspect: shape.aspect, startTimeMillis: t, endTimeMillis: t };
  const read = async (): Promise<{ aspect: { value: unknown } }[]> =>
    valueOf<{ values: { aspect: { value: unknown } }[] }>(
      await ctx.client.expectStatus('getTimeseriesAspectValues', { body }),
    ).values;
  const values = await ctx.eventually(read, (points) => points.length > 0);
  expectEqual(values.length, 1, `${shape.aspect} points at ${t}`);
  return expectAspect(
    ctx,
    shape.aspect,
    jsonText(values[0]?.aspect.value, 'aspect.value'),
    written,
    'getTimeseriesAspectValues',
  );
}

function schemaFields(ctx: CheckContext): Json[] {
  const field = (fieldPath: string, type: string, extra: Json = {}): Json => ({
    fieldPath,
    nativeDataType: type.toLowerCase(),
    type: { type: { [record(ctx, `schema.${type}`)]: {} } },
    nullable: false,
    isPartOfKey: false,
    recursive: false,
    description: `The ${fieldPath} field`,
    ...extra,
  });
  return [
    field('customer', 'RecordType', { isPartOfKey: true }),
    field('customer.name', 'StringType', { nullable: true }),
    field('customer.since', 'DateType'),
    field('amount', 'NumberType'),
  ];
}

function schemaMetadata(ctx: CheckContext): Json {
  return {
    schemaName: `shapes_${ctx.runId}`,
    platform: platform(ctx),
    version: 0,
    created: stamp(ctx),
    lastModified: stamp(ctx),
    hash: 'conformance',
    platformSchema: { [record(ctx, 'schema.KafkaSchema')]: { documentSchema: '{"type":"record","name":"shapes"}' } },
    fields: schemaFields(ctx),
  };
}

const changeStamps = (ctx: CheckContext): Json => ({ created: stamp(ctx), lastModified: stamp(ctx) });

const SHAPE_ROWS: Shape[] = [
  {
    row: 'user info',
    aspect: 'corpUserInfo',
    entity: 'corpuser',
    value: (ctx) => ({
      active: true,
      displayName: `Conformance ${ctx.runId}`,
      fullName: `Conformance Run ${ctx.runId}`,
      email: `conformance_${ctx.runId}@example.com`,
    }),
  },
  { row: 'user editable info', aspect: 'corpUserEditableInfo', entity: 'corpuser', value: () => ({}) },
  {
    row: 'group info',
    aspect: 'corpGroupInfo',
    entity: 'corpGroup',
    value: (ctx) => ({
      email: `group_${ctx.runId}@example.com`,
      admins: [ctx.fixture.owner],
      members: [ctx.fixture.owner],
      groups: [],
    }),
  },
  {
    row: 'ownership',
    aspect: 'ownership',
    entity: 'dataset',
    value: (ctx) => ({ owners: [{ owner: ctx.fixture.owner, type: 'DATAOWNER' }], lastModified: stamp(ctx) }),
  },
  {
    row: 'institutional memory',
    aspect: 'institutionalMemory',
    entity: 'dataset',
    value: (ctx) => ({
      elements: [
        { url: 'https://example.com/conformance', description: `Runbook of run ${ctx.runId}`, createStamp: stamp(ctx) },
      ],
    }),
  },
  {
    row: 'schema metadata',
    aspect: 'schemaMetadata',
    entity: 'dataset',
    value: schemaMetadata,
    verify(ctx, read) {
      expectEqual(
        Object.keys((read.platformSchema ?? {}) as Json),
        [record(ctx, 'schema.KafkaSchema')],
        'platformSchema union keys (the record name)',
      );
    },
  },
  {
    row: 'schema field',
    aspect: 'schemaMetadata',
    entity: 'dataset',
    value: schemaMetadata,
    verify(ctx, read) {
      const fields = (read.fields ?? []) as { fieldPath?: string; type?: { type?: Json } }[];
      expectEqual(
        fields.map((f) => f.fieldPath),
        ['customer', 'customer.name', 'customer.since', 'amount'],
        'fieldPath of each field (dot-separated for nested)',
      );
      const types = fields.map((f) => Object.keys(f.type?.type ?? {}));
      expectEqual(
        types,
        ['RecordType', 'StringType', 'DateType', 'NumberType'].map((t) => [record(ctx, `schema.${t}`)]),
        'type union keys of the fields',
      );
    },
  },
  {
    row: 'browse paths',
    aspect: 'browsePaths',
    entity: 'dataset',
    value: (ctx) => ({ paths: [`/conformance-shapes/${ctx.runId}/shapes`] }),
  },
  {
    row: 'upstream lineage',
    aspect: 'upstreamLineage',
    entity: 'dataset',
    value: (ctx) => ({
      upstreams: [{ auditStamp: stamp(ctx), type: 'TRANSFORMED', dataset: ctx.fixture.dataset('shapes_upstream') }],
    }),
  },
  {
    row: 'chart info',
    aspect: 'chartInfo',
    entity: 'chart',
    value: (ctx) => ({
      title: `Chart ${ctx.runId}`,
      description: 'A chart of the conformance run',
      inputs: [{ string: ctx.fixture.kind('dataset') }],
      lastModified: changeStamps(ctx),
    }),
  },
  {
    row: 'dashboard info',
    aspect: 'dashboardInfo',
    entity: 'dashboard',
    value: (ctx) => ({
      title: `Dashboard ${ctx.runId}`,
      description: 'A dashboard of the conformance run',
      charts: [ctx.fixture.kind('chart')],
      lastModified: changeStamps(ctx),
    }),
  },
  {
    row: 'tag properties',
    aspect: 'tagProperties',
    entity: 'tag',
    value: (ctx) => ({
      name: parseUrn(ctx.fixture.kind('tag')).parts[0] ?? '',
      description: `Tag of the shapes of run ${ctx.runId}`,
    }),
  },
  {
    row: 'global tags',
    aspect: 'globalTags',
    entity: 'dataset',
    value: (ctx) => ({ tags: [{ tag: ctx.fixture.kind('tag') }] }),
  },
  {
    row: 'editable schema metadata',
    aspect: 'editableSchemaMetadata',
    entity: 'dataset',
    value: (ctx) => ({
      editableSchemaFieldInfo: [{ fieldPath: 'amount', globalTags: { tags: [{ tag: ctx.fixture.kind('tag') }] } }],
    }),
    async verify(ctx, read) {
      // The ingest left the stamps out; the document has them on read all the same (upstream stores the aspect as
      // sent, so they are absent there: spec/upstream-differences.yaml aspect-defaults-not-filled).
      expectAuditStamp(read.created, 'editableSchemaMetadata.created, read after an ingest without it');
      expectAuditStamp(read.lastModified, 'editableSchemaMetadata.lastModified, read after an ingest without it');
      // And they stay through an edit made through the interface (a field description), which keeps the field's tags.
      const urn = ctx.fixture.kind('dataset');
      await ctx.fixture.upsert(urn, 'schemaMetadata', schemaMetadata(ctx));
      const edit = await graphql(
        ctx,
        'mutation updateDescription($input: DescriptionUpdateInput!) { updateDescription(input: $input) }',
        {
          input: {
            description: `Amount of run ${ctx.runId}`,
            resourceUrn: urn,
            subResource: 'amount',
            subResourceType: 'DATASET_FIELD',
          },
        },
      );
      expect(!edit.errors?.length, `updateDescription of the amount field failed: ${JSON.stringify(edit.errors)}`);
      const res = await ctx.client.expectStatus('getEntityV2', {
        path: { urn },
        query: 'aspects=List(editableSchemaMetadata)',
      });
      const value =
        (res.body as { aspects?: { editableSchemaMetadata?: { value?: Json } } }).aspects?.editableSchemaMetadata
          ?.value ?? {};
      expectAuditStamp(value.created, 'editableSchemaMetadata.created');
      expectAuditStamp(value.lastModified, 'editableSchemaMetadata.lastModified');
      const amount = (value.editableSchemaFieldInfo as Json[] | undefined)?.find((f) => f.fieldPath === 'amount');
      expect(
        contains(amount?.globalTags, { tags: [{ tag: ctx.fixture.kind('tag') }] }),
        'the field tags were lost by the description edit',
      );
    },
  },
  { row: 'status', aspect: 'status', entity: 'dataset', value: () => ({ removed: false }) },
  {
    row: 'glossary term info',
    aspect: 'glossaryTermInfo',
    entity: 'glossaryTerm',
    value: (ctx) => ({
      definition: `Term of run ${ctx.runId}`,
      customProperties: { run: ctx.runId },
      sourceRef: 'conformance',
      sourceUrl: 'https://example.com/terms',
      termSource: 'EXTERNAL',
    }),
  },
  {
    row: 'dataset usage statistics',
    aspect: 'datasetUsageStatistics',
    entity: 'dataset',
    value: (ctx) => ({
      timestampMillis: ctx.fixture.timeBase + 60_000,
      uniqueUserCount: 2,
      totalSqlQueries: 3,
      fieldCounts: [{ fieldPath: 'amount', count: 3 }],
    }),
  },
  {
    row: 'dataset profile',
    aspect: 'datasetProfile',
    entity: 'dataset',
    value: (ctx) => ({
      timestampMillis: ctx.fixture.timeBase + 60_000,
      rowCount: 10,
      columnCount: 2,
      fieldProfiles: [
        {
          fieldPath: 'amount',
          uniqueCount: 5,
          uniqueProportion: 0.5,
          nullCount: 0,
          nullProportion: 0,
          min: '1',
          max: '9',
          mean: '5',
          median: '5',
          sampleValues: ['1', '9'],
          distinctValueFrequencies: [{ value: '1', frequency: 2 }],
        },
      ],
    }),
  },
];

function shapeCheck(shape: Shape): Check {
  return {
    id: `aspects.${shape.row.replace(/ /g, '-')}.shape`,
    clause: `${SHAPES}: ${shape.row} written and read back`,
    writes: true,
    async run(ctx) {
      const kind = ctx.contract.aspects.get(shape.aspect)?.kind;
      const read = await (kind === 'timeseries' ? timeseriesRoundTrip : roundTrip)(ctx, shape);
      await shape.verify?.(ctx, read);
    },
  };
}

export const aspectChecks: CheckGroup = {
  name: 'aspects',
  checks: [
    ...SHAPE_ROWS.map(shapeCheck),
    {
      id: 'model.audit-stamp',
      clause: '2.2 Entity and aspect model: audit stamp {time, actor} of each aspect read',
      writes: true,
      async run(ctx) {
        const urn = ctx.fixture.kind('dataset');
        const before = Date.now();
        await ctx.fixture.upsert(urn, 'status', { removed: false });
        const res = await ctx.client.expectStatus('getEntityV2', { path: { urn }, query: 'aspects=List(status)' });
        const created = (res.body as { aspects?: { status?: { created?: { time?: unknown; actor?: unknown } } } })
          .aspects?.status?.created;
        expectAuditStamp(created, 'status.created');
        expect(
          Math.abs(Number(created?.time) - before) < 24 * 3600_000,
          `created.time ${String(created?.time)} is not the epoch milliseconds of the write`,
        );
        expectEqual(
          parseUrn(String(created?.actor)).entityType,
          'corpuser',
          'entity type of created.actor (a user URN)',
        );
      },
    },
  ],
};
