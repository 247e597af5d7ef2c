/**
 * The catalog entity types the web app's shared fragments name, read through HTTP with documents in the
 * shapes the app sends (its getMe selection of `CorpUser.info`, the search result's inline fragments
 * `... on GlossaryNode`, `... on DataProduct`, ..., the entity pages' root fields), against data written
 * through the metadata-store API. Each type as upstream's mapper maps it (datahub-graphql-core/.../types/,
 * v1.3.0.1: GlossaryNodeMapper, DataProductMapper, ApplicationMapper, StructuredPropertyMapper,
 * StructuredPropertiesMapper, DataPlatformInstanceMapper, RoleMapper, CorpUserInfoMapper,
 * CorpGroupInfoMapper, DataPlatformInfoMapper, MetadataAttributionMapper, DisplayPropertiesMapper) and its
 * resolvers (ParentNodesResolver, GlossaryNodeChildrenCountResolver, ParentDomainsResolver,
 * ListDataProductAssetsResolver, DashboardStatsSummaryResolver, ChartStatsSummaryResolver).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const USER = 'urn:svc:corpuser:datahub';
const OTHER_USER = 'urn:svc:corpuser:jdoe';
const GROUP = 'urn:svc:corpGroup:analysts';
const ROOT_NODE = 'urn:svc:glossaryNode:finance';
const CHILD_NODE = 'urn:svc:glossaryNode:revenue';
const TERM = 'urn:svc:glossaryTerm:revenue.arr';
const OTHER_TERM = 'urn:svc:glossaryTerm:finance.margin';
const PARENT_DOMAIN = 'urn:svc:domain:sales';
const DOMAIN = 'urn:svc:domain:emea';
const PRODUCT = 'urn:svc:dataProduct:orders-product';
const APPLICATION = 'urn:svc:application:checkout';
const PROPERTY = 'urn:svc:structuredProperty:retention';
const BARE_PROPERTY = 'urn:svc:structuredProperty:undefined';
const INSTANCE = 'urn:svc:dataPlatformInstance:(urn:svc:dataPlatform:hive,eu-warehouse)';
const ROLE = 'urn:svc:role:orders-reader';
const DATASET = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.orders,PROD)';
const SIBLING = 'urn:svc:dataset:(urn:svc:dataPlatform:dbt,sales.orders,PROD)';
const OTHER_DATASET = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.refunds,PROD)';
const CONTAINER = 'urn:svc:container:warehouse';
const FLOW = 'urn:svc:dataFlow:(airflow,orders_daily,prod)';
const JOB = `urn:svc:dataJob:(${FLOW},load)`;
const DASHBOARD = 'urn:svc:dashboard:(looker,orders_board)';
const CHART = 'urn:svc:chart:(looker,orders_chart)';
const STAMP = { time: 1_700_000_000_000, actor: USER };
const ATTRIBUTION = { time: 1_700_000_100_000, actor: OTHER_USER, source: PROPERTY, sourceDetail: { rule: 'r1' } };

async function seed(server: MockServer): Promise<void> {
  const write = (urn: string, aspect: string, value: unknown) => ingest(server, urn, aspect, value);
  await write(USER, 'corpUserInfo', {
    active: true,
    displayName: 'Root',
    title: 'Catalog root',
    firstName: 'Ro',
    lastName: 'Ot',
    fullName: 'Ro Ot',
    email: 'root@example.com',
  });
  await write(USER, 'corpUserEditableInfo', {
    displayName: 'The root',
    pictureLink: 'https://pictures.example/root.png',
    teams: ['platform'],
    skills: ['sql'],
    persona: 'urn:svc:dataHubPersona:businessUser',
    platforms: ['urn:svc:dataPlatform:hive'],
  });
  await write(GROUP, 'corpGroupInfo', {
    displayName: 'Analysts',
    description: 'The analysts.',
    email: 'analysts@example.com',
    admins: [USER],
    members: [USER, OTHER_USER],
    groups: [],
  });
  await write('urn:svc:dataPlatform:hive', 'dataPlatformInfo', {
    name: 'hive',
    displayName: 'Hive',
    type: 'FILE_SYSTEM',
    datasetNameDelimiter: '.',
    logoUrl: 'https://logos.example/hive.png',
  });
  await write(ROOT_NODE, 'glossaryNodeInfo', { definition: 'Money matters.', name: 'Finance' });
  await write(ROOT_NODE, 'displayProperties', {
    colorHex: '#0077b6',
    icon: { iconLibrary: 'MATERIAL', name: 'Payments', style: 'Outlined' },
  });
  await write(CHILD_NODE, 'glossaryNodeInfo', { definition: 'Income.', name: 'Revenue', parentNode: ROOT_NODE });
  await write(TERM, 'glossaryTermInfo', {
    definition: 'Annual recurring revenue.',
    termSource: 'INTERNAL',
    parentNode: CHILD_NODE,
  });
  await write(OTHER_TERM, 'glossaryTermInfo', {
    definition: 'Gross margin.',
    termSource: 'INTERNAL',
    parentNode: ROOT_NODE,
  });
  await write(PARENT_DOMAIN, 'domainProperties', { name: 'Sales' });
  await write(DOMAIN, 'domainProperties', {
    name: 'EMEA',
    description: 'Sales in Europe.',
    parentDomain: PARENT_DOMAIN,
  });
  await write(DOMAIN, 'displayProperties', { colorHex: '#ff8800' });
  await write(PROPERTY, 'propertyDefinition', {
    qualifiedName: 'io.example.retention',
    displayName: 'Retention',
    description: 'How long the data is kept.',
    valueType: 'urn:svc:dataType:datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['urn:svc:entityType:datahub.dataset'],
    allowedValues: [{ value: { double: 30 }, description: 'A month' }, { value: { double: 365 } }],
    immutable: false,
    created: STAMP,
    lastModified: STAMP,
  });
  await write(PROPERTY, 'structuredPropertySettings', {
    isHidden: false,
    showInSearchFilters: true,
    showInAssetSummary: true,
    showAsAssetBadge: false,
    showInColumnsTable: false,
  });
  await write(DATASET, 'datasetProperties', { name: 'orders', customProperties: {} });
  await write(OTHER_DATASET, 'datasetProperties', { name: 'refunds', customProperties: {} });
  await write(DATASET, 'structuredProperties', {
    properties: [
      { propertyUrn: PROPERTY, values: [{ double: 30 }], attribution: ATTRIBUTION },
      { propertyUrn: BARE_PROPERTY, values: [{ string: OTHER_DATASET }, { string: 'plain' }] },
    ],
  });
  await write(DATASET, 'dataPlatformInstance', { platform: 'urn:svc:dataPlatform:hive', instance: INSTANCE });
  await write(DATASET, 'applications', { applications: [APPLICATION] });
  await write(DATASET, 'browsePathsV2', { path: [{ id: 'warehouse', urn: CONTAINER }, { id: 'sales' }] });
  await write(DATASET, 'access', { roles: [{ urn: ROLE }] });
  await write(DATASET, 'siblings', { siblings: [SIBLING], primary: true });
  await write(DATASET, 'ownership', {
    owners: [{ owner: OTHER_USER, type: 'DATAOWNER', attribution: ATTRIBUTION }],
    lastModified: STAMP,
  });
  await write(DATASET, 'globalTags', { tags: [{ tag: 'urn:svc:tag:pii', attribution: ATTRIBUTION }] });
  await write(DATASET, 'glossaryTerms', { terms: [{ urn: TERM }], auditStamp: STAMP });
  await write(DATASET, 'deprecation', {
    deprecated: true,
    note: 'Use refunds.',
    actor: USER,
    replacement: OTHER_DATASET,
  });
  await write(DATASET, 'institutionalMemory', {
    elements: [
      {
        url: 'https://wiki.example/orders',
        description: 'Orders wiki',
        createStamp: { time: 1, actor: GROUP },
        settings: { showInAssetPreview: true },
      },
    ],
  });
  await write(CONTAINER, 'containerProperties', { name: 'warehouse' });
  await write(INSTANCE, 'dataPlatformInstanceProperties', { name: 'EU warehouse', description: 'The European one.' });
  await write(ROLE, 'roleProperties', { name: 'Orders reader', type: 'READ', requestUrl: 'https://access.example' });
  await write(ROLE, 'actors', { users: [{ user: USER }] });
  await write(PRODUCT, 'dataProductProperties', {
    name: 'Orders',
    description: 'Everything about orders.',
    externalUrl: 'https://products.example/orders',
    assets: [{ destinationUrn: DATASET }, { destinationUrn: OTHER_DATASET, outputPort: true }],
  });
  await write(PRODUCT, 'domains', { domains: [DOMAIN] });
  await write(APPLICATION, 'applicationProperties', { name: 'Checkout', description: 'The shop checkout.' });
  await write(APPLICATION, 'globalTags', { tags: [{ tag: 'urn:svc:tag:pii' }] });
  await write(FLOW, 'dataFlowInfo', { name: 'Orders daily' });
  await write(FLOW, 'editableDataFlowProperties', { description: 'Loads the orders every night.' });
  await write(FLOW, 'container', { container: CONTAINER });
  await write(FLOW, 'subTypes', { typeNames: ['DAG'] });
  await write(JOB, 'dataJobInfo', { name: 'Load', type: { string: 'SQL' } });
  await write(JOB, 'editableDataJobProperties', { description: 'Loads one day.' });
  await write(DASHBOARD, 'dashboardInfo', {
    title: 'Orders board',
    description: '',
    lastModified: { created: STAMP, lastModified: STAMP },
  });
  await write(CHART, 'chartInfo', {
    title: 'Orders chart',
    description: '',
    lastModified: { created: STAMP, lastModified: STAMP },
  });
}

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
  await seed(server);
});
afterAll(() => server.close());

async function data(query: string, variables: Record<string, unknown> = {}, on = server) {
  const reply = await graphql(on, { query, variables, token: ADMIN });
  expect(reply.status).toBe(200);
  expect(reply.json.errors).toBeUndefined();
  return reply.json.data as Record<string, any>;
}

describe('users, groups and platforms as older clients read them', () => {
  it("answers getMe's selection of the user's info and editable properties from corpUserInfo and corpUserEditableInfo", async () => {
    const { me } = await data(`query getMe {
      me { corpUser { urn username
        info { active displayName title firstName lastName fullName email }
        editableProperties { displayName title pictureLink teams skills persona { urn } platforms { urn } }
        editableInfo { displayName pictureLink teams skills } } } }`);
    expect(me.corpUser).toEqual({
      urn: USER,
      username: 'datahub',
      info: {
        active: true,
        displayName: 'Root',
        title: 'Catalog root',
        firstName: 'Ro',
        lastName: 'Ot',
        fullName: 'Ro Ot',
        email: 'root@example.com',
      },
      editableProperties: {
        displayName: 'The root',
        title: null,
        pictureLink: 'https://pictures.example/root.png',
        teams: ['platform'],
        skills: ['sql'],
        persona: { urn: 'urn:svc:dataHubPersona:businessUser' },
        platforms: [{ urn: 'urn:svc:dataPlatform:hive' }],
      },
      editableInfo: {
        displayName: 'The root',
        pictureLink: 'https://pictures.example/root.png',
        teams: ['platform'],
        skills: ['sql'],
      },
    });
  });

  it('answers null info for a user without corpUserInfo, as upstream maps no aspect', async () => {
    const { corpUser } = await data(
      `{ corpUser(urn: "${OTHER_USER}") { urn info { active } editableInfo { title } } }`,
    );
    expect(corpUser).toEqual({ urn: OTHER_USER, info: null, editableInfo: null });
  });

  it("reads a group's info with its admins and members as users", async () => {
    const { corpGroup } = await data(`{ corpGroup(urn: "${GROUP}") {
      info { displayName description email admins { urn } members { urn username } groups } } }`);
    expect(corpGroup.info).toEqual({
      displayName: 'Analysts',
      description: 'The analysts.',
      email: 'analysts@example.com',
      admins: [{ urn: USER }],
      members: [
        { urn: USER, username: 'datahub' },
        { urn: OTHER_USER, username: 'jdoe' },
      ],
      groups: [],
    });
  });

  it("reads a platform's info as its properties, from dataPlatformInfo", async () => {
    const { dataPlatform } = await data(`{ dataPlatform(urn: "urn:svc:dataPlatform:hive") {
      info { type displayName datasetNameDelimiter logoUrl } properties { displayName } } }`);
    expect(dataPlatform).toEqual({
      info: {
        type: 'FILE_SYSTEM',
        displayName: 'Hive',
        datasetNameDelimiter: '.',
        logoUrl: 'https://logos.example/hive.png',
      },
      properties: { displayName: 'Hive' },
    });
  });
});

describe('the frontend reads the root user (smoke-test/test_e2e.py::test_frontend_user_info, v1.3.0.1)', () => {
  it('answers the corpUser query the smoke test sends, in the li namespace, with the info quickstart bootstraps', async () => {
    const li = await startServer({ namespace: 'li' });
    try {
      const root = 'urn:li:corpuser:datahub';
      // What upstream's bootstrap writes for the root user (bootstrap_mcps/root-user.yaml, root-user-editable-info.yaml).
      await ingest(li, root, 'corpUserInfo', {
        active: true,
        displayName: 'DataHub',
        title: 'DataHub Root User',
        system: true,
      });
      await ingest(li, root, 'corpUserEditableInfo', {
        teams: [],
        skills: [],
        pictureLink: 'https://pictures.example/root.png',
      });
      const result = await data(
        `query corpUser($urn: String!) {
          corpUser(urn: $urn) { urn username editableInfo { pictureLink } info { firstName fullName title email } } }`,
        { urn: root },
        li,
      );
      expect(result.corpUser).toEqual({
        urn: root,
        username: 'datahub',
        editableInfo: { pictureLink: 'https://pictures.example/root.png' },
        info: { firstName: null, fullName: null, title: 'DataHub Root User', email: null },
      });
      // The default definition's data and entity types are URNs of the namespace.
      const bare = await data(
        `{ structuredProperty(urn: "urn:li:structuredProperty:bare") {
          definition { valueType { urn info { type } } entityTypes { urn info { type } } } } }`,
        {},
        li,
      );
      expect(bare.structuredProperty.definition).toEqual({
        valueType: { urn: 'urn:li:dataType:datahub.string', info: { type: 'STRING' } },
        entityTypes: [{ urn: 'urn:li:entityType:datahub.dataset', info: { type: 'DATASET' } }],
      });
    } finally {
      await li.close();
    }
  });
});

const DISPLAY = 'displayProperties { colorHex icon { name style iconLibrary } }';

describe('glossary nodes', () => {
  it('finds nodes in a search and shows them through the inline fragment of the search results', async () => {
    const { searchAcrossEntities } = await data(`{
      searchAcrossEntities(input: { types: [GLOSSARY_NODE], query: "*", start: 0, count: 10 }) {
        total
        searchResults { entity { urn type
          ... on GlossaryNode {
            properties { name description createdOn { time actor { urn } } }
            ${DISPLAY}
            childrenCount { termsCount nodesCount }
            parentNodes { count nodes { urn type properties { name } ${DISPLAY} } }
            children: relationships(input: { types: ["IsPartOf"], direction: INCOMING, start: 0, count: 1000 }) {
              total relationships { type entity { urn ... on GlossaryTerm { name hierarchicalName } } } }
          } } } } }`);
    expect(searchAcrossEntities.total).toBe(2);
    const byUrn = Object.fromEntries(searchAcrossEntities.searchResults.map((r: any) => [r.entity.urn, r.entity]));
    const root = byUrn[ROOT_NODE];
    expect(root.type).toBe('GLOSSARY_NODE');
    expect(root.properties).toMatchObject({ name: 'Finance', description: 'Money matters.' });
    // createdOn is the creation of the key aspect, written with the first aspect (sent without a token: UNKNOWN).
    expect(root.properties.createdOn.actor).toEqual({ urn: 'urn:svc:corpuser:UNKNOWN' });
    expect(typeof root.properties.createdOn.time).toBe('number');
    expect(root.displayProperties).toEqual({
      colorHex: '#0077b6',
      icon: { name: 'Payments', style: 'Outlined', iconLibrary: 'MATERIAL' },
    });
    expect(root.childrenCount).toEqual({ termsCount: 1, nodesCount: 1 });
    expect(root.parentNodes).toEqual({ count: 0, nodes: [] });
    expect(root.children.total).toBe(2);
    const child = byUrn[CHILD_NODE];
    expect(child.childrenCount).toEqual({ termsCount: 1, nodesCount: 0 });
    expect(child.parentNodes).toEqual({
      count: 1,
      nodes: [
        {
          urn: ROOT_NODE,
          type: 'GLOSSARY_NODE',
          properties: { name: 'Finance' },
          displayProperties: {
            colorHex: '#0077b6',
            icon: { name: 'Payments', style: 'Outlined', iconLibrary: 'MATERIAL' },
          },
        },
      ],
    });
  });

  it("gives a term's parent nodes nearest first, and the node root field refuses another type's URN", async () => {
    const { glossaryTerm } = await data(`{ glossaryTerm(urn: "${TERM}") { parentNodes { count nodes { urn } } } }`);
    expect(glossaryTerm.parentNodes).toEqual({ count: 2, nodes: [{ urn: CHILD_NODE }, { urn: ROOT_NODE }] });
    const refused = await graphql(server, { query: `{ glossaryNode(urn: "${TERM}") { urn } }`, token: ADMIN });
    expect(refused.json.data.glossaryNode).toBeNull();
    expect(refused.json.errors[0].message).toContain('urn');
    expect(refused.json.errors[0].extensions.code).toBe(400);
  });

  it('gives a node never written no properties and no parents', async () => {
    const { glossaryNode } = await data(`{ glossaryNode(urn: "urn:svc:glossaryNode:nothing") {
      urn exists properties { name } parentNodes { count } } }`);
    expect(glossaryNode).toEqual({
      urn: 'urn:svc:glossaryNode:nothing',
      exists: false,
      properties: null,
      parentNodes: { count: 0 },
    });
  });
});

describe('domains, data products and applications', () => {
  it("shows a domain's parents and display properties as the search result fragment selects them", async () => {
    const { domain } = await data(`{ domain(urn: "${DOMAIN}") { urn type properties { name description }
      parentDomains { count domains { urn type ... on Domain { ${DISPLAY} properties { name description } } } }
      ${DISPLAY} structuredProperties { properties { associatedUrn } } institutionalMemory { elements { url } } } }`);
    expect(domain).toEqual({
      urn: DOMAIN,
      type: 'DOMAIN',
      properties: { name: 'EMEA', description: 'Sales in Europe.' },
      parentDomains: {
        count: 1,
        domains: [
          {
            urn: PARENT_DOMAIN,
            type: 'DOMAIN',
            displayProperties: null,
            properties: { name: 'Sales', description: null },
          },
        ],
      },
      displayProperties: { colorHex: '#ff8800', icon: null },
      structuredProperties: null,
      institutionalMemory: null,
    });
  });

  it("counts a data product's assets and searches only them", async () => {
    const { entities } = await data(`{ entities(urns: ["${PRODUCT}", "${APPLICATION}"]) { urn type
      ... on DataProduct {
        properties { name description externalUrl numAssets createdOn { time } }
        domain { associatedUrn domain { urn properties { name } } }
        entities(input: { start: 0, count: 0, query: "*" }) { total }
        page: entities(input: { query: "*", start: 0, count: 10 }) { total searchResults { entity { urn } } } }
      ... on Application {
        properties { name description externalUrl }
        tags { tags { tag { urn } } }
        children: relationships(input: { types: ["AssociatedWith"], direction: INCOMING, start: 0, count: 0 }) { total } } } }`);
    const [product, application] = entities;
    expect(product.type).toBe('DATA_PRODUCT');
    expect(product.properties).toMatchObject({
      name: 'Orders',
      description: 'Everything about orders.',
      externalUrl: 'https://products.example/orders',
      numAssets: 2,
    });
    expect(product.domain).toEqual({ associatedUrn: PRODUCT, domain: { urn: DOMAIN, properties: { name: 'EMEA' } } });
    expect(product.entities.total).toBe(2);
    expect(product.page.searchResults.map((r: any) => r.entity.urn).sort()).toEqual([DATASET, OTHER_DATASET].sort());
    expect(application).toMatchObject({
      urn: APPLICATION,
      type: 'APPLICATION',
      properties: { name: 'Checkout', description: 'The shop checkout.', externalUrl: null },
      tags: { tags: [{ tag: { urn: 'urn:svc:tag:pii' } }] },
    });
  });

  it("names the bad count of a data product's asset search", async () => {
    const reply = await graphql(server, {
      query: `{ dataProduct(urn: "${PRODUCT}") { entities(input: { query: "*", count: -1 }) { total } } }`,
      token: ADMIN,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.errors[0].message).toContain('input.count');
  });

  it("falls back to the URN's id for the name of a product without one, and lists no assets without a list", async () => {
    await ingest(server, 'urn:svc:dataProduct:unnamed', 'dataProductProperties', { description: 'No name.' });
    const { dataProduct } = await data(`{ dataProduct(urn: "urn:svc:dataProduct:unnamed") {
      properties { name numAssets } entities(input: { query: "*" }) { total searchResults { entity { urn } } } } }`);
    expect(dataProduct).toEqual({
      properties: { name: 'unnamed', numAssets: 0 },
      entities: { total: 0, searchResults: [] },
    });
  });
});

describe('structured properties', () => {
  const FIELDS = `urn type exists
    definition { displayName qualifiedName description cardinality immutable
      valueType { urn type info { type displayName } }
      entityTypes { urn type info { type } }
      typeQualifier { allowedTypes { urn } }
      allowedValues { value { ... on StringValue { stringValue } ... on NumberValue { numberValue } } description }
      created { time actor { urn } } lastModified { time } }
    settings { isHidden showInSearchFilters showAsAssetBadge showInAssetSummary showInColumnsTable }`;

  it('reads a definition and its settings, the data and entity types as the bootstrap writes them', async () => {
    const { structuredProperty } = await data(`{ structuredProperty(urn: "${PROPERTY}") { ${FIELDS} } }`);
    expect(structuredProperty).toEqual({
      urn: PROPERTY,
      type: 'STRUCTURED_PROPERTY',
      exists: true,
      definition: {
        displayName: 'Retention',
        qualifiedName: 'io.example.retention',
        description: 'How long the data is kept.',
        cardinality: 'SINGLE',
        immutable: false,
        valueType: {
          urn: 'urn:svc:dataType:datahub.number',
          type: 'DATA_TYPE',
          info: { type: 'NUMBER', displayName: 'Number' },
        },
        entityTypes: [{ urn: 'urn:svc:entityType:datahub.dataset', type: 'ENTITY_TYPE', info: { type: 'DATASET' } }],
        typeQualifier: null,
        allowedValues: [
          { value: { numberValue: 30 }, description: 'A month' },
          { value: { numberValue: 365 }, description: null },
        ],
        created: { time: STAMP.time, actor: { urn: USER } },
        lastModified: { time: STAMP.time },
      },
      settings: {
        isHidden: false,
        showInSearchFilters: true,
        showAsAssetBadge: false,
        showInAssetSummary: true,
        showInColumnsTable: false,
      },
    });
  });

  it("gives a property without a definition upstream's default definition", async () => {
    const { structuredProperty } = await data(`{ structuredProperty(urn: "${BARE_PROPERTY}") { ${FIELDS} } }`);
    expect(structuredProperty).toMatchObject({
      exists: false,
      definition: {
        qualifiedName: '',
        cardinality: 'SINGLE',
        immutable: true,
        valueType: { urn: 'urn:svc:dataType:datahub.string', info: { type: 'STRING', displayName: 'String' } },
        entityTypes: [{ urn: 'urn:svc:entityType:datahub.dataset', info: { type: 'DATASET' } }],
        allowedValues: null,
      },
      settings: null,
    });
  });

  it("shows a dataset's values, the entities URN values name, and who set them", async () => {
    const { dataset } = await data(`{ dataset(urn: "${DATASET}") { structuredProperties { properties {
      structuredProperty { urn exists definition { displayName } }
      values { ... on StringValue { stringValue } ... on NumberValue { numberValue } }
      valueEntities { urn type }
      associatedUrn
      attribution { time actor { urn type } source { urn } sourceDetail { key value } } } } } }`);
    expect(dataset.structuredProperties.properties).toEqual([
      {
        structuredProperty: { urn: PROPERTY, exists: true, definition: { displayName: 'Retention' } },
        values: [{ numberValue: 30 }],
        valueEntities: [],
        associatedUrn: DATASET,
        attribution: {
          time: ATTRIBUTION.time,
          actor: { urn: OTHER_USER, type: 'CORP_USER' },
          source: { urn: PROPERTY },
          sourceDetail: [{ key: 'rule', value: 'r1' }],
        },
      },
      {
        structuredProperty: { urn: BARE_PROPERTY, exists: false, definition: { displayName: null } },
        values: [{ stringValue: OTHER_DATASET }, { stringValue: 'plain' }],
        valueEntities: [{ urn: OTHER_DATASET, type: 'DATASET' }],
        associatedUrn: DATASET,
        attribution: null,
      },
    ]);
  });
});

describe("an asset's catalog fields", () => {
  it('reads platform instance, application, v2 browse path, access, siblings, attribution, replacement and links', async () => {
    const { dataset } = await data(`{ dataset(urn: "${DATASET}") {
      dataPlatformInstance { urn type instanceId platform { urn } properties { name description } }
      application { associatedUrn application { urn properties { name } } }
      browsePathV2 { path { name entity { urn type } } }
      access { roles { associatedUrn role { urn id properties { name type requestUrl } isAssignedToMe } } }
      siblings { isPrimary siblings { urn } }
      platformNativeType
      ownership { owners { owner { ... on CorpUser { urn } } attribution { actor { urn } } } }
      tags { tags { tag { urn } attribution { time } } }
      glossaryTerms { terms { term { urn } attribution { time } } }
      deprecation { deprecated replacement { urn type } }
      institutionalMemory { elements { url label actor { ... on CorpGroup { urn } ... on CorpUser { urn } } settings { showInAssetPreview } } } } }`);
    expect(dataset).toEqual({
      dataPlatformInstance: {
        urn: INSTANCE,
        type: 'DATA_PLATFORM_INSTANCE',
        instanceId: 'eu-warehouse',
        platform: { urn: 'urn:svc:dataPlatform:hive' },
        properties: { name: 'EU warehouse', description: 'The European one.' },
      },
      application: { associatedUrn: DATASET, application: { urn: APPLICATION, properties: { name: 'Checkout' } } },
      browsePathV2: {
        path: [
          { name: 'warehouse', entity: { urn: CONTAINER, type: 'CONTAINER' } },
          { name: 'sales', entity: null },
        ],
      },
      access: {
        roles: [
          {
            associatedUrn: DATASET,
            role: {
              urn: ROLE,
              id: 'orders-reader',
              properties: { name: 'Orders reader', type: 'READ', requestUrl: 'https://access.example' },
              // The admin token's user is among the role's actors.
              isAssignedToMe: true,
            },
          },
        ],
      },
      siblings: { isPrimary: true, siblings: [{ urn: SIBLING }] },
      platformNativeType: null,
      ownership: { owners: [{ owner: { urn: OTHER_USER }, attribution: { actor: { urn: OTHER_USER } } }] },
      tags: { tags: [{ tag: { urn: 'urn:svc:tag:pii' }, attribution: { time: ATTRIBUTION.time } }] },
      glossaryTerms: { terms: [{ term: { urn: TERM }, attribution: null }] },
      deprecation: { deprecated: true, replacement: { urn: OTHER_DATASET, type: 'DATASET' } },
      institutionalMemory: {
        elements: [
          {
            url: 'https://wiki.example/orders',
            label: 'Orders wiki',
            actor: { urn: GROUP },
            settings: { showInAssetPreview: true },
          },
        ],
      },
    });
  });

  it("answers a role's isAssignedToMe for a caller among its groups' members, and false for another", async () => {
    const query = '{ role(urn: "urn:svc:role:group-role") { isAssignedToMe } }';
    await ingest(server, 'urn:svc:role:group-role', 'actors', { groups: [{ group: GROUP }] });
    const reader = await graphql(server, { query, token: 'reader-token' });
    expect(reader.json).toMatchObject({ data: { role: { isAssignedToMe: false } } });
    await ingest(server, 'urn:svc:corpuser:reader', 'groupMembership', { groups: [GROUP] });
    const member = await graphql(server, { query, token: 'reader-token' });
    expect(member.json).toMatchObject({ data: { role: { isAssignedToMe: true } } });
  });

  it("reads a flow's and a job's edited descriptions, the flow's sub-types and parent containers", async () => {
    const { dataFlow, dataJob } = await data(`{
      dataFlow(urn: "${FLOW}") { editableProperties { description } subTypes { typeNames }
        parentContainers { count containers { urn } } dataPlatformInstance { urn } browsePathV2 { path { name } } }
      dataJob(urn: "${JOB}") { editableProperties { description } parentContainers { count } application { associatedUrn } } }`);
    expect(dataFlow).toEqual({
      editableProperties: { description: 'Loads the orders every night.' },
      subTypes: { typeNames: ['DAG'] },
      parentContainers: { count: 1, containers: [{ urn: CONTAINER }] },
      dataPlatformInstance: null,
      // A flow without the aspect gets upstream's default path (BrowsePathV2Utils.getDefaultBrowsePathV2, v1.3.0.1).
      browsePathV2: { path: [{ name: 'Default' }] },
    });
    expect(dataJob).toEqual({
      editableProperties: { description: 'Loads one day.' },
      parentContainers: { count: 0 },
      application: null,
    });
  });
});

describe('a schema field entity', () => {
  it('reads its documentation with attribution and its structured property values', async () => {
    const field = `urn:svc:schemaField:(${DATASET},amount)`;
    await ingest(server, field, 'documentation', {
      documentations: [{ documentation: 'Order amount in cents.', attribution: ATTRIBUTION }],
    });
    await ingest(server, field, 'structuredProperties', {
      properties: [{ propertyUrn: PROPERTY, values: [{ double: 365 }] }],
    });
    const { entity } = await data(`{ entity(urn: "${field}") { urn ... on SchemaFieldEntity { fieldPath
      documentation { documentations { documentation attribution { actor { urn } } } }
      structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } associatedUrn } } } } }`);
    expect(entity).toEqual({
      urn: field,
      fieldPath: 'amount',
      documentation: {
        documentations: [{ documentation: 'Order amount in cents.', attribution: { actor: { urn: OTHER_USER } } }],
      },
      structuredProperties: {
        properties: [{ structuredProperty: { urn: PROPERTY }, values: [{ numberValue: 365 }], associatedUrn: field }],
      },
    });
  });
});

describe('dashboard and chart stats summaries', () => {
  it("summarises a dashboard's usage: the latest absolute views and the month's users by views", async () => {
    const now = Date.now();
    const day = { unit: 'DAY', multiple: 1 };
    const point = (timestampMillis: number, extra: Record<string, unknown>) =>
      ingest(server, DASHBOARD, 'dashboardUsageStatistics', { timestampMillis, ...extra });
    await point(now - 3_600_000, { viewsCount: 120 });
    await point(now - 2 * 86_400_000, {
      eventGranularity: day,
      userCounts: [
        { user: OTHER_USER, viewsCount: 2 },
        { user: USER, viewsCount: 5 },
      ],
    });
    await point(now - 86_400_000, { eventGranularity: day, userCounts: [{ user: OTHER_USER, viewsCount: 4 }] });
    // Older than a month: not counted.
    await point(now - 40 * 86_400_000, {
      eventGranularity: day,
      userCounts: [{ user: 'urn:svc:corpuser:old', viewsCount: 99 }],
    });
    const { dashboard, chart } = await data(`{
      dashboard(urn: "${DASHBOARD}") { statsSummary { viewCount viewCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn } } }
      chart(urn: "${CHART}") { statsSummary { viewCount } } }`);
    expect(dashboard.statsSummary).toEqual({
      viewCount: 120,
      viewCountLast30Days: null,
      uniqueUserCountLast30Days: 2,
      topUsersLast30Days: [{ urn: OTHER_USER }, { urn: USER }],
    });
    expect(chart.statsSummary).toBeNull();
  });
});
