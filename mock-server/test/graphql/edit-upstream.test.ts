/**
 * The edit mutations whose behaviour was read in upstream's resolvers, one group per resolver:
 * - updateName: datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/mutate/
 *   UpdateNameResolver.java (the version with glossary terms and nodes, domains, groups, data products,
 *   business attributes and datasets; commit 0e0946a9f24baa63271b20d2ee4bede4945f69fe is the older one
 *   with glossary entities only).
 * - addLink / removeLink: .../resolvers/mutate/util/LinkUtils.java at commit
 *   06242d7a0e9b7bcb1bffbe1c64eed630eef96ea9, with AddLinkResolver.java and RemoveLinkResolver.java.
 * - addOwner with an unknown ownershipTypeUrn: .../resolvers/mutate/util/OwnerUtils.java, validateOwner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, DATASET, READER, USER, call, graphql, ingest, startServer } from '../graphql-harness.js';

const TERM = 'urn:svc:glossaryTerm:finance.revenue';
const BARE_TERM = 'urn:svc:glossaryTerm:finance.bare';
const DOMAIN = 'urn:svc:domain:sales';
const GROUP = 'urn:svc:corpGroup:analysts';
const CHART = 'urn:svc:chart:(looker,orders)';
const PRODUCT = 'urn:svc:dataProduct:orders';
const ATTRIBUTE = 'urn:svc:businessAttribute:customer_id';
const MISSING = 'urn:svc:glossaryTerm:finance.missing';
const ACTOR = 'urn:svc:corpuser:datahub';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
  await ingest(server, TERM, 'glossaryTermInfo', { name: 'Revenue', definition: 'Money in.', termSource: 'INTERNAL' });
  await ingest(server, BARE_TERM, 'glossaryTermKey', { name: 'finance.bare' });
  await ingest(server, DOMAIN, 'domainProperties', { name: 'Sales', description: 'Selling things.' });
  await ingest(server, PRODUCT, 'dataProductProperties', { name: 'Orders', description: 'Order data.' });
  await ingest(server, ATTRIBUTE, 'businessAttributeInfo', {
    fieldPath: 'customer_id',
    name: 'customer_id',
    created: { time: 0, actor: ACTOR },
    lastModified: { time: 0, actor: ACTOR },
  });
  await ingest(server, GROUP, 'corpGroupInfo', { displayName: 'Analysts', admins: [], members: [], groups: [] });
  await ingest(server, CHART, 'chartInfo', {
    title: 'Orders',
    description: '',
    lastModified: { created: { time: 0, actor: ACTOR }, lastModified: { time: 0, actor: ACTOR } },
  });
  await ingest(server, DATASET, 'editableDatasetProperties', {
    description: 'Curated orders',
    created: { time: 0, actor: ACTOR },
    lastModified: { time: 0, actor: ACTOR },
  });
  await ingest(server, USER, 'corpUserInfo', { active: true, displayName: 'J. Doe' });
});
afterAll(() => server.close());

/** One mutation taking `input`; its input type is the field's name in upper camel case with `Input`. */
async function mutate(field: string, input: Record<string, unknown>, token = ADMIN) {
  const inputType = `${field[0]!.toUpperCase()}${field.slice(1)}Input!`;
  const reply = await graphql(server, {
    query: `mutation m($input: ${inputType}) { ${field}(input: $input) }`,
    variables: { input },
    token,
  });
  expect(reply.status).toBe(200);
  return reply.json as { data?: Record<string, unknown>; errors?: { message: string; extensions: { type: string } }[] };
}
const updateName = (input: Record<string, unknown>, token?: string) => mutate('updateName', input, token);
const aspect = async (urn: string, name: string) =>
  (await call(server, 'GET', `/entitiesV2/${encodeURIComponent(urn)}`)).json.aspects[name]?.value;

