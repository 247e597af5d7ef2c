/**
 * query dataset(urn): stored aspects read through GraphQL (graphql-facts §3.1, §5), and the
 * unknown-URN response (exists false, null aspects).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { DATASET, OTHER_DATASET, USER, graphql, ingest, startServer } from '../graphql-harness.js';

const field = (fieldPath: string, type: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  fieldPath,
  nativeDataType: type.toLowerCase(),
  type: { type: { [`com.svc.schema.${type}`]: {} } },
  ...extra,
});

const SCHEMA = {
  schemaName: 'orders',
  platform: 'urn:svc:dataPlatform:hive',
  version: 3,
  hash: 'abc',
  platformSchema: { 'com.svc.schema.KafkaSchema': { documentSchema: '{"type":"record"}' } },
  fields: [
    field('id', 'NumberType', { nullable: false, isPartOfKey: true, description: 'Order id' }),
    field('customer', 'RecordType', { nullable: true }),
    field('customer.name', 'StringType'),
    field('placed', 'DateType'),
    field('paid', 'BooleanType'),
  ],
};

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
  await ingest(server, DATASET, 'datasetProperties', {
    name: 'Orders',
    description: 'All orders',
    customProperties: { team: 'sales' },
  });
  await ingest(server, DATASET, 'schemaMetadata', SCHEMA);
  await ingest(server, DATASET, 'editableDatasetProperties', { description: 'Edited orders' });
  await ingest(server, DATASET, 'editableSchemaMetadata', {
    editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'Edited id' }],
  });
  await ingest(server, DATASET, 'institutionalMemory', {
    elements: [{ url: 'https://wiki/orders', description: 'Runbook', createStamp: { time: 5, actor: USER } }],
  });
  await ingest(server, DATASET, 'globalTags', { tags: [{ tag: 'urn:svc:tag:pii' }] });
  await ingest(server, 'urn:svc:tag:pii', 'tagProperties', { name: 'PII', description: 'Personal data' });
  await ingest(server, DATASET, 'ownership', {
    owners: [
      { owner: USER, type: 'DATAOWNER' },
      { owner: 'urn:svc:corpGroup:sales', type: 'DATAOWNER' },
    ],
    lastModified: { time: 7, actor: USER },
  });
  await ingest(server, DATASET, 'status', { removed: false });
  await ingest(server, OTHER_DATASET, 'datasetProperties', { description: 'Events without a name' });
});
afterAll(() => server.close());

const read = async (selection: string, urn = DATASET) => {
  const reply = await graphql(server, {
    query: `query q($urn: String!) { dataset(urn: $urn) { ${selection} } }`,
    variables: { urn },
  });
  expect(reply.status).toBe(200);
  return reply.json;
};

describe('dataset(urn) reads the stored aspects', () => {
  it.each([
    [
      'identity from the URN',
      'urn type name origin exists platform { urn name type }',
      {
        urn: DATASET,
        type: 'DATASET',
        name: 'db.orders',
        origin: 'PROD',
        exists: true,
        platform: { urn: 'urn:svc:dataPlatform:hive', name: 'hive', type: 'DATA_PLATFORM' },
      },
    ],
    [
      'properties',
      'properties { name description customProperties { key value associatedUrn } lastModified { time actor } }',
      {
        properties: {
          name: 'Orders',
          description: 'All orders',
          customProperties: [{ key: 'team', value: 'sales', associatedUrn: DATASET }],
          lastModified: { time: 0, actor: null },
        },
      },
    ],
    [
      'editable properties, apart from properties',
      'description editableProperties { description }',
      {
        description: 'All orders',
        editableProperties: { description: 'Edited orders' },
      },
    ],
    [
      'edited field descriptions',
      'editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } }',
      {
        editableSchemaMetadata: { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'Edited id' }] },
      },
    ],
    [
      'institutional memory',
      'institutionalMemory { elements { url label description author { urn username } created { time actor } associatedUrn } }',
      {
        institutionalMemory: {
          elements: [
            {
              url: 'https://wiki/orders',
              label: 'Runbook',
              description: 'Runbook',
              author: { urn: USER, username: 'jdoe' },
              created: { time: 5, actor: USER },
              associatedUrn: DATASET,
            },
          ],
        },
      },
    ],
    [
      'tags with the tag entity',
      'tags { tags { tag { urn name properties { name description } } associatedUrn } }',
      {
        tags: {
          tags: [
            {
              tag: { urn: 'urn:svc:tag:pii', name: 'pii', properties: { name: 'PII', description: 'Personal data' } },
              associatedUrn: DATASET,
            },
          ],
        },
      },
    ],
    [
      'owners as the CorpUser | CorpGroup union',
      'ownership { owners { owner { __typename ... on CorpUser { urn } ... on CorpGroup { urn } } type associatedUrn } lastModified { time actor } }',
      {
        ownership: {
          owners: [
            { owner: { __typename: 'CorpUser', urn: USER }, type: 'DATAOWNER', associatedUrn: DATASET },
            {
              owner: { __typename: 'CorpGroup', urn: 'urn:svc:corpGroup:sales' },
              type: 'DATAOWNER',
              associatedUrn: DATASET,
            },
          ],
          lastModified: { time: 7, actor: USER },
        },
      },
    ],
    ['status', 'status { removed }', { status: { removed: false } }],
    [
      'aspects never written are null, not invented',
      'deprecation { deprecated } glossaryTerms { terms { associatedUrn } } domain { associatedUrn } subTypes { typeNames } container { urn }',
      {
        deprecation: null,
        glossaryTerms: null,
        domain: null,
        subTypes: null,
        container: null,
      },
    ],
  ])('%s', async (_name, selection, want) => {
    expect((await read(selection)).data.dataset).toEqual(want);
  });

  it('maps the schema: field types to SchemaFieldDataType, ingested descriptions only', async () => {
    const json = await read(
      'schemaMetadata { name version hash platformUrn platformSchema { __typename ... on TableSchema { schema } } fields { fieldPath type nativeDataType nullable description isPartOfKey recursive } }',
    );
    expect(json.data.dataset.schemaMetadata).toEqual({
      name: 'orders',
      version: 3,
      hash: 'abc',
      platformUrn: 'urn:svc:dataPlatform:hive',
      platformSchema: { __typename: 'TableSchema', schema: '{"type":"record"}' },
      fields: [
        {
          fieldPath: 'id',
          type: 'NUMBER',
          nativeDataType: 'numbertype',
          nullable: false,
          description: 'Order id',
          isPartOfKey: true,
          recursive: false,
        },
        {
          fieldPath: 'customer',
          type: 'STRUCT',
          nativeDataType: 'recordtype',
          nullable: true,
          description: null,
          isPartOfKey: false,
          recursive: false,
        },
        {
          fieldPath: 'customer.name',
          type: 'STRING',
          nativeDataType: 'stringtype',
          nullable: false,
          description: null,
          isPartOfKey: false,
          recursive: false,
        },
        {
          fieldPath: 'placed',
          type: 'DATE',
          nativeDataType: 'datetype',
          nullable: false,
          description: null,
          isPartOfKey: false,
          recursive: false,
        },
        {
          fieldPath: 'paid',
          type: 'BOOLEAN',
          nativeDataType: 'booleantype',
          nullable: false,
          description: null,
          isPartOfKey: false,
          recursive: false,
        },
      ],
    });
    expect(json.extensions).toEqual({});
  });

  it('properties.name falls back to the name in the URN', async () => {
    expect((await read('properties { name description }', OTHER_DATASET)).data.dataset).toEqual({
      properties: { name: 'events', description: 'Events without a name' },
    });
  });

  it('an ingested aspect is visible at once', async () => {
    const urn = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.fresh,PROD)';
    expect((await read('exists properties { description }', urn)).data.dataset).toEqual({
      exists: false,
      properties: null,
    });
    await ingest(server, urn, 'datasetProperties', { description: 'Fresh' });
    expect((await read('exists properties { description }', urn)).data.dataset).toEqual({
      exists: true,
      properties: { description: 'Fresh' },
    });
  });
});

describe('related entities', () => {
  it('relationships come from the relationship index, with the entity on the other side', async () => {
    const json = await read(
      'relationships(input: { types: ["OwnedBy"], direction: OUTGOING }) { start count total relationships { type direction entity { __typename urn } } }',
    );
    expect(json.data.dataset.relationships).toEqual({
      start: 0,
      count: 2,
      total: 2,
      relationships: [
        { type: 'OwnedBy', direction: 'OUTGOING', entity: { __typename: 'CorpGroup', urn: 'urn:svc:corpGroup:sales' } },
        { type: 'OwnedBy', direction: 'OUTGOING', entity: { __typename: 'CorpUser', urn: USER } },
      ],
    });
  });

  it('the container with its stored properties and platform', async () => {
    const container = 'urn:svc:container:warehouse';
    await ingest(server, container, 'containerProperties', { name: 'Warehouse', description: 'All tables' });
    await ingest(server, container, 'dataPlatformInstance', { platform: 'urn:svc:dataPlatform:hive' });
    await ingest(server, container, 'editableContainerProperties', { description: 'Edited' });
    await ingest(server, OTHER_DATASET, 'container', { container });
    const json = await read(
      'container { urn type exists platform { urn } properties { name description } editableProperties { description } }',
      OTHER_DATASET,
    );
    expect(json.data.dataset.container).toEqual({
      urn: container,
      type: 'CONTAINER',
      exists: true,
      platform: { urn: 'urn:svc:dataPlatform:hive' },
      properties: { name: 'Warehouse', description: 'All tables' },
      editableProperties: { description: 'Edited' },
    });
  });
});

describe('a URN that was never written', () => {
  it('gives a dataset from the URN with exists false and null aspects', async () => {
    const urn = 'urn:svc:dataset:(urn:svc:dataPlatform:kafka,never.written,DEV)';
    const json = await read(
      'urn name origin exists platform { urn } properties { name } editableProperties { description } schemaMetadata { name } ownership { lastModified { time } } tags { tags { associatedUrn } } status { removed } institutionalMemory { elements { url } }',
      urn,
    );
    expect(json).toEqual({
      data: {
        dataset: {
          urn,
          name: 'never.written',
          origin: 'DEV',
          exists: false,
          platform: { urn: 'urn:svc:dataPlatform:kafka' },
          properties: null,
          editableProperties: null,
          schemaMetadata: null,
          ownership: null,
          tags: null,
          status: null,
          institutionalMemory: null,
        },
      },
      extensions: {},
    });
  });

  it.each([
    ['a malformed URN', 'not-a-urn'],
    ['a URN of another entity type', 'urn:svc:corpuser:jdoe'],
  ])('%s is a BAD_REQUEST error with data.dataset null', async (_name, urn) => {
    const json = await read('urn', urn);
    expect(json.data).toEqual({ dataset: null });
    expect(json.errors).toHaveLength(1);
    expect(json.errors[0]).toMatchObject({ path: ['dataset'], extensions: { code: 400, type: 'BAD_REQUEST' } });
    expect(json.errors[0].message).toContain(urn);
  });
});
