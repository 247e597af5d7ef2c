/**
 * The entity pages of domains, data products, applications, the glossary, users, groups, tags, the ML assets and
 * business attributes, read with documents nested as the web app's getDomain, getDataProduct, getApplication,
 * getRootGlossaryNodes, getGlossaryNode(WithChildren), getGlossaryTerm, getUser, getGroup, getTag, getML* and
 * listBusinessAttributes send them (datahub-web-react/src/graphql/, v1.3.0.1), over data written through the REST
 * API in both namespaces. Upstream's sources: EntityPrivilegesResolver and GlossaryUtils (privileges),
 * WeaklyTypedAspectsResolver (aspects), FormsMapper, AssetSettingsMapper, DomainMapper (createdOn),
 * CorpGroupMapper (origin), GetRootGlossaryNodesResolver, GlossaryChildrenSearchResolver,
 * ListBusinessAttributesResolver and DomainEntitiesResolver (datahub-graphql-core, v1.3.0.1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, graphql, ingest, startServer } from '../graphql-harness.js';

const PRIVILEGES =
  'privileges { canEditTags canEditDescription canEditOwners canEditEmbed canManageEntity canManageChildren }';
const RAW = 'named: aspects(input: { aspectNames: ["ownership", "globalTags"] }) { aspectName payload }';
const FORMS = 'forms { incompleteForms { associatedUrn form { urn } } completedForms { form { urn } } }';
const SETTINGS = 'settings { assetSummary { templates { template { urn type } } } }';

/** One document per page, each selecting the fields this part serves in the app's nesting. */
const PAGES: Record<string, string> = {
  domain: `query getDomain($urn: String!) { domain(urn: $urn) {
    urn properties { name createdOn { time actor { urn } } } ${PRIVILEGES} ${RAW} ${FORMS} ${SETTINGS}
    entities(input: { start: 0, count: 0 }) { total }
    dataProducts: entities(input: { start: 0, count: 0, filters: [{ field: "_entityType", values: "DATA_PRODUCT" }] }) { total }
    applications: entities(input: { start: 0, count: 0, filters: [{ field: "_entityType", values: "APPLICATION" }] }) { total }
    children: relationships(input: { types: ["IsPartOf"], direction: INCOMING, start: 0, count: 0 }) { total }
  } }`,
  dataProduct: `query getDataProduct($urn: String!) { dataProduct(urn: $urn) {
    urn ${PRIVILEGES} ${RAW} ${FORMS} ${SETTINGS} } }`,
  application: `query getApplication($urn: String!) { application(urn: $urn) { urn ${PRIVILEGES} ${RAW} ${FORMS} } }`,
  glossaryNode: `query getGlossaryNodeWithChildren($urn: String!) { glossaryNode(urn: $urn) {
    urn ${PRIVILEGES} ${RAW} ${FORMS} ${SETTINGS}
    children: glossaryChildrenSearch(input: { query: "*", count: 10 }) {
      count total searchResults { entity { urn type } }
    }
    terms: glossaryChildrenSearch(input: { query: "*", types: [GLOSSARY_TERM], count: 10 }) { total }
  } }`,
  glossaryTerm: `query getGlossaryTerm($urn: String!) { glossaryTerm(urn: $urn) {
    urn ${PRIVILEGES} ${RAW} ${FORMS} ${SETTINGS} schemaMetadata(version: 0) { name }
    isRelatedTerms: relationships(input: { types: ["IsA"], direction: OUTGOING, start: 0, count: 10 }) {
      total relationships { entity { urn } }
    }
    parentNodes { count nodes { urn } }
  } }`,
  corpUser: `query getUser($urn: String!) { corpUser(urn: $urn) {
    urn ${PRIVILEGES} ${RAW} ${FORMS} globalTags { tags { tag { urn } } } tags { tags { tag { urn } } }
  } }`,
  corpGroup: `query getGroup($urn: String!) { corpGroup(urn: $urn) {
    urn origin { type externalType } ${PRIVILEGES} ${RAW} ${FORMS} } }`,
  tag: `query getTag($urn: String!) { tag(urn: $urn) { urn ${RAW} } }`,
  mlFeature: `query getMLFeature($urn: String!) { mlFeature(urn: $urn) { urn ${PRIVILEGES} ${RAW} ${FORMS} } }`,
  mlFeatureTable: `query getMLFeatureTable($urn: String!) { mlFeatureTable(urn: $urn) { urn ${PRIVILEGES} ${RAW} ${FORMS} } }`,
  mlModel: `query getMLModel($urn: String!) { mlModel(urn: $urn) { urn ${PRIVILEGES} ${RAW} ${FORMS} } }`,
  mlModelGroup: `query getMLModelGroup($urn: String!) { mlModelGroup(urn: $urn) { urn ${PRIVILEGES} ${RAW} ${FORMS} } }`,
  mlPrimaryKey: `query getMLPrimaryKey($urn: String!) { mlPrimaryKey(urn: $urn) { urn ${PRIVILEGES} ${RAW} ${FORMS} } }`,
};

