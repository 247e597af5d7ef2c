/**
 * The GraphQL rows of spec/upstream-differences.yaml that the upstream profile reproduces, each seen
 * through HTTP in both profiles: the document profile keeps the document's behaviour, the upstream
 * profile responds as upstream does (the source of each is the registry entry's `source`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import type { Profile } from '../../profile.js';
import { ADMIN, DATASET, call, graphql, ingest, startServer } from '../graphql-harness.js';

const servers = {} as Record<Profile, MockServer>;
beforeAll(async () => {
  for (const profile of ['document', 'upstream'] as const) {
    // No index lag: these rows are about responses, not indexing.
    servers[profile] = await startServer({ profile, indexLagMs: 0 });
    await ingest(
      servers[profile],
      DATASET,
      'datasetProperties',
      { description: 'Orders', customProperties: {} },
      ADMIN,
    );
  }
});
afterAll(() => Promise.all(Object.values(servers).map((server) => server.close())));

describe('graphql-transport-error-bodies: a body that is not JSON or has no query', () => {
  const bodies = [
    ['not JSON', '{"query": '],
    ['without query', '{"variables": {}}'],
    ['a JSON array', '[]'],
  ] as const;

  it.each(bodies)(
    'is a 400 with {errors: [{message}]} naming what is wrong in the document profile (%s)',
    async (_what, raw) => {
      const reply = await call(servers.document, 'POST', '/api/graphql', { raw, token: ADMIN });
      expect(reply.status).toBe(400);
      expect(reply.json.errors[0].message).toMatch(/^body/);
    },
  );

  it.each(bodies)(
    'is a 400 with an empty body in the upstream profile, as GraphQLController responds (%s)',
    async (_what, raw) => {
      const reply = await call(servers.upstream, 'POST', '/api/graphql', { raw, token: ADMIN });
      expect(reply.status).toBe(400);
      expect(reply.text).toBe('');
    },
  );

  it('keeps its named 400 for a malformed variables field in the upstream profile', async () => {
    const reply = await call(servers.upstream, 'POST', '/api/graphql', {
      body: { query: '{ __typename }', variables: [] },
      token: ADMIN,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.errors[0].message).toContain('body.variables');
  });
});

describe('update-dataset-missing-entity: updateDataset on a well-formed dataset URN never written', () => {
  const MISSING = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.never_written,PROD)';
  const query =
    'mutation updateDataset($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }';
  const variables = { urn: MISSING, input: { editableProperties: { description: 'Written anyway' } } };
  const aspects = async (profile: Profile) =>
    (await call(servers[profile], 'GET', `/entitiesV2/${encodeURIComponent(MISSING)}`, { token: ADMIN })).json?.aspects;

  it('fails with NOT_FOUND and writes nothing in the document profile', async () => {
    const reply = await graphql(servers.document, { query, variables, token: ADMIN });
    expect(reply.json.data).toEqual({ updateDataset: null });
    expect(reply.json.errors[0]).toMatchObject({
      message: `Failed to update ${MISSING}. ${MISSING} does not exist.`,
      extensions: { code: 404, type: 'NOT_FOUND' },
    });
    expect((await aspects('document'))?.editableDatasetProperties).toBeUndefined();
  });

  it('writes the aspects and returns the dataset in the upstream profile, as upstream does no existence check', async () => {
    const reply = await graphql(servers.upstream, { query, variables, token: ADMIN });
    expect(reply.json).toEqual({ data: { updateDataset: { urn: MISSING } }, extensions: {} });
    expect((await aspects('upstream')).editableDatasetProperties.value).toMatchObject({
      description: 'Written anyway',
    });
    const read = await graphql(servers.upstream, {
      query: `{ dataset(urn: "${MISSING}") { exists editableProperties { description } } }`,
      token: ADMIN,
    });
    expect(read.json.data.dataset).toEqual({ exists: true, editableProperties: { description: 'Written anyway' } });
  });
});

describe('create-tag-ownership: createTag', () => {
  const query = 'mutation createTag($input: CreateTagInput!) { createTag(input: $input) }';
  const ACTOR = 'urn:svc:corpuser:datahub';
  const created = async (profile: Profile, id: string) => {
    const reply = await graphql(servers[profile], { query, variables: { input: { id, name: id } }, token: ADMIN });
    expect(reply.json).toEqual({ data: { createTag: `urn:svc:tag:${id}` }, extensions: {} });
    return (
      await call(servers[profile], 'GET', `/entitiesV2/${encodeURIComponent(`urn:svc:tag:${id}`)}`, { token: ADMIN })
    ).json.aspects;
  };

  it('writes tagProperties only in the document profile', async () => {
    const aspects = await created('document', 'pii');
    expect(aspects.tagProperties.value).toEqual({ name: 'pii' });
    expect(aspects.ownership).toBeUndefined();
  });

  it("makes the token's user a TECHNICAL_OWNER of the new tag in the upstream profile, as OwnerUtils.addCreatorAsOwner does", async () => {
    const aspects = await created('upstream', 'pii');
    expect(aspects.tagProperties.value).toEqual({ name: 'pii' });
    expect(aspects.ownership.value).toMatchObject({
      owners: [
        {
          owner: ACTOR,
          type: 'TECHNICAL_OWNER',
          typeUrn: 'urn:svc:ownershipType:__system__technical_owner',
          source: { type: 'MANUAL' },
        },
      ],
      lastModified: { actor: ACTOR },
    });
    expect(aspects.ownership.value.owners).toHaveLength(1);
  });
});
