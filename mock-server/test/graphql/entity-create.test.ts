/**
 * Creating, moving and deleting catalog entities through POST /api/graphql, in the shapes DataHub's web app
 * sends them (its domain, dataProduct, application, glossaryTerm, glossary, structuredProperties, businessAttribute and
 * template documents at v1.3.0.1), each
 * round trip read back through the app's own queries and search: create → read → move or update → delete →
 * gone, and the references to a deleted entity removed. The behaviour is upstream's resolvers' at v1.3.0.1
 * (datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/domain/CreateDomainResolver.java,
 * DeleteDomainResolver.java, mutate/MoveDomainResolver.java, dataproduct/CreateDataProductResolver.java,
 * UpdateDataProductResolver.java, DeleteDataProductResolver.java, application/CreateApplicationResolver.java,
 * DeleteApplicationResolver.java, glossary/CreateGlossaryTermResolver.java, CreateGlossaryNodeResolver.java,
 * AddRelatedTermsResolver.java, RemoveRelatedTermsResolver.java, DeleteGlossaryEntityResolver.java,
 * mutate/UpdateParentNodeResolver.java, structuredproperties/Create-, Update- and DeleteStructuredPropertyResolver.java,
 * businessattribute/Create-, Update- and DeleteBusinessAttributeResolver.java, template/ and module/ Upsert- and
 * Delete- resolvers; metadata-service/services/.../entity/DeleteEntityService.java, PageTemplateService.java,
 * PageModuleService.java).
 * Bad input is refused with upstream's words, as BAD_REQUEST where upstream answers a server error or accepts what
 * breaks the catalog (upstream-differences: graphql-lifecycle-refusals), and nothing is written.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, call, digest, graphql, ingest, startServer } from '../graphql-harness.js';

type Json = {
  data: Record<string, any> | null;
  errors?: { message: string; extensions: { type: string } }[];
};

const CREATE_DOMAIN = 'mutation createDomain($input: CreateDomainInput!) { createDomain(input: $input) }';
const MOVE_DOMAIN = 'mutation moveDomain($input: MoveDomainInput!) { moveDomain(input: $input) }';
const DELETE_DOMAIN = 'mutation deleteDomain($urn: String!) { deleteDomain(urn: $urn) }';
const CREATE_PRODUCT = `mutation createDataProduct($input: CreateDataProductInput!) {
  createDataProduct(input: $input) { urn type properties { name description } domain { domain { urn } } }
}`;
const UPDATE_PRODUCT = `mutation updateDataProduct($urn: String!, $input: UpdateDataProductInput!) {
  updateDataProduct(urn: $urn, input: $input) { urn properties { name description } }
}`;
const DELETE_PRODUCT = 'mutation deleteDataProduct($urn: String!) { deleteDataProduct(urn: $urn) }';
const CREATE_APPLICATION = `mutation createApplication($input: CreateApplicationInput!) {
  createApplication(input: $input) { urn type properties { name description } domain { domain { urn } } }
}`;
const DELETE_APPLICATION = 'mutation deleteApplication($urn: String!) { deleteApplication(urn: $urn) }';
const CREATE_TERM =
  'mutation createGlossaryTerm($input: CreateGlossaryEntityInput!) { createGlossaryTerm(input: $input) }';
const CREATE_NODE =
  'mutation createGlossaryNode($input: CreateGlossaryEntityInput!) { createGlossaryNode(input: $input) }';
const ADD_RELATED = 'mutation addRelatedTerms($input: RelatedTermsInput!) { addRelatedTerms(input: $input) }';
const REMOVE_RELATED = 'mutation removeRelatedTerms($input: RelatedTermsInput!) { removeRelatedTerms(input: $input) }';
const UPDATE_PARENT = 'mutation updateParentNode($input: UpdateParentNodeInput!) { updateParentNode(input: $input) }';
const DELETE_GLOSSARY = 'mutation deleteGlossaryEntity($urn: String!) { deleteGlossaryEntity(urn: $urn) }';

const PROPERTY_FIELDS = `urn type
  definition {
    qualifiedName displayName description cardinality immutable
    valueType { urn } entityTypes { urn }
    allowedValues { value { ... on StringValue { stringValue } ... on NumberValue { numberValue } } description }
  }
  settings { isHidden showInSearchFilters showInAssetSummary showAsAssetBadge showInColumnsTable }`;
const CREATE_PROPERTY = `mutation createStructuredProperty($input: CreateStructuredPropertyInput!) {
  createStructuredProperty(input: $input) { ${PROPERTY_FIELDS} }
}`;
const UPDATE_PROPERTY = `mutation updateStructuredProperty($input: UpdateStructuredPropertyInput!) {
  updateStructuredProperty(input: $input) { ${PROPERTY_FIELDS} }
}`;
const DELETE_PROPERTY =
  'mutation deleteStructuredProperty($input: DeleteStructuredPropertyInput!) { deleteStructuredProperty(input: $input) }';
const ATTRIBUTE_FIELDS =
  'urn properties { name description type } ownership { owners { owner { ... on CorpUser { urn } } } }';
const CREATE_ATTRIBUTE = `mutation createBusinessAttribute($input: CreateBusinessAttributeInput!) {
  createBusinessAttribute(input: $input) { ${ATTRIBUTE_FIELDS} }
}`;
const UPDATE_ATTRIBUTE = `mutation updateBusinessAttribute($urn: String!, $input: UpdateBusinessAttributeInput!) {
  updateBusinessAttribute(urn: $urn, input: $input) { ${ATTRIBUTE_FIELDS} }
}`;
const DELETE_ATTRIBUTE = 'mutation deleteBusinessAttribute($urn: String!) { deleteBusinessAttribute(urn: $urn) }';

const MODULE_FIELDS =
  'urn properties { name type visibility { scope } params { richTextParams { content } linkParams { linkUrl } } }';
const UPSERT_MODULE = `mutation upsertPageModule($input: UpsertPageModuleInput!) { upsertPageModule(input: $input) { ${MODULE_FIELDS} } }`;
const UPSERT_TEMPLATE = `mutation upsertPageTemplate($input: UpsertPageTemplateInput!) {
  upsertPageTemplate(input: $input) {
    urn
    properties { rows { modules { urn } } surface { surfaceType } visibility { scope } assetSummary { summaryElements { elementType } } }
  }
}`;
const DELETE_MODULE = 'mutation deletePageModule($input: DeletePageModuleInput!) { deletePageModule(input: $input) }';
const DELETE_TEMPLATE =
  'mutation deletePageTemplate($input: DeletePageTemplateInput!) { deletePageTemplate(input: $input) }';
const TEMPLATE_ROWS =
  'query t($urn: String!) { entity(urn: $urn) { urn ... on DataHubPageTemplate { properties { rows { modules { urn } } } } } }';

const CREATE_RELATIONSHIP = `mutation createERModelRelationship($input: ERModelRelationshipUpdateInput!) {
  createERModelRelationship(input: $input) { urn }
}`;
const UPDATE_RELATIONSHIP = `mutation updateERModelRelationship($urn: String!, $input: ERModelRelationshipUpdateInput!) {
  updateERModelRelationship(urn: $urn, input: $input)
}`;
const RELATIONSHIP_PAGE = `query getERModelRelationship($urn: String!) {
  erModelRelationship(urn: $urn) {
    urn
    properties {
      name cardinality createdTime
      source { urn } destination { urn }
      relationshipFieldMappings { sourceField destinationField }
    }
    editableProperties { name description }
  }
}`;

const QUERY_FIELDS = `urn type
  properties { name description source statement { value language } createdOn { actor { urn } } }
  subjects { dataset { urn } }`;
const CREATE_QUERY = `mutation createQuery($input: CreateQueryInput!) { createQuery(input: $input) { ${QUERY_FIELDS} } }`;
const UPDATE_QUERY = `mutation updateQuery($urn: String!, $input: UpdateQueryInput!) { updateQuery(urn: $urn, input: $input) { ${QUERY_FIELDS} } }`;
const DELETE_QUERY = 'mutation deleteQuery($urn: String!) { deleteQuery(urn: $urn) }';

const UPSERT_CONNECTION = `mutation upsertConnection($input: UpsertDataHubConnectionInput!) {
  upsertConnection(input: $input) { urn details { type name json { blob } } platform { urn } }
}`;

const DOMAIN_PAGE = `query getDomain($urn: String!) {
  domain(urn: $urn) {
    urn
    properties { name description }
    parentDomains { count domains { urn } }
    ownership { owners { owner { ... on CorpUser { urn } } } }
  }
}`;
const LIST_DOMAINS = `query listDomains($input: ListDomainsInput!) {
  listDomains(input: $input) { total domains { urn } }
}`;
const SEARCH = `query getSearchResultsForMultiple($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) { total searchResults { entity { urn } } }
}`;
const TERM_PAGE = `query getGlossaryTerm($urn: String!) {
  glossaryTerm(urn: $urn) {
    urn
    properties { name definition termSource }
    parentNodes { count nodes { urn } }
    isA: relationships(input: { types: ["IsA"], direction: OUTGOING, start: 0, count: 10 }) {
      total relationships { entity { urn } }
    }
  }
}`;
const NODE_PAGE = `query getGlossaryNode($urn: String!) {
  glossaryNode(urn: $urn) { urn properties { name description } parentNodes { count nodes { urn } } }
}`;
const ENTITY_EXISTS =
  'query getEntity($urn: String!) { entity(urn: $urn) { urn ... on Dataset { domain { domain { urn } } } } }';

describe.each(['svc', 'li'] as const)('creating, moving and deleting entities, urn:%s:', (namespace) => {
  const urn = (rest: string) => `urn:${namespace}:${rest}`;
  const DATASET = urn('dataset:(urn:' + namespace + ':dataPlatform:hive,sales.orders,PROD)');
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace, profile: 'upstream', indexLagMs: 0 });
    await ingest(server, DATASET, 'datasetProperties', { name: 'orders' }, ADMIN);
  });
  afterAll(() => server.close());

  const run = async (query: string, variables: Record<string, unknown>, token = ADMIN): Promise<Json> => {
    const reply = await graphql(server, { query, variables, token });
    expect(reply.status).toBe(200);
    return reply.json as Json;
  };
  const ok = async (query: string, variables: Record<string, unknown>) => {
    const json = await run(query, variables);
    expect(json.errors).toBeUndefined();
    return json.data ?? {};
  };
  const found = async (query: string, types: string[]) => {
    const data = await ok(SEARCH, { input: { types, query, start: 0, count: 10 } });
    return (data.searchAcrossEntities.searchResults as { entity: { urn: string } }[]).map((r) => r.entity.urn);
  };

  it('creates a domain tree, moves a domain, deletes it and its assets lose it', async () => {
    const finance = (await ok(CREATE_DOMAIN, { input: { id: 'finance', name: 'Finance', description: 'Money' } }))
      .createDomain;
    expect(finance).toBe(urn('domain:finance'));
    const generated = (await ok(CREATE_DOMAIN, { input: { name: 'Payroll', parentDomain: finance } })).createDomain;
    expect(generated).toMatch(new RegExp(`^urn:${namespace}:domain:[0-9a-f-]{36}$`));
    const page = (await ok(DOMAIN_PAGE, { urn: generated })).domain;
    expect(page.properties).toEqual({ name: 'Payroll', description: null });
    expect(page.parentDomains.domains).toEqual([{ urn: finance }]);
    expect(page.ownership.owners).toEqual([{ owner: { urn: urn('corpuser:datahub') } }]);
    expect((await ok(LIST_DOMAINS, { input: { start: 0, count: 10, parentDomain: finance } })).listDomains.total).toBe(
      1,
    );
    expect(await found('Payroll', ['DOMAIN'])).toEqual([generated]);

    expect((await ok(MOVE_DOMAIN, { input: { resourceUrn: generated } })).moveDomain).toBe(true);
    expect((await ok(DOMAIN_PAGE, { urn: generated })).domain.parentDomains.count).toBe(0);
    expect((await ok(LIST_DOMAINS, { input: { start: 0, count: 10 } })).listDomains.domains).toHaveLength(2);

    await ingest(server, DATASET, 'domains', { domains: [generated] }, ADMIN);
    expect((await ok(DELETE_DOMAIN, { urn: generated })).deleteDomain).toBe(true);
    expect((await ok(DOMAIN_PAGE, { urn: generated })).domain.properties).toBeNull();
    expect(await found('Payroll', ['DOMAIN'])).toEqual([]);
    expect((await ok(ENTITY_EXISTS, { urn: DATASET })).entity.domain).toBeNull();
  });

  it('creates, updates and deletes a data product and an application', async () => {
    const sales = (await ok(CREATE_DOMAIN, { input: { id: 'sales', name: 'Sales' } })).createDomain;
    const product = (
      await ok(CREATE_PRODUCT, {
        input: { id: '', domainUrn: sales, properties: { name: 'Orders', description: 'All orders' } },
      })
    ).createDataProduct;
    expect(product).toMatchObject({
      type: 'DATA_PRODUCT',
      properties: { name: 'Orders', description: 'All orders' },
      domain: { domain: { urn: sales } },
    });
    expect(product.urn).toMatch(new RegExp(`^urn:${namespace}:dataProduct:[0-9a-f-]{36}$`));
    const updated = (await ok(UPDATE_PRODUCT, { urn: product.urn, input: { name: 'Order book' } })).updateDataProduct;
    expect(updated.properties).toEqual({ name: 'Order book', description: 'All orders' });
    expect(await found('book', ['DATA_PRODUCT'])).toEqual([product.urn]);
    expect((await ok(DELETE_PRODUCT, { urn: product.urn })).deleteDataProduct).toBe(true);
    expect(await found('book', ['DATA_PRODUCT'])).toEqual([]);

    const application = (
      await ok(CREATE_APPLICATION, { input: { id: 'billing', domainUrn: sales, properties: { name: 'Billing' } } })
    ).createApplication;
    expect(application).toEqual({
      urn: urn('application:billing'),
      type: 'APPLICATION',
      properties: { name: 'Billing', description: null },
      domain: { domain: { urn: sales } },
    });
    await ingest(server, DATASET, 'applications', { applications: [application.urn] }, ADMIN);
    expect((await ok(DELETE_APPLICATION, { urn: application.urn })).deleteApplication).toBe(true);
    expect(await found('Billing', ['APPLICATION'])).toEqual([]);
    const reply = await graphql(server, {
      query: '{ dataset(urn: "' + DATASET + '") { application { application { urn } } } }',
      token: ADMIN,
    });
    expect((reply.json as Json).data?.dataset.application).toBeNull();
  });

  it('builds a glossary: nodes and terms, related terms, a move, and deletes that clear references', async () => {
    const node = (await ok(CREATE_NODE, { input: { id: 'finance-terms', name: 'Finance terms' } })).createGlossaryNode;
    const inner = (await ok(CREATE_NODE, { input: { id: 'tax', name: 'Tax', parentNode: node } })).createGlossaryNode;
    const revenue = (await ok(CREATE_TERM, { input: { id: 'revenue', name: 'Revenue', parentNode: node } }))
      .createGlossaryTerm;
    const income = (await ok(CREATE_TERM, { input: { name: 'Income', description: 'Money in', parentNode: node } }))
      .createGlossaryTerm;
    expect(revenue).toBe(urn('glossaryTerm:revenue'));
    expect((await ok(TERM_PAGE, { urn: income })).glossaryTerm).toMatchObject({
      properties: { name: 'Income', definition: 'Money in', termSource: 'INTERNAL' },
      parentNodes: { count: 1, nodes: [{ urn: node }] },
    });
    expect((await ok(NODE_PAGE, { urn: inner })).glossaryNode.properties).toEqual({ name: 'Tax', description: '' });

    expect(
      (await ok(ADD_RELATED, { input: { urn: income, termUrns: [revenue], relationshipType: 'isA' } })).addRelatedTerms,
    ).toBe(true);
    expect((await ok(TERM_PAGE, { urn: income })).glossaryTerm.isA.relationships).toEqual([
      { entity: { urn: revenue } },
    ]);
    expect(
      (await ok(REMOVE_RELATED, { input: { urn: income, termUrns: [revenue], relationshipType: 'isA' } }))
        .removeRelatedTerms,
    ).toBe(true);
    expect((await ok(TERM_PAGE, { urn: income })).glossaryTerm.isA.total).toBe(0);
    await ok(ADD_RELATED, { input: { urn: income, termUrns: [revenue], relationshipType: 'isA' } });

    expect((await ok(UPDATE_PARENT, { input: { resourceUrn: revenue, parentNode: inner } })).updateParentNode).toBe(
      true,
    );
    expect((await ok(TERM_PAGE, { urn: revenue })).glossaryTerm.parentNodes.nodes).toEqual([
      { urn: inner },
      { urn: node },
    ]);

    await ingest(
      server,
      DATASET,
      'glossaryTerms',
      { terms: [{ urn: revenue }], auditStamp: { time: 1, actor: urn('corpuser:ann') } },
      ADMIN,
    );
    expect((await ok(DELETE_GLOSSARY, { urn: revenue })).deleteGlossaryEntity).toBe(true);
    expect((await ok(TERM_PAGE, { urn: revenue })).glossaryTerm.properties).toBeNull();
    expect(await found('Revenue', ['GLOSSARY_TERM'])).toEqual([]);
    expect((await ok(TERM_PAGE, { urn: income })).glossaryTerm.isA.total).toBe(0);
    const terms = await graphql(server, {
      query: `{ dataset(urn: "${DATASET}") { glossaryTerms { terms { term { urn } } } } }`,
      token: ADMIN,
    });
    expect((terms.json as Json).data?.dataset.glossaryTerms.terms).toEqual([]);

    expect((await ok(DELETE_GLOSSARY, { urn: node })).deleteGlossaryEntity).toBe(true);
    expect((await ok(NODE_PAGE, { urn: inner })).glossaryNode.parentNodes.count).toBe(0);
    expect((await ok(TERM_PAGE, { urn: income })).glossaryTerm.parentNodes.count).toBe(0);
  });

  it('creates, extends and deletes a structured property', async () => {
    const created = (
      await ok(CREATE_PROPERTY, {
        input: {
          qualifiedName: 'io.acme.retention',
          displayName: 'Retention',
          valueType: urn('dataType:datahub.string'),
          entityTypes: [urn('entityType:datahub.dataset')],
          allowedValues: [{ stringValue: '30d', description: 'A month' }],
          settings: { showInSearchFilters: true },
        },
      })
    ).createStructuredProperty;
    expect(created).toEqual({
      urn: urn('structuredProperty:io.acme.retention'),
      type: 'STRUCTURED_PROPERTY',
      definition: {
        qualifiedName: 'io.acme.retention',
        displayName: 'Retention',
        description: null,
        cardinality: 'SINGLE',
        immutable: false,
        valueType: { urn: urn('dataType:datahub.string') },
        entityTypes: [{ urn: urn('entityType:datahub.dataset') }],
        allowedValues: [{ value: { stringValue: '30d' }, description: 'A month' }],
      },
      settings: {
        isHidden: false,
        showInSearchFilters: true,
        showInAssetSummary: false,
        showAsAssetBadge: false,
        showInColumnsTable: false,
      },
    });
    const updated = (
      await ok(UPDATE_PROPERTY, {
        input: {
          urn: created.urn,
          description: 'How long data stays',
          newAllowedValues: [{ stringValue: '1y' }, { stringValue: '30d', description: 'A month' }],
          setCardinalityAsMultiple: true,
          newEntityTypes: [urn('entityType:datahub.chart')],
          settings: { showAsAssetBadge: true },
        },
      })
    ).updateStructuredProperty;
    expect(updated.definition).toMatchObject({
      description: 'How long data stays',
      cardinality: 'MULTIPLE',
      entityTypes: [{ urn: urn('entityType:datahub.dataset') }, { urn: urn('entityType:datahub.chart') }],
      allowedValues: [
        { value: { stringValue: '30d' }, description: 'A month' },
        { value: { stringValue: '1y' }, description: null },
      ],
    });
    expect(updated.settings).toMatchObject({ showInSearchFilters: true, showAsAssetBadge: true });
    expect((await ok(DELETE_PROPERTY, { input: { urn: created.urn } })).deleteStructuredProperty).toBe(true);
    expect(await found('retention', ['STRUCTURED_PROPERTY'])).toEqual([]);
  });

  it('creates, renames and deletes a business attribute', async () => {
    const created = (
      await ok(CREATE_ATTRIBUTE, { input: { id: 'email', name: 'Email', description: 'An address', type: 'STRING' } })
    ).createBusinessAttribute;
    expect(created).toEqual({
      urn: urn('businessAttribute:email'),
      properties: { name: 'Email', description: 'An address', type: 'STRING' },
      ownership: { owners: [{ owner: { urn: urn('corpuser:datahub') } }] },
    });
    const updated = (await ok(UPDATE_ATTRIBUTE, { urn: created.urn, input: { name: 'Email address', type: 'STRUCT' } }))
      .updateBusinessAttribute;
    expect(updated.properties).toEqual({ name: 'Email address', description: 'An address', type: null });
    expect((await ok(DELETE_ATTRIBUTE, { urn: created.urn })).deleteBusinessAttribute).toBe(true);
    const gone = await ok('query b($urn: String!) { businessAttribute(urn: $urn) { properties { name } } }', {
      urn: created.urn,
    });
    expect(gone.businessAttribute?.properties ?? null).toBeNull();
  });

  it('upserts page modules and a template, then deletes them', async () => {
    const note = (
      await ok(UPSERT_MODULE, {
        input: {
          name: 'Welcome',
          type: 'RICH_TEXT',
          scope: 'GLOBAL',
          params: { richTextParams: { content: 'Hello' } },
        },
      })
    ).upsertPageModule;
    expect(note.urn).toMatch(new RegExp(`^urn:${namespace}:dataHubPageModule:[0-9a-f-]{36}$`));
    expect(note.properties).toEqual({
      name: 'Welcome',
      type: 'RICH_TEXT',
      visibility: { scope: 'GLOBAL' },
      params: { richTextParams: { content: 'Hello' }, linkParams: null },
    });
    const link = urn('dataHubPageModule:wiki');
    const renamed = (
      await ok(UPSERT_MODULE, {
        input: {
          urn: link,
          name: 'Wiki',
          type: 'LINK',
          scope: 'PERSONAL',
          params: { linkParams: { linkUrl: 'https://wiki' } },
        },
      })
    ).upsertPageModule;
    expect(renamed.properties.params.linkParams).toEqual({ linkUrl: 'https://wiki' });
    const template = (
      await ok(UPSERT_TEMPLATE, {
        input: {
          rows: [{ modules: [note.urn, link] }],
          scope: 'PERSONAL',
          surfaceType: 'HOME_PAGE',
          assetSummary: { summaryElements: [{ elementType: 'OWNERS' }] },
        },
      })
    ).upsertPageTemplate;
    expect(template.properties).toEqual({
      rows: [{ modules: [{ urn: note.urn }, { urn: link }] }],
      surface: { surfaceType: 'HOME_PAGE' },
      visibility: { scope: 'PERSONAL' },
      assetSummary: { summaryElements: [{ elementType: 'OWNERS' }] },
    });
    expect((await ok(DELETE_MODULE, { input: { urn: link } })).deletePageModule).toBe(true);
    expect((await ok(TEMPLATE_ROWS, { urn: template.urn })).entity.properties.rows).toEqual([
      { modules: [{ urn: note.urn }] },
    ]);
    expect((await ok(DELETE_TEMPLATE, { input: { urn: template.urn } })).deletePageTemplate).toBe(true);
    expect((await ok(TEMPLATE_ROWS, { urn: template.urn })).entity).toBeNull();
  });

  it('creates a relationship between two datasets, its URN from its name and the datasets, and updates it', async () => {
    const OTHER = urn(`dataset:(urn:${namespace}:dataPlatform:hive,sales.customers,PROD)`);
    const properties = {
      name: 'orders_to_customers',
      source: DATASET,
      destination: OTHER,
      relationshipFieldmappings: [
        { sourceField: 'customer_id', destinationField: 'id' },
        { sourceField: 'buyer_id', destinationField: 'id' },
      ],
      created: true,
    };
    const created = (await ok(CREATE_RELATIONSHIP, { input: { properties } })).createERModelRelationship;
    const [low, high] = [DATASET, OTHER].sort();
    const id = createHash('md5')
      .update(`{"Destination":"${low}","ERModelRelationName":"orders_to_customers","Source":"${high}"}`)
      .digest('hex');
    expect(created.urn).toBe(urn(`erModelRelationship:${id}`));
    const swapped = { ...properties, source: OTHER, destination: DATASET };
    expect((await ok(CREATE_RELATIONSHIP, { input: { properties: swapped } })).createERModelRelationship.urn).toBe(
      created.urn,
    );
    await ok(CREATE_RELATIONSHIP, { input: { properties } });
    const page = (await ok(RELATIONSHIP_PAGE, { urn: created.urn })).erModelRelationship;
    expect(page.properties).toMatchObject({
      name: 'orders_to_customers',
      cardinality: 'N_ONE',
      source: { urn: DATASET },
      destination: { urn: OTHER },
      relationshipFieldMappings: properties.relationshipFieldmappings,
    });
    expect(page.properties.createdTime).toBeGreaterThan(0);
    const edit = { editableProperties: { name: 'Orders to customers', description: 'Who bought' } };
    expect((await ok(UPDATE_RELATIONSHIP, { urn: created.urn, input: edit })).updateERModelRelationship).toBe(true);
    expect((await ok(RELATIONSHIP_PAGE, { urn: created.urn })).erModelRelationship.editableProperties).toEqual({
      name: 'Orders to customers',
      description: 'Who bought',
    });
  });

  it('creates, updates and deletes a saved query of a dataset', async () => {
    const created = (
      await ok(CREATE_QUERY, {
        input: {
          properties: { name: 'Big orders', statement: { value: 'SELECT * FROM orders', language: 'SQL' } },
          subjects: [{ datasetUrn: DATASET }],
        },
      })
    ).createQuery;
    expect(created.urn).toMatch(new RegExp(`^urn:${namespace}:query:[0-9a-f-]{36}$`));
    expect(created).toMatchObject({
      type: 'QUERY',
      properties: {
        name: 'Big orders',
        description: null,
        source: 'MANUAL',
        statement: { value: 'SELECT * FROM orders', language: 'SQL' },
        createdOn: { actor: { urn: urn('corpuser:datahub') } },
      },
      subjects: [{ dataset: { urn: DATASET } }],
    });
    const updated = (
      await ok(UPDATE_QUERY, {
        urn: created.urn,
        input: { properties: { description: 'Over 100', statement: { value: 'SELECT 1', language: 'SQL' } } },
      })
    ).updateQuery;
    expect(updated.properties).toMatchObject({
      name: 'Big orders',
      description: 'Over 100',
      statement: { value: 'SELECT 1' },
    });
    expect((await ok(DELETE_QUERY, { urn: created.urn })).deleteQuery).toBe(true);
    expect((await ok(ENTITY_EXISTS, { urn: created.urn })).entity).toBeNull();
  });

  it('creates and replaces a connection to a platform', async () => {
    const input = {
      id: 'snowflake-main',
      type: 'JSON',
      platformUrn: urn('dataPlatform:snowflake'),
      json: { blob: '{"account":"acme"}' },
    };
    // The contents are shown only to a caller who may manage connections, a privilege no default policy grants
    // (ConnectionMapper, ConnectionUtils.canManageConnections): the admin token sees the rest of the connection.
    expect((await ok(UPSERT_CONNECTION, { input })).upsertConnection).toEqual({
      urn: urn('dataHubConnection:snowflake-main'),
      details: { type: 'JSON', name: 'snowflake-main', json: null },
      platform: { urn: urn('dataPlatform:snowflake') },
    });
    // Stored encrypted, as upstream's SecretService stores it, never in clear.
    const stored = await call(
      server,
      'GET',
      `/aspects/${encodeURIComponent(urn('dataHubConnection:snowflake-main'))}?aspect=dataHubConnectionDetails&version=0`,
      { token: ADMIN },
    );
    expect(stored.status).toBe(200);
    expect(JSON.stringify(stored.json)).toContain('encryptedBlob');
    expect(JSON.stringify(stored.json)).not.toContain('acme');
    const replaced = (await ok(UPSERT_CONNECTION, { input: { ...input, name: 'Main', json: { blob: '{}' } } }))
      .upsertConnection;
    expect(replaced.details).toEqual({ type: 'JSON', name: 'Main', json: null });
  });

  const domain = urn('domain:errors');
  const term = urn('glossaryTerm:errors');
  const cases: {
    name: string;
    query: string;
    variables: Record<string, unknown>;
    type: string;
    message: string;
    token?: string;
  }[] = [
    {
      name: 'a taken domain id',
      query: CREATE_DOMAIN,
      variables: { input: { id: 'errors', name: 'Again' } },
      type: 'BAD_REQUEST',
      message: 'This Domain already exists!',
    },
    {
      name: 'a missing parent domain',
      query: CREATE_DOMAIN,
      variables: { input: { name: 'Orphan', parentDomain: urn('domain:nowhere') } },
      type: 'BAD_REQUEST',
      message: 'Parent Domain does not exist!',
    },
    {
      name: 'a sibling domain of the same name',
      query: CREATE_DOMAIN,
      variables: { input: { name: 'Errors' } },
      type: 'CONFLICT',
      message: '"Errors" already exists in this domain. Please pick a unique name.',
    },
    {
      name: 'a malformed parent domain',
      query: CREATE_DOMAIN,
      variables: { input: { name: 'X', parentDomain: 'not-a-urn' } },
      type: 'BAD_REQUEST',
      message: 'not-a-urn',
    },
    {
      name: 'a reader creating a domain',
      query: CREATE_DOMAIN,
      variables: { input: { name: 'Nope' } },
      type: 'UNAUTHORIZED',
      message: 'Unauthorized',
      token: READER,
    },
    {
      name: 'moving what is not a domain',
      query: MOVE_DOMAIN,
      variables: { input: { resourceUrn: term } },
      type: 'BAD_REQUEST',
      message: 'Resource is not a domain.',
    },
    {
      name: 'moving under a missing domain',
      query: MOVE_DOMAIN,
      variables: { input: { resourceUrn: domain, parentDomain: urn('domain:nowhere') } },
      type: 'BAD_REQUEST',
      message: 'Parent entity does not exist.',
    },
    {
      name: 'moving a domain under itself',
      query: MOVE_DOMAIN,
      variables: { input: { resourceUrn: domain, parentDomain: domain } },
      type: 'BAD_REQUEST',
      message: 'input.parentDomain',
    },
    {
      name: 'deleting a domain with children',
      query: DELETE_DOMAIN,
      variables: { urn: domain },
      type: 'BAD_REQUEST',
      message: 'which has child domains',
    },
    {
      name: 'deleting what is not a domain',
      query: DELETE_DOMAIN,
      variables: { urn: term },
      type: 'BAD_REQUEST',
      message: 'is not an existing domain',
    },
    {
      name: 'a data product in a missing domain',
      query: CREATE_PRODUCT,
      variables: { input: { domainUrn: urn('domain:nowhere'), properties: { name: 'P' } } },
      type: 'BAD_REQUEST',
      message: 'The Domain provided dos not exist',
    },
    {
      name: 'updating a missing data product',
      query: UPDATE_PRODUCT,
      variables: { urn: urn('dataProduct:nowhere'), input: { name: 'P' } },
      type: 'BAD_REQUEST',
      message: 'The Data Product provided dos not exist',
    },
    {
      name: 'deleting a missing application',
      query: DELETE_APPLICATION,
      variables: { urn: urn('application:nowhere') },
      type: 'BAD_REQUEST',
      message: 'The Application provided does not exist',
    },
    {
      name: 'an application in a missing domain',
      query: CREATE_APPLICATION,
      variables: { input: { domainUrn: urn('domain:nowhere'), properties: { name: 'A' } } },
      type: 'BAD_REQUEST',
      message: 'input.domainUrn',
    },
    {
      name: 'a taken term id',
      query: CREATE_TERM,
      variables: { input: { id: 'errors', name: 'Other' } },
      type: 'BAD_REQUEST',
      message: 'This Glossary Term already exists!',
    },
    {
      name: 'a term named as a sibling',
      query: CREATE_TERM,
      variables: { input: { name: 'Errors' } },
      type: 'BAD_REQUEST',
      message: 'Glossary Term with this name already exists at this level of the Business Glossary',
    },
    {
      name: 'a term under what is not a node',
      query: CREATE_TERM,
      variables: { input: { name: 'T', parentNode: domain } },
      type: 'BAD_REQUEST',
      message: 'input.parentNode',
    },
    {
      name: 'a term related to itself',
      query: ADD_RELATED,
      variables: { input: { urn: term, termUrns: [term], relationshipType: 'hasA' } },
      type: 'BAD_REQUEST',
      message: 'Tried to create related term with itself.',
    },
    {
      name: 'a missing related term',
      query: ADD_RELATED,
      variables: { input: { urn: term, termUrns: [urn('glossaryTerm:nowhere')], relationshipType: 'hasA' } },
      type: 'BAD_REQUEST',
      message: 'does not exist.',
    },
    {
      name: 'removing related terms never stored',
      query: REMOVE_RELATED,
      variables: { input: { urn: term, termUrns: [], relationshipType: 'isA' } },
      type: 'BAD_REQUEST',
      message: 'Related Terms for this Urn do not exist',
    },
    {
      name: 'moving a term under a domain',
      query: UPDATE_PARENT,
      variables: { input: { resourceUrn: term, parentNode: domain } },
      type: 'BAD_REQUEST',
      message: 'either does not exist or is not a glossaryNode.',
    },
    {
      name: 'moving a missing term',
      query: UPDATE_PARENT,
      variables: { input: { resourceUrn: urn('glossaryTerm:nowhere') } },
      type: 'BAD_REQUEST',
      message: 'does not exist.',
    },
    {
      name: 'deleting a missing term',
      query: DELETE_GLOSSARY,
      variables: { urn: urn('glossaryTerm:nowhere') },
      type: 'BAD_REQUEST',
      message: 'This urn does not exist',
    },
    {
      name: 'deleting a domain as a glossary entity',
      query: DELETE_GLOSSARY,
      variables: { urn: domain },
      type: 'BAD_REQUEST',
      message: 'is not a glossary term or node',
    },
    {
      name: 'an id unlike the qualified name',
      query: CREATE_PROPERTY,
      variables: { input: { id: 'a', qualifiedName: 'b', valueType: urn('dataType:datahub.string'), entityTypes: [] } },
      type: 'BAD_REQUEST',
      message: 'Qualified name and the ID of a structured property must match',
    },
    {
      name: 'a taken structured property',
      query: CREATE_PROPERTY,
      variables: { input: { id: 'errors', valueType: urn('dataType:datahub.string'), entityTypes: [] } },
      type: 'BAD_REQUEST',
      message: 'A structured property already exists with this urn',
    },
    {
      name: 'a value type that is not a data type',
      query: CREATE_PROPERTY,
      variables: { input: { valueType: domain, entityTypes: [] } },
      type: 'BAD_REQUEST',
      message: 'input.valueType',
    },
    {
      name: 'an entity type that is not one',
      query: CREATE_PROPERTY,
      variables: { input: { valueType: urn('dataType:datahub.string'), entityTypes: [domain] } },
      type: 'BAD_REQUEST',
      message: 'input.entityTypes[0]',
    },
    {
      name: 'a hidden property shown in filters',
      query: UPDATE_PROPERTY,
      variables: {
        input: { urn: urn('structuredProperty:errors'), settings: { isHidden: true, showInSearchFilters: true } },
      },
      type: 'BAD_REQUEST',
      message: 'Cannot have property isHidden = true while other display location settings are also true.',
    },
    {
      name: 'an allowed value without a value',
      query: UPDATE_PROPERTY,
      variables: { input: { urn: urn('structuredProperty:errors'), newAllowedValues: [{ description: 'x' }] } },
      type: 'BAD_REQUEST',
      message: 'input.newAllowedValues[0]',
    },
    {
      name: 'deleting a missing structured property',
      query: DELETE_PROPERTY,
      variables: { input: { urn: urn('structuredProperty:nowhere') } },
      type: 'BAD_REQUEST',
      message: 'input.urn',
    },
    {
      name: 'a business attribute named as another',
      query: CREATE_ATTRIBUTE,
      variables: { input: { name: 'Errors' } },
      type: 'CONFLICT',
      message: '"Errors" already exists as Business Attribute. Please pick a unique name.',
    },
    {
      name: 'a taken business attribute id',
      query: CREATE_ATTRIBUTE,
      variables: { input: { id: 'errors', name: 'Fresh' } },
      type: 'BAD_REQUEST',
      message: 'This Business Attribute already exists!',
    },
    {
      name: 'updating a missing business attribute',
      query: UPDATE_ATTRIBUTE,
      variables: { urn: urn('businessAttribute:nowhere'), input: { name: 'X' } },
      type: 'BAD_REQUEST',
      message: 'This urn does not exist',
    },
    {
      name: 'a module without its parameters',
      query: UPSERT_MODULE,
      variables: {
        input: { name: 'M', type: 'LINK', scope: 'PERSONAL', params: { richTextParams: { content: 'x' } } },
      },
      type: 'BAD_REQUEST',
      message: 'Did not provide link params for link module',
    },
    {
      name: 'a module of a type not upserted',
      query: UPSERT_MODULE,
      variables: { input: { name: 'M', type: 'OWNED_ASSETS', scope: 'PERSONAL', params: {} } },
      type: 'BAD_REQUEST',
      message: 'Attempted to create an unsupported module type.',
    },
    {
      name: 'a reader upserting a global module',
      query: UPSERT_MODULE,
      variables: {
        input: { name: 'M', type: 'RICH_TEXT', scope: 'GLOBAL', params: { richTextParams: { content: 'x' } } },
      },
      type: 'UNAUTHORIZED',
      message: 'Unauthorized',
      token: READER,
    },
    {
      name: 'a template row naming a missing module',
      query: UPSERT_TEMPLATE,
      variables: {
        input: { rows: [{ modules: [urn('dataHubPageModule:nowhere')] }], scope: 'PERSONAL', surfaceType: 'HOME_PAGE' },
      },
      type: 'BAD_REQUEST',
      message: 'input.rows[0].modules[0]',
    },
    {
      name: 'deleting the default template',
      query: DELETE_TEMPLATE,
      variables: { input: { urn: urn('dataHubPageTemplate:home_default_1') } },
      type: 'UNAUTHORIZED',
      message: 'Attempted to delete the default page template',
    },
    {
      name: 'deleting a default module',
      query: DELETE_MODULE,
      variables: { input: { urn: urn('dataHubPageModule:your_assets') } },
      type: 'BAD_REQUEST',
      message: 'Cannot delete default page module',
    },
    {
      name: "deleting another's personal module",
      query: DELETE_MODULE,
      variables: { input: { urn: urn('dataHubPageModule:errors') } },
      type: 'UNAUTHORIZED',
      message: 'was not created by the actor',
      token: READER,
    },
    {
      name: 'deleting a missing template',
      query: DELETE_TEMPLATE,
      variables: { input: { urn: urn('dataHubPageTemplate:nowhere') } },
      type: 'BAD_REQUEST',
      message: 'Attempted to delete a page template that does not exist',
    },
    {
      name: 'a relationship without field mappings',
      query: CREATE_RELATIONSHIP,
      variables: { input: { properties: { name: 'r', source: DATASET, destination: DATASET } } },
      type: 'BAD_REQUEST',
      message: 'input.properties.relationshipFieldmappings',
    },
    {
      name: 'a relationship to what is not a dataset',
      query: CREATE_RELATIONSHIP,
      variables: {
        input: {
          properties: {
            name: 'r',
            source: DATASET,
            destination: domain,
            relationshipFieldmappings: [{ sourceField: 'a', destinationField: 'b' }],
          },
        },
      },
      type: 'BAD_REQUEST',
      message: 'input.properties.destination',
    },
    {
      name: 'a relationship without properties',
      query: CREATE_RELATIONSHIP,
      variables: { input: { editableProperties: { description: 'd' } } },
      type: 'BAD_REQUEST',
      message: 'input.properties',
    },
    {
      name: 'a query about what is not a dataset',
      query: CREATE_QUERY,
      variables: {
        input: { properties: { statement: { value: 'x', language: 'SQL' } }, subjects: [{ datasetUrn: domain }] },
      },
      type: 'BAD_REQUEST',
      message: 'input.subjects[0].datasetUrn',
    },
    {
      name: 'updating a missing query',
      query: UPDATE_QUERY,
      variables: { urn: urn('query:nowhere'), input: {} },
      type: 'NOT_FOUND',
      message: 'Failed to find query with urn',
    },
    {
      name: 'a reader saving a query',
      query: CREATE_QUERY,
      variables: {
        input: { properties: { statement: { value: 'x', language: 'SQL' } }, subjects: [{ datasetUrn: DATASET }] },
      },
      type: 'UNAUTHORIZED',
      message: 'Unauthorized',
      token: READER,
    },
    {
      name: 'a JSON connection without its contents',
      query: UPSERT_CONNECTION,
      variables: { input: { type: 'JSON', platformUrn: urn('dataPlatform:snowflake') } },
      type: 'BAD_REQUEST',
      message: "Connections with type JSON must provide the field 'json'.",
    },
    {
      name: 'a connection to what is not a platform',
      query: UPSERT_CONNECTION,
      variables: { input: { type: 'JSON', platformUrn: domain, json: { blob: '{}' } } },
      type: 'BAD_REQUEST',
      message: 'input.platformUrn',
    },
    {
      name: 'a reader upserting a connection',
      query: UPSERT_CONNECTION,
      variables: { input: { type: 'JSON', platformUrn: urn('dataPlatform:snowflake'), json: { blob: '{}' } } },
      type: 'UNAUTHORIZED',
      message: 'Unauthorized',
      token: READER,
    },
  ];

  // The refusals do not depend on the namespace's prefix: one namespace keeps the file cheap.
  describe.runIf(namespace === 'svc')('bad input', () => {
    beforeAll(async () => {
      await ok(CREATE_DOMAIN, { input: { id: 'errors', name: 'Errors' } });
      await ok(CREATE_DOMAIN, { input: { id: 'errors-child', name: 'Child', parentDomain: domain } });
      await ok(CREATE_TERM, { input: { id: 'errors', name: 'Errors' } });
      await ok(CREATE_PROPERTY, {
        input: { id: 'errors', valueType: urn('dataType:datahub.string'), entityTypes: [] },
      });
      await ok(CREATE_ATTRIBUTE, { input: { id: 'errors', name: 'Errors' } });
      await ok(UPSERT_MODULE, {
        input: {
          urn: urn('dataHubPageModule:errors'),
          name: 'Mine',
          type: 'RICH_TEXT',
          scope: 'PERSONAL',
          params: { richTextParams: { content: 'x' } },
        },
      });
    });

    it.each(cases)('refuses $name, changing nothing', async ({ query, variables, type, message, token }) => {
      const before = await digest(server);
      const json = await run(query, variables, token);
      expect(json.errors?.[0]?.extensions.type).toBe(type);
      expect(json.errors?.[0]?.message).toContain(message);
      expect(json.data ? Object.values(json.data) : [null]).toEqual([null]);
      expect(await digest(server)).toBe(before);
    });
  });
});