const ROOT_NODES = `query getRootGlossaryNodes { getRootGlossaryNodes(input: { start: 0, count: 1000 }) {
  count start total nodes { urn properties { name } childrenCount { termsCount nodesCount } }
} }`;

const BUSINESS_ATTRIBUTES = `query listBusinessAttributes($start: Int!, $count: Int!, $query: String) {
  listBusinessAttributes(input: { start: $start, count: $count, query: $query }) {
    start count total businessAttributes { urn properties { name type } }
  }
}`;

describe.each(['svc', 'li'] as const)('entity pages in the %s namespace', (ns) => {
  const u = (rest: string) => `urn:${ns}:${rest}`;
  const ANA = u('corpuser:ana');
  const DOMAIN = u('domain:sales');
  const CHILD_DOMAIN = u('domain:sales-emea');
  const PRODUCT = u('dataProduct:pipeline-360');
  const APP = u('application:crm');
  const DATASET = u(`dataset:(${u('dataPlatform:hive')},sales.deals,PROD)`);
  const TEMPLATE = u('dataHubPageTemplate:sales-summary');
  const FORM = u('form:review');
  const ROOT = u('glossaryNode:Sales');
  const INNER = u('glossaryNode:Pipeline');
  const TERM = u('glossaryTerm:Sales.Deal');
  const OTHER_TERM = u('glossaryTerm:Sales.Opportunity');
  const GROUP = u('corpGroup:sales-ops');
  const PLAIN_GROUP = u('corpGroup:plain');
  const TAG = u('tag:Hot');
  const PLATFORM = u('dataPlatform:mlflow');
  const FEATURE = u('mlFeature:(deals,amount)');
  const FEATURE_TABLE = u(`mlFeatureTable:(${PLATFORM},deals)`);
  const MODEL = u(`mlModel:(${PLATFORM},win_rate,PROD)`);
  const MODEL_GROUP = u(`mlModelGroup:(${PLATFORM},win,PROD)`);
  const PRIMARY_KEY = u('mlPrimaryKey:(deals,deal_id)');
  const ATTRIBUTE = u('businessAttribute:deal-amount');
  const OTHER_ATTRIBUTE = u('businessAttribute:region');
  const owned = { owners: [{ owner: ANA, type: 'TECHNICAL_OWNER' }], lastModified: { time: 5, actor: ANA } };

  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace: ns });
    const created = { time: 1_700_000_000_000, actor: ANA };
    await ingest(server, DOMAIN, 'domainProperties', { name: 'Sales', created });
    await ingest(server, CHILD_DOMAIN, 'domainProperties', { name: 'Sales EMEA', parentDomain: DOMAIN });
    await ingest(server, DOMAIN, 'assetSettings', { assetSummary: { templates: [{ template: TEMPLATE }] } });
    await ingest(server, TEMPLATE, 'dataHubPageTemplateProperties', {
      rows: [],
      surface: { surfaceType: 'ASSET_SUMMARY' },
      visibility: { scope: 'GLOBAL' },
      created,
      lastModified: created,
    });
    await ingest(server, FORM, 'formInfo', { name: 'Review', type: 'COMPLETION', prompts: [] });
    await ingest(server, DOMAIN, 'forms', {
      incompleteForms: [{ urn: FORM, incompletePrompts: [], completedPrompts: [] }],
      completedForms: [],
    });
    await ingest(server, PRODUCT, 'dataProductProperties', { name: 'Pipeline 360' });
    await ingest(server, APP, 'applicationProperties', { name: 'CRM' });
    await ingest(server, DATASET, 'datasetProperties', { name: 'deals' });
    for (const asset of [PRODUCT, APP, DATASET]) await ingest(server, asset, 'domains', { domains: [DOMAIN] });
    await ingest(server, ROOT, 'glossaryNodeInfo', { name: 'Sales', definition: 'Selling.' });
    await ingest(server, INNER, 'glossaryNodeInfo', {
      name: 'Pipeline',
      definition: 'Deals in flight.',
      parentNode: ROOT,
    });
    await ingest(server, TERM, 'glossaryTermInfo', {
      name: 'Deal',
      definition: 'A sale.',
      termSource: 'INTERNAL',
      parentNode: ROOT,
    });
    await ingest(server, OTHER_TERM, 'glossaryTermInfo', {
      name: 'Opportunity',
      definition: 'A lead.',
      termSource: 'INTERNAL',
    });
    await ingest(server, TERM, 'glossaryRelatedTerms', { isRelatedTerms: [OTHER_TERM] });
    await ingest(server, ANA, 'globalTags', { tags: [{ tag: TAG }] });
    await ingest(server, GROUP, 'origin', { type: 'EXTERNAL', externalType: 'Okta' });
    await ingest(server, PLAIN_GROUP, 'corpGroupInfo', { displayName: 'Plain', admins: [], members: [], groups: [] });
    await ingest(server, TAG, 'tagProperties', { name: 'Hot' });
    for (const entity of [
      DOMAIN,
      PRODUCT,
      APP,
      ROOT,
      TERM,
      GROUP,
      TAG,
      FEATURE,
      FEATURE_TABLE,
      MODEL,
      MODEL_GROUP,
      PRIMARY_KEY,
    ])
      await ingest(server, entity, 'ownership', owned);
    for (const [urn, name] of [
      [ATTRIBUTE, 'Deal Amount'],
      [OTHER_ATTRIBUTE, 'Region'],
    ] as const)
      await ingest(server, urn, 'businessAttributeInfo', {
        fieldPath: name,
        name,
        type: { type: { [`${ns === 'li' ? 'com.linkedin' : 'com.svc'}.schema.NumberType`]: {} } },
      });
  });
  afterAll(() => server?.close());

  async function read(name: string, variables: Record<string, unknown>, token = ADMIN) {
    const reply = await graphql(server, { query: PAGES[name] ?? name, variables, token });
    expect(reply.status).toBe(200);
    const body = reply.json as { data: Record<string, Record<string, unknown>>; errors?: unknown };
    expect(JSON.stringify(body.errors)).toBeUndefined();
    return Object.values(body.data)[0]!;
  }

  /** The one raw aspect the page answers of ownership and globalTags: its name and the URNs its payload names. */
  const rawAspect = (entity: Record<string, unknown>) => {
    const named = entity.named as { aspectName: string; payload: string }[];
    expect(named).toHaveLength(1);
    const payload = JSON.parse(named[0]!.payload) as { owners?: { owner: string }[]; tags?: { tag: string }[] };
    return [named[0]!.aspectName, payload.owners?.map((o) => o.owner) ?? payload.tags?.map((t) => t.tag)];
  };

  it.each([
    ['domain', () => DOMAIN],
    ['dataProduct', () => PRODUCT],
    ['application', () => APP],
    ['glossaryNode', () => ROOT],
    ['glossaryTerm', () => TERM],
    ['corpUser', () => ANA],
    ['corpGroup', () => GROUP],
    ['tag', () => TAG],
    ['mlFeature', () => FEATURE],
    ['mlFeatureTable', () => FEATURE_TABLE],
    ['mlModel', () => MODEL],
    ['mlModelGroup', () => MODEL_GROUP],
    ['mlPrimaryKey', () => PRIMARY_KEY],
  ])('the %s page answers its stored aspects as JSON text', async (page, urn) => {
    const entity = await read(page, { urn: urn() });
    expect(entity.urn).toBe(urn());
    expect(rawAspect(entity)).toEqual(page === 'corpUser' ? ['globalTags', [TAG]] : ['ownership', [ANA]]);
  });

  it.each([
    ['domain', () => DOMAIN],
    ['dataProduct', () => PRODUCT],
    ['application', () => APP],
    ['corpUser', () => ANA],
    ['corpGroup', () => GROUP],
    ['mlFeature', () => FEATURE],
    ['mlFeatureTable', () => FEATURE_TABLE],
    ['mlModel', () => MODEL],
    ['mlModelGroup', () => MODEL_GROUP],
    ['mlPrimaryKey', () => PRIMARY_KEY],
  ])("the %s page answers the caller's common privileges", async (page, urn) => {
    const common = { canManageEntity: null, canManageChildren: null, canEditEmbed: null };
    expect((await read(page, { urn: urn() })).privileges).toEqual({
      ...common,
      canEditTags: true,
      canEditDescription: true,
      canEditOwners: true,
    });
    expect((await read(page, { urn: urn() }, READER)).privileges).toEqual({
      ...common,
      canEditTags: false,
      canEditDescription: false,
      canEditOwners: false,
    });
  });

  it('a glossary entity says whether the caller may manage it and its children', async () => {
    expect(((await read('glossaryNode', { urn: ROOT })).privileges as Record<string, unknown>).canManageChildren).toBe(
      true,
    );
    const asAdmin = (await read('glossaryTerm', { urn: TERM })).privileges as Record<string, unknown>;
    expect([asAdmin.canManageEntity, asAdmin.canManageChildren]).toEqual([true, null]);
    const node = (await read('glossaryNode', { urn: ROOT }, READER)).privileges as Record<string, unknown>;
    expect([node.canEditTags, node.canManageEntity, node.canManageChildren]).toEqual([false, false, false]);
  });

  it('a domain answers its creation, settings, forms and the counts of its assets and sub-domains', async () => {
    const domain = await read('domain', { urn: DOMAIN });
    expect(domain.properties).toEqual({ name: 'Sales', createdOn: { time: 1_700_000_000_000, actor: { urn: ANA } } });
    expect(domain.settings).toEqual({
      assetSummary: { templates: [{ template: { urn: TEMPLATE, type: 'DATAHUB_PAGE_TEMPLATE' } }] },
    });
    expect(domain.forms).toEqual({
      incompleteForms: [{ associatedUrn: DOMAIN, form: { urn: FORM } }],
      completedForms: [],
    });
    expect([domain.entities, domain.dataProducts, domain.applications, domain.children]).toEqual([
      { total: 3 },
      { total: 1 },
      { total: 1 },
      { total: 1 },
    ]);
    // A template that is not stored answers null, as upstream's loader does.
    await ingest(server, PRODUCT, 'assetSettings', { assetSummary: { templates: [{ template: `${TEMPLATE}-gone` }] } });
    expect((await read('dataProduct', { urn: PRODUCT })).settings).toEqual({
      assetSummary: { templates: [{ template: null }] },
    });
    // Without domainProperties' created stamp the key aspect's creation answers; without the aspects, null.
    const child = await read('domain', { urn: CHILD_DOMAIN });
    expect((child.properties as { createdOn: { time: number } }).createdOn.time).toBeGreaterThan(0);
    expect([child.settings, child.forms]).toEqual([null, null]);
    expect((await read('application', { urn: APP })).forms).toBeNull();
  });

  it('getRootGlossaryNodes lists the nodes in no other node, with their children counts', async () => {
    const reply = await graphql(server, { query: ROOT_NODES, token: ADMIN });
    expect(reply.json).toEqual({
      data: {
        getRootGlossaryNodes: {
          count: 1,
          start: 0,
          total: 1,
          nodes: [{ urn: ROOT, properties: { name: 'Sales' }, childrenCount: { termsCount: 1, nodesCount: 1 } }],
        },
      },
      extensions: {},
    });
  });

  it("a node's children search finds the terms and nodes directly in it, narrowed by type", async () => {
    const node = await read('glossaryNode', { urn: ROOT });
    const children = node.children as { count: number; total: number; searchResults: { entity: { urn: string } }[] };
    expect(children.total).toBe(2);
    expect(children.searchResults.map((result) => result.entity.urn).sort()).toEqual([INNER, TERM].sort());
    expect(node.terms).toEqual({ total: 1 });
    expect((await read('glossaryNode', { urn: INNER })).children).toEqual({ count: 0, total: 0, searchResults: [] });
  });

  it('a term answers its related terms, parent nodes and the schema it lacks', async () => {
    const term = await read('glossaryTerm', { urn: TERM });
    expect(term.isRelatedTerms).toEqual({ total: 1, relationships: [{ entity: { urn: OTHER_TERM } }] });
    expect(term.parentNodes).toEqual({ count: 1, nodes: [{ urn: ROOT }] });
    expect([term.schemaMetadata, term.settings, term.forms]).toEqual([null, null, null]);
  });

  it("a user's globalTags are its tags; a group's origin is its aspect's, UNKNOWN without one", async () => {
    const user = await read('corpUser', { urn: ANA });
    expect(user.globalTags).toEqual({ tags: [{ tag: { urn: TAG } }] });
    expect(user.tags).toEqual(user.globalTags);
    expect((await read('corpGroup', { urn: GROUP })).origin).toEqual({ type: 'EXTERNAL', externalType: 'Okta' });
    expect((await read('corpGroup', { urn: PLAIN_GROUP })).origin).toEqual({ type: 'UNKNOWN', externalType: null });
  });

  it('listBusinessAttributes searches the attributes, a page of the size asked for', async () => {
    const list = async (variables: Record<string, unknown>) =>
      (await read(BUSINESS_ATTRIBUTES, variables)) as {
        start: number;
        count: number;
        total: number;
        businessAttributes: { urn: string; properties: { name: string; type: string } }[];
      };
    const all = await list({ start: 0, count: 10, query: '*' });
    expect([all.start, all.count, all.total]).toEqual([0, 10, 2]);
    expect(all.businessAttributes.map((attribute) => attribute.urn).sort()).toEqual(
      [ATTRIBUTE, OTHER_ATTRIBUTE].sort(),
    );
    expect(all.businessAttributes.map((attribute) => attribute.properties.type)).toEqual(['NUMBER', 'NUMBER']);
    const region = await list({ start: 0, count: 10, query: 'region' });
    expect(region.businessAttributes).toEqual([
      { urn: OTHER_ATTRIBUTE, properties: { name: 'Region', type: 'NUMBER' } },
    ]);
    const second = await list({ start: 1, count: 1 });
    expect([second.start, second.count, second.total, second.businessAttributes.length]).toEqual([1, 1, 2, 1]);
    const bad = await graphql(server, { query: BUSINESS_ATTRIBUTES, variables: { start: -1, count: 1 }, token: ADMIN });
    expect(JSON.stringify(bad.json)).toContain('input.start');
  });
});