describe('updateName (UpdateNameResolver)', () => {
  it('renames a glossary term, a domain and a group in their info aspects, keeping their other fields', async () => {
    expect((await updateName({ urn: TERM, name: 'Net revenue' })).errors).toBeUndefined();
    expect(await aspect(TERM, 'glossaryTermInfo')).toMatchObject({ name: 'Net revenue', definition: 'Money in.' });
    expect((await updateName({ urn: DOMAIN, name: 'Sales & Ops' })).errors).toBeUndefined();
    expect(await aspect(DOMAIN, 'domainProperties')).toMatchObject({
      name: 'Sales & Ops',
      description: 'Selling things.',
    });
    expect((await updateName({ urn: GROUP, name: 'Data analysts' })).errors).toBeUndefined();
    expect(await aspect(GROUP, 'corpGroupInfo')).toMatchObject({ displayName: 'Data analysts' });
  });

  it("renames a data product's properties, and a business attribute's fieldPath with its name", async () => {
    expect((await updateName({ urn: PRODUCT, name: 'Orders v2' })).errors).toBeUndefined();
    expect(await aspect(PRODUCT, 'dataProductProperties')).toMatchObject({
      name: 'Orders v2',
      description: 'Order data.',
    });
    expect((await updateName({ urn: ATTRIBUTE, name: 'client_id' })).errors).toBeUndefined();
    expect(await aspect(ATTRIBUTE, 'businessAttributeInfo')).toMatchObject({
      fieldPath: 'client_id',
      name: 'client_id',
    });
  });

  it('gives a dataset a new editableDatasetProperties holding the name and lastModified only', async () => {
    expect((await updateName({ urn: DATASET, name: 'Orders (clean)' })).errors).toBeUndefined();
    const value = await aspect(DATASET, 'editableDatasetProperties');
    expect(value).toMatchObject({ name: 'Orders (clean)', lastModified: { actor: ACTOR } });
    expect(value.description).toBeUndefined();
  });

  it('checks that the target exists before its type, and names the URN of an unsupported type', async () => {
    const missing = await updateName({ urn: MISSING, name: 'x' });
    expect(missing.errors).toMatchObject([
      { message: `Failed to update ${MISSING}. ${MISSING} does not exist.`, extensions: { type: 'BAD_REQUEST' } },
    ]);
    const chart = await updateName({ urn: CHART, name: 'x' });
    expect(chart.errors).toMatchObject([
      {
        message: `Failed to update name. Unsupported resource type ${CHART} provided.`,
        extensions: { type: 'BAD_REQUEST' },
      },
    ]);
    const bare = await updateName({ urn: BARE_TERM, name: 'x' });
    expect(bare.errors).toMatchObject([
      { message: `Failed to update ${BARE_TERM}. Glossary Term does not exist.`, extensions: { type: 'BAD_REQUEST' } },
    ]);
  });

  it('refuses a reader only once the target exists and is supported, writing nothing', async () => {
    expect((await updateName({ urn: MISSING, name: 'x' }, READER)).errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect((await updateName({ urn: TERM, name: 'Stolen' }, READER)).errors?.[0]?.extensions.type).toBe('UNAUTHORIZED');
    expect((await aspect(TERM, 'glossaryTermInfo')).name).not.toBe('Stolen');
  });
});

describe('addLink and removeLink (LinkUtils)', () => {
  const url = 'https://wiki.example.com/domain-sales';
  const links = async () =>
    ((await aspect(DOMAIN, 'institutionalMemory'))?.elements ?? []) as {
      url: string;
      description: string;
      createStamp: { actor: string };
    }[];

  it('adds a link once per URL and label, keeps the same URL under another label, and stamps the creator', async () => {
    expect((await mutate('addLink', { linkUrl: url, label: 'Wiki', resourceUrn: DOMAIN })).errors).toBeUndefined();
    expect((await mutate('addLink', { linkUrl: url, label: 'Wiki', resourceUrn: DOMAIN })).errors).toBeUndefined();
    expect((await mutate('addLink', { linkUrl: url, label: 'Runbook', resourceUrn: DOMAIN })).errors).toBeUndefined();
    const added = await links();
    expect(added.map((l) => [l.url, l.description])).toEqual([
      [url, 'Wiki'],
      [url, 'Runbook'],
    ]);
    expect(added[0]!.createStamp).toMatchObject({ actor: ACTOR });
  });

  it('removes every link with the URL', async () => {
    expect((await mutate('removeLink', { linkUrl: url, resourceUrn: DOMAIN })).errors).toBeUndefined();
    expect(await links()).toEqual([]);
  });

  // Upstream's Url constructor accepts any non-null string, so there the first case is stored; the mock
  // refuses it (bad input is a 4xx) with the message LinkUtils.validateUrl wrote for it.
  it("responds to a bad URL and a missing resource with upstream's messages", async () => {
    const badUrl = await mutate('addLink', { linkUrl: 'not a url', label: 'x', resourceUrn: DOMAIN });
    expect(badUrl.errors).toMatchObject([
      {
        message: `Failed to change institutional memory for resource ${DOMAIN}. Expected an url.`,
        extensions: { type: 'BAD_REQUEST' },
      },
    ]);
    const missing = await mutate('removeLink', { linkUrl: url, resourceUrn: MISSING });
    expect(missing.errors).toMatchObject([
      {
        message: `Failed to change institutional memory for resource ${MISSING}. Resource does not exist.`,
        extensions: { type: 'BAD_REQUEST' },
      },
    ]);
  });
});

describe('addOwner with an unknown ownership type (OwnerUtils.validateOwner)', () => {
  it("names the ownership type URN in upstream's words and writes nothing", async () => {
    const typeUrn = 'urn:svc:ownershipType:nobody_defined_this';
    const reply = await mutate('addOwner', {
      ownerUrn: USER,
      ownerEntityType: 'CORP_USER',
      ownershipTypeUrn: typeUrn,
      resourceUrn: DATASET,
    });
    expect(reply.errors).toMatchObject([
      {
        message: `Failed to change ownership for resource(s). Custom Ownership type with urn ${typeUrn} does not exist.`,
        extensions: { type: 'BAD_REQUEST' },
      },
    ]);
    expect(await aspect(DATASET, 'ownership')).toBeUndefined();
  });
});
