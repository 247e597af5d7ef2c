/**
 * updateDescription beyond dataset fields and containers (spec/upstream-differences.yaml:
 * update-description-entity-types): the document profile refuses the other entity types; the upstream
 * profile writes each into the aspect upstream writes, as read in
 * datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/mutate/UpdateDescriptionResolver.java
 * (commit 89279af4e9785714c10a0aef941eaa66c3427cee) and DescriptionUtils.java
 * (commit 87caa73602b428e0e87cf537bb67ae9e4594ade9): tagProperties.description, glossaryTermInfo.definition,
 * corpGroupEditableInfo.description (started empty when absent), domainProperties.description (which
 * must exist), dataProductProperties.description (v1.3.0.1's DescriptionUtils), and so on; a chart stays
 * unsupported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, call, digest, graphql, ingest, startServer } from '../graphql-harness.js';

const TAG = 'urn:svc:tag:Gold';
const TERM = 'urn:svc:glossaryTerm:finance.revenue';
const GROUP = 'urn:svc:corpGroup:analysts';
const DOMAIN = 'urn:svc:domain:sales';
const MODEL = 'urn:svc:mlModel:(urn:svc:dataPlatform:sagemaker,churn,PROD)';
const CHART = 'urn:svc:chart:(looker,orders)';
const PRODUCT = 'urn:svc:dataProduct:orders';
const MISSING_TAG = 'urn:svc:tag:Nowhere';
const UPDATE = 'mutation d($input: DescriptionUpdateInput!) { updateDescription(input: $input) }';

async function seed(server: MockServer): Promise<void> {
  await ingest(server, TAG, 'tagProperties', { name: 'Gold', description: 'Best data.' }, ADMIN);
  await ingest(
    server,
    TERM,
    'glossaryTermInfo',
    { name: 'Revenue', definition: 'Money in.', termSource: 'INTERNAL' },
    ADMIN,
  );
  await ingest(server, GROUP, 'corpGroupInfo', { displayName: 'Analysts', admins: [], members: [], groups: [] }, ADMIN);
  await ingest(server, DOMAIN, 'domainKey', { id: 'sales' }, ADMIN);
  await ingest(
    server,
    MODEL,
    'mlModelKey',
    { platform: 'urn:svc:dataPlatform:sagemaker', name: 'churn', origin: 'PROD' },
    ADMIN,
  );
  await ingest(server, CHART, 'chartKey', { dashboardTool: 'looker', chartId: 'orders' }, ADMIN);
  await ingest(server, PRODUCT, 'dataProductProperties', { name: 'Orders' }, ADMIN);
}

async function describeAs(server: MockServer, resourceUrn: string, description: string, token = ADMIN) {
  const reply = await graphql(server, { query: UPDATE, variables: { input: { resourceUrn, description } }, token });
  expect(reply.status).toBe(200);
  return reply.json as {
    data: { updateDescription: boolean | null };
    errors?: { message: string; extensions: { type: string } }[];
  };
}

const aspect = async (server: MockServer, urn: string, name: string) =>
  (await call(server, 'GET', `/entitiesV2/${encodeURIComponent(urn)}`, { token: ADMIN })).json.aspects[name]?.value;

describe('updateDescription in the upstream profile', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ profile: 'upstream', indexLagMs: 0 });
    await seed(server);
  });
  afterAll(() => server.close());

  it.each([
    { given: 'a tag', urn: TAG, aspectName: 'tagProperties', want: { name: 'Gold', description: 'Gold-grade data.' } },
    {
      given: 'a glossary term (its definition)',
      urn: TERM,
      aspectName: 'glossaryTermInfo',
      want: { name: 'Revenue', definition: 'Gold-grade data.' },
    },
    {
      given: 'a group (its editable info, started empty)',
      urn: GROUP,
      aspectName: 'corpGroupEditableInfo',
      want: { description: 'Gold-grade data.' },
    },
    {
      given: 'an ML model (its editable properties)',
      urn: MODEL,
      aspectName: 'editableMlModelProperties',
      want: { description: 'Gold-grade data.' },
    },
    {
      given: 'a data product (its properties, name kept)',
      urn: PRODUCT,
      aspectName: 'dataProductProperties',
      want: { name: 'Orders', description: 'Gold-grade data.' },
    },
  ])('writes the description of $given into the aspect upstream writes', async ({ urn, aspectName, want }) => {
    expect(await describeAs(server, urn, 'Gold-grade data.')).toEqual({
      data: { updateDescription: true },
      extensions: {},
    });
    expect(await aspect(server, urn, aspectName)).toMatchObject(want);
  });

  it.each([
    { given: 'a domain without its properties', urn: DOMAIN, want: 'Properties for this Domain do not yet exist!' },
    {
      given: 'a tag that does not exist',
      urn: MISSING_TAG,
      want: `Failed to update ${MISSING_TAG}. ${MISSING_TAG} does not exist.`,
    },
    { given: 'a chart', urn: CHART, want: 'Unsupported resource type' },
  ])('refuses $given with BAD_REQUEST, writing nothing', async ({ urn, want }) => {
    const before = await digest(server);
    const json = await describeAs(server, urn, 'x');
    expect(json.data).toEqual({ updateDescription: null });
    expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(json.errors?.[0]?.message).toContain(want);
    expect(await digest(server)).toBe(before);
  });

  it("gives a reader upstream's authorization error", async () => {
    const json = await describeAs(server, TAG, 'x', READER);
    expect(json.errors?.[0]?.extensions.type).toBe('UNAUTHORIZED');
  });
});

describe('updateDescription in the document profile', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer();
    await seed(server);
  });
  afterAll(() => server.close());

  it.each([TAG, TERM, GROUP])('refuses %s: the document supports dataset fields and containers only', async (urn) => {
    const before = await digest(server);
    const json = await describeAs(server, urn, 'x');
    expect(json.data).toEqual({ updateDescription: null });
    expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(await digest(server)).toBe(before);
  });
});
