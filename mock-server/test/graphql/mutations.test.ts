/**
 * The mutations createTag, updateDataset and updateDescription: what they write (visible at once
 * through the metadata-store reads and search), their error rows (graphql-facts §3, document §7,
 * spec/upstream-differences.yaml), and that a failed mutation writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import {
  ADMIN,
  DATASET,
  OTHER_DATASET,
  USER,
  call,
  digest,
  graphql,
  ingest,
  ingestOrdersSchema,
  startServer,
} from '../graphql-harness.js';

const CONTAINER = 'urn:svc:container:warehouse';
const CHART = 'urn:svc:chart:(looker,orders)';
const MISSING = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.missing,PROD)';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
  await ingestOrdersSchema(server, 'Ingested id');
  await ingest(server, OTHER_DATASET, 'status', { removed: false });
  await ingest(server, CONTAINER, 'containerProperties', { name: 'Warehouse' });
  await ingest(server, CHART, 'chartInfo', {
    title: 'Orders',
    description: '',
    lastModified: { created: { time: 0, actor: USER }, lastModified: { time: 0, actor: USER } },
  });
});
afterAll(() => server.close());

const mutate = async (query: string, variables: Record<string, unknown>) => {
  const reply = await graphql(server, { query, variables, token: ADMIN });
  expect(reply.status).toBe(200);
  expect(reply.json.extensions).toBeDefined();
  return reply.json;
};
const entity = async (urn: string) =>
  (await call(server, 'GET', `/entitiesV2/${encodeURIComponent(urn)}`)).json.aspects;
const search = async (entityName: string, input: string): Promise<string[]> => {
  const reply = await call(server, 'POST', '/entities?action=search', {
    body: { input, entity: entityName, start: 0, count: 10 },
  });
  return reply.json.value.entities as string[];
};

const CREATE_TAG = 'mutation createTag($input: CreateTagInput!) { createTag(input: $input) }';
const UPDATE_DATASET =
  'mutation updateDataset($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }';
const UPDATE_DESCRIPTION =
  'mutation updateDescription($input: DescriptionUpdateInput!) { updateDescription(input: $input) }';

describe('createTag', () => {
  it('creates the tag with the given id and writes tagProperties', async () => {
    const json = await mutate(CREATE_TAG, { input: { id: 'gold', name: 'Gold', description: 'Curated' } });
    expect(json).toEqual({ data: { createTag: 'urn:svc:tag:gold' }, extensions: {} });
    expect((await entity('urn:svc:tag:gold')).tagProperties.value).toEqual({ name: 'Gold', description: 'Curated' });
    expect(await search('tag', 'Curated')).toEqual(['urn:svc:tag:gold']);
  });

  it('generates a lowercase UUID id when none is given', async () => {
    const json = await mutate(CREATE_TAG, { input: { name: 'No id' } });
    expect(json.data.createTag).toMatch(/^urn:svc:tag:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await entity(json.data.createTag)).tagProperties.value).toEqual({ name: 'No id' });
  });

  it('an existing tag is a BAD_REQUEST and nothing changes', async () => {
    await mutate(CREATE_TAG, { input: { id: 'dup', name: 'First' } });
    const before = await digest(server);
    const json = await mutate(CREATE_TAG, { input: { id: 'dup', name: 'Second' } });
    expect(json).toEqual({
      errors: [
        {
          message: 'This Tag already exists!',
          locations: [{ line: 1, column: 47 }],
          path: ['createTag'],
          extensions: { code: 400, type: 'BAD_REQUEST' },
        },
      ],
      data: { createTag: null },
      extensions: {},
    });
    expect(await digest(server)).toBe(before);
  });
});

describe('updateDataset', () => {
  it('writes each section as its whole aspect, visible in REST reads, GraphQL and search', async () => {
    const input = {
      editableProperties: { description: 'Curated orders table' },
      institutionalMemory: {
        elements: [
          { url: 'https://wiki/a', description: 'A', author: USER, createdAt: 11 },
          { url: 'https://wiki/b', description: 'B', author: USER },
        ],
      },
      ownership: { owners: [{ owner: USER, type: 'TECHNICAL_OWNER' }] },
      tags: { tags: [{ tag: { urn: 'urn:svc:tag:gold', name: 'Gold' } }] },
      editableSchemaMetadata: { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'Edited id' }] },
      deprecation: { deprecated: true, note: 'Use v2', decommissionTime: 99 },
    };
    const json = await mutate(UPDATE_DATASET, { urn: DATASET, input });
    expect(json).toEqual({ data: { updateDataset: { urn: DATASET } }, extensions: {} });

    const aspects = await entity(DATASET);
    expect(aspects.editableDatasetProperties.value).toMatchObject({
      description: 'Curated orders table',
      lastModified: { actor: 'urn:svc:corpuser:datahub' },
    });
    const elements = aspects.institutionalMemory.value.elements;
    expect(elements).toHaveLength(2);
    expect(elements[0]).toEqual({ url: 'https://wiki/a', description: 'A', createStamp: { time: 11, actor: USER } });
    expect(elements[1].createStamp.actor).toBe(USER);
    expect(elements[1].createStamp.time).toBeGreaterThan(11);
    expect(aspects.ownership.value.owners).toEqual([{ owner: USER, type: 'TECHNICAL_OWNER' }]);
    expect(aspects.globalTags.value).toEqual({ tags: [{ tag: 'urn:svc:tag:gold' }] });
    expect(aspects.editableSchemaMetadata.value.editableSchemaFieldInfo).toEqual([
      { fieldPath: 'id', description: 'Edited id' },
    ]);
    expect(aspects.datasetDeprecation.value).toEqual({
      deprecated: true,
      note: 'Use v2',
      decommissionTime: 99,
      actor: 'urn:svc:corpuser:datahub',
    });

    const read = await graphql(server, {
      query: `{ dataset(urn: "${DATASET}") { editableProperties { description } deprecation { deprecated note } tags { tags { tag { urn } } } } }`,
    });
    expect(read.json.data.dataset).toEqual({
      editableProperties: { description: 'Curated orders table' },
      deprecation: { deprecated: true, note: 'Use v2' },
      tags: { tags: [{ tag: { urn: 'urn:svc:tag:gold' } }] },
    });
    expect(await search('dataset', 'Curated')).toEqual([DATASET]);
  });

  it('replaces a section rather than merging it', async () => {
    await mutate(UPDATE_DATASET, {
      urn: DATASET,
      input: { institutionalMemory: { elements: [{ url: 'https://wiki/only', description: 'Only', author: USER }] } },
    });
    const elements = (await entity(DATASET)).institutionalMemory.value.elements;
    expect(elements.map((e: { url: string }) => e.url)).toEqual(['https://wiki/only']);
  });

  it('globalTags wins over tags when both are given', async () => {
    await mutate(UPDATE_DATASET, {
      urn: OTHER_DATASET,
      input: {
        tags: { tags: [{ tag: { urn: 'urn:svc:tag:a', name: 'a' } }] },
        globalTags: { tags: [{ tag: { urn: 'urn:svc:tag:b', name: 'b' } }] },
      },
    });
    expect((await entity(OTHER_DATASET)).globalTags.value).toEqual({ tags: [{ tag: 'urn:svc:tag:b' }] });
  });

  it.each([
    [
      'a dataset that does not exist',
      'NOT_FOUND',
      404,
      MISSING,
      { urn: MISSING, input: { editableProperties: { description: 'x' } } },
    ],
    [
      'an author that is not a user URN',
      'BAD_REQUEST',
      400,
      'author',
      {
        urn: DATASET,
        input: { institutionalMemory: { elements: [{ url: 'https://x', description: 'x', author: 'jdoe' }] } },
      },
    ],
    [
      'a URN of another entity type',
      'BAD_REQUEST',
      400,
      CHART,
      { urn: CHART, input: { editableProperties: { description: 'x' } } },
    ],
    [
      'an owner that is not a URN, after a valid section',
      'BAD_REQUEST',
      400,
      'owner',
      {
        urn: DATASET,
        input: { editableProperties: { description: 'half' }, ownership: { owners: [{ owner: 'nobody' }] } },
      },
    ],
  ])('%s fails with %s and writes nothing', async (_name, type, code, mentioned, variables) => {
    const before = await digest(server);
    const json = await mutate(UPDATE_DATASET, variables);
    expect(json.data).toEqual({ updateDataset: null });
    expect(json.errors).toHaveLength(1);
    expect(json.errors[0]).toMatchObject({ path: ['updateDataset'], extensions: { code, type } });
    expect(json.errors[0].message).toContain(mentioned);
    expect(await digest(server)).toBe(before);
  });
});

describe('updateDescription', () => {
  it('writes a field description to editableSchemaMetadata and leaves the ingested schema alone', async () => {
    const json = await mutate(UPDATE_DESCRIPTION, {
      input: {
        description: 'The **order** id',
        resourceUrn: DATASET,
        subResourceType: 'DATASET_FIELD',
        subResource: 'id',
      },
    });
    expect(json).toEqual({ data: { updateDescription: true }, extensions: {} });
    const read = await graphql(server, {
      query: `{ dataset(urn: "${DATASET}") { schemaMetadata { fields { fieldPath description } } editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } } } }`,
    });
    expect(read.json.data.dataset).toEqual({
      schemaMetadata: { fields: [{ fieldPath: 'id', description: 'Ingested id' }] },
      editableSchemaMetadata: { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'The **order** id' }] },
    });
    expect((await entity(DATASET)).editableSchemaMetadata.value.lastModified.actor).toBe('urn:svc:corpuser:datahub');
  });

  it('writes a container description to editableContainerProperties', async () => {
    const json = await mutate(UPDATE_DESCRIPTION, { input: { description: 'All tables', resourceUrn: CONTAINER } });
    expect(json.data).toEqual({ updateDescription: true });
    expect((await entity(CONTAINER)).editableContainerProperties.value).toEqual({ description: 'All tables' });
  });

  const field = (
    resourceUrn: string,
    subResource: string | null,
    subResourceType: string | null = 'DATASET_FIELD',
  ) => ({ description: 'd', resourceUrn, subResource, subResourceType });
  it.each([
    [
      'no subResourceType',
      field(DATASET, 'id', null),
      'Update description without subresource is not currently supported',
    ],
    ['a dataset that does not exist', field(MISSING, 'id'), `Failed to update ${MISSING}. ${MISSING} does not exist.`],
    [
      'a dataset without a schema',
      field(OTHER_DATASET, 'id'),
      `Failed to update ${OTHER_DATASET} & field id. ${OTHER_DATASET} has no schema.`,
    ],
    [
      'a field not in the schema',
      field(DATASET, 'nope'),
      `Failed to update ${DATASET} & field nope. Field nope does not exist in the datasets schema.`,
    ],
    [
      'a container that does not exist',
      field('urn:svc:container:missing', null, null),
      'Failed to update urn:svc:container:missing. urn:svc:container:missing does not exist.',
    ],
    ['another entity type', field(CHART, null, null), 'Unsupported resource type chart'],
    ['a malformed URN', field('orders', null, null), 'orders'],
  ])('%s is a BAD_REQUEST and writes nothing', async (_name, input, message) => {
    const before = await digest(server);
    const json = await mutate(UPDATE_DESCRIPTION, { input });
    expect(json.data).toEqual({ updateDescription: null });
    expect(json.errors[0]).toMatchObject({
      path: ['updateDescription'],
      extensions: { code: 400, type: 'BAD_REQUEST' },
    });
    expect(json.errors[0].message).toContain(message);
    expect(await digest(server)).toBe(before);
  });
});
