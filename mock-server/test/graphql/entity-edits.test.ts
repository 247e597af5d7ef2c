/**
 * The edits a user makes on an entity page, each in the shape the web app (DataHub v1.3.0.1) sends it and
 * read back with the app's own selections. Behaviour read in upstream's resolvers under
 * datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/ at v1.3.0.1:
 * mutate/UpdateLinkResolver and util/LinkUtils, domain/SetDomainResolver, domain/UnsetDomainResolver,
 * mutate/BatchSetDomainResolver, tag/SetTagColorResolver, deprecation/UpdateDeprecationResolver,
 * mutate/BatchUpdateDeprecationResolver, mutate/BatchUpdateSoftDeletedResolver, embed/UpdateEmbedResolver,
 * mutate/UpdateDisplayPropertiesResolver, businessattribute/AddBusinessAttributeResolver and
 * RemoveBusinessAttributeResolver, tag/DeleteTagResolver, application/BatchSetApplicationResolver,
 * dataproduct/BatchSetDataProductResolver, and under types/: TagUpdateInputMapper, ChartUpdateInputMapper
 * and its dashboard, data flow and data job twins.
 * Run in both namespaces: the document's (svc, document profile) and a deployment's (li, upstream profile).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, digest, graphql, ingest, startServer } from '../graphql-harness.js';

const SUBMIT_FORM_PROMPT = `mutation submitFormPrompt($urn: String!, $input: SubmitFormPromptInput!) { submitFormPrompt(urn: $urn, input: $input) }`;
const VERIFY_FORM = `mutation verifyForm($input: VerifyFormInput!) { verifyForm(input: $input) }`;

interface Refusal {
  given: string;
  query: string;
  variables: () => Record<string, unknown>;
  want: () => string;
}

type Answer = { data?: Record<string, any>; errors?: { message: string; extensions: { type: string } }[] };

describe.each([
  { ns: 'svc', options: {} },
  { ns: 'li', options: { namespace: 'li', profile: 'upstream', indexLagMs: 0 } },
] as const)('entity page edits ($ns)', ({ ns, options }) => {
  const u = (rest: string) => `urn:${ns}:${rest}`;
  const rec = ns === 'li' ? 'com.linkedin' : 'com.svc';
  const DATASET = u('dataset:(urn:' + ns + ':dataPlatform:hive,shop.orders,PROD)');
  const OTHER = u('dataset:(urn:' + ns + ':dataPlatform:hive,shop.refunds,PROD)');
  const FIELD = u(`schemaField:(${DATASET},id)`);
  const DOMAIN = u('domain:sales');
  const TAG = u('tag:Gold');
  const CHART = u('chart:(looker,orders)');
  const DASHBOARD = u('dashboard:(looker,sales)');
  const FLOW = u('dataFlow:(airflow,etl,PROD)');
  const JOB = u(`dataJob:(${FLOW},load)`);
  const PRODUCT = u('dataProduct:orders');
  const APPLICATION = u('application:checkout');
  const ATTRIBUTE = u('businessAttribute:customer_id');
  const MISSING = u('dataset:(urn:' + ns + ':dataPlatform:hive,shop.nothing,PROD)');
  const CALLER = u('corpuser:datahub');
  const PROPERTY = u('structuredProperty:io.shop.retention');
  const ASSERTION = u('assertion:orders-not-empty');
  const TEMPLATE = u('dataHubPageTemplate:orders-summary');
  const GROUP = u('corpGroup:bfoo');
  const FORM = u('form:retention-check');
  const FIELD_FORM = u('form:column-review');

  let server: MockServer;
  beforeAll(async () => {
    server = await startServer(options);
    const key = (urn: string, aspect: string, value: unknown) => ingest(server, urn, aspect, value, ADMIN);
    await key(DATASET, 'datasetProperties', { name: 'orders', customProperties: {}, tags: [] });
    await key(OTHER, 'datasetProperties', { name: 'refunds', customProperties: {}, tags: [] });
    await key(DATASET, 'schemaMetadata', {
      schemaName: 'orders',
      platform: u('dataPlatform:hive'),
      version: 0,
      hash: '',
      platformSchema: { [`${rec}.schema.OtherSchema`]: { rawSchema: '' } },
      fields: [{ fieldPath: 'id', nativeDataType: 'int', type: { type: { [`${rec}.schema.NumberType`]: {} } } }],
    });
    await key(FIELD, 'schemaFieldKey', { parent: DATASET, fieldPath: 'id' });
    await key(DOMAIN, 'domainProperties', { name: 'Sales' });
    await key(TAG, 'tagProperties', { name: 'Gold', description: 'Best data.' });
    await key(CHART, 'chartKey', { dashboardTool: 'looker', chartId: 'orders' });
    await key(DASHBOARD, 'dashboardKey', { dashboardTool: 'looker', dashboardId: 'sales' });
    await key(FLOW, 'dataFlowKey', { orchestrator: 'airflow', flowId: 'etl', cluster: 'PROD' });
    await key(JOB, 'dataJobKey', { flow: FLOW, jobId: 'load' });
    await key(PRODUCT, 'dataProductProperties', { name: 'Orders' });
    await key(APPLICATION, 'applicationProperties', { name: 'Checkout' });
    await key(PROPERTY, 'propertyDefinition', {
      qualifiedName: 'io.shop.retention',
      valueType: u('dataType:datahub.number'),
      cardinality: 'SINGLE',
      entityTypes: [u('entityType:datahub.dataset')],
    });
    await key(ASSERTION, 'assertionInfo', {
      type: 'DATASET',
      datasetAssertion: {
        dataset: OTHER,
        scope: 'DATASET_ROWS',
        aggregation: 'ROW_COUNT',
        operator: 'GREATER_THAN',
        parameters: { value: { value: '0', type: 'NUMBER' } },
      },
    });
    await key(TEMPLATE, 'dataHubPageTemplateProperties', {
      rows: [],
      surface: { surfaceType: 'ASSET_SUMMARY' },
      visibility: { scope: 'GLOBAL' },
      created: { time: 1, actor: CALLER },
      lastModified: { time: 1, actor: CALLER },
    });
    await key(FORM, 'formInfo', {
      name: 'Retention check',
      type: 'VERIFICATION',
      prompts: [
        {
          id: 'retention',
          title: 'Retention',
          type: 'STRUCTURED_PROPERTY',
          structuredPropertyParams: { urn: PROPERTY },
          required: true,
        },
      ],
    });
    await key(OTHER, 'forms', {
      incompleteForms: [{ urn: FORM, incompletePrompts: [], completedPrompts: [] }],
      completedForms: [],
      verifications: [],
    });
    await key(FIELD_FORM, 'formInfo', {
      name: 'Column review',
      type: 'VERIFICATION',
      prompts: [
        {
          id: 'columns',
          title: 'Retention per column',
          type: 'FIELDS_STRUCTURED_PROPERTY',
          structuredPropertyParams: { urn: PROPERTY },
          required: true,
        },
      ],
      actors: { owners: false, users: [CALLER] },
    });
    await key(DATASET, 'forms', {
      incompleteForms: [{ urn: FIELD_FORM, incompletePrompts: [], completedPrompts: [] }],
      completedForms: [],
      verifications: [],
    });
    await key(GROUP, 'corpGroupInfo', { displayName: 'Foo', admins: [], members: [], groups: [] });
    await key(ATTRIBUTE, 'businessAttributeInfo', {
      fieldPath: 'customer_id',
      name: 'customer_id',
      created: { time: 0, actor: CALLER },
      lastModified: { time: 0, actor: CALLER },
    });
  });
  afterAll(() => server.close());

  async function send(query: string, variables: Record<string, unknown>, token = ADMIN): Promise<Answer> {
    const reply = await graphql(server, { query, variables, token });
    expect(reply.status).toBe(200);
    return reply.json as Answer;
  }
  async function ok(query: string, variables: Record<string, unknown>): Promise<Record<string, any>> {
    const answer = await send(query, variables);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data!;
  }
  const readDataset = async (selection: string) =>
    (await ok(`query getDataset($urn: String!) { dataset(urn: $urn) { urn ${selection} } }`, { urn: DATASET })).dataset;

  it.each([
    {
      given: 'setDomain, then unsetDomain',
      edit: [
        `mutation setDomain($entityUrn: String!, $domainUrn: String!) { setDomain(entityUrn: $entityUrn, domainUrn: $domainUrn) }`,
        () => ({ entityUrn: DATASET, domainUrn: DOMAIN }),
      ],
      read: 'domain { associatedUrn domain { urn properties { name } } }',
      want: () => ({ domain: { associatedUrn: DATASET, domain: { urn: DOMAIN, properties: { name: 'Sales' } } } }),
      undo: [
        `mutation unsetDomain($entityUrn: String!) { unsetDomain(entityUrn: $entityUrn) }`,
        () => ({ entityUrn: DATASET }),
      ],
      undone: () => ({ domain: null }),
    },
    {
      given: 'batchSetDomain, then batchSetDomain without a domain',
      edit: [
        `mutation batchSetDomain($input: BatchSetDomainInput!) { batchSetDomain(input: $input) }`,
        () => ({ input: { domainUrn: DOMAIN, resources: [{ resourceUrn: DATASET }, { resourceUrn: OTHER }] } }),
      ],
      read: 'domain { domain { urn } }',
      want: () => ({ domain: { domain: { urn: DOMAIN } } }),
      undo: [
        `mutation batchSetDomain($input: BatchSetDomainInput!) { batchSetDomain(input: $input) }`,
        () => ({ input: { resources: [{ resourceUrn: DATASET }] } }),
      ],
      undone: () => ({ domain: null }),
    },
    {
      given: 'updateDeprecation, then not deprecated',
      edit: [
        `mutation updateDeprecation($input: UpdateDeprecationInput!) { updateDeprecation(input: $input) }`,
        () => ({
          input: {
            urn: DATASET,
            deprecated: true,
            note: 'Use refunds.',
            decommissionTime: 1700000000000,
            replacement: OTHER,
          },
        }),
      ],
      read: 'deprecation { deprecated note decommissionTime actor replacement { urn } }',
      want: () => ({
        deprecation: {
          deprecated: true,
          note: 'Use refunds.',
          decommissionTime: 1700000000000,
          actor: CALLER,
          replacement: { urn: OTHER },
        },
      }),
      undo: [
        `mutation updateDeprecation($input: UpdateDeprecationInput!) { updateDeprecation(input: $input) }`,
        () => ({ input: { urn: DATASET, deprecated: false } }),
      ],
      undone: () => ({
        deprecation: { deprecated: false, note: '', decommissionTime: null, actor: CALLER, replacement: null },
      }),
    },
    {
      given: 'batchUpdateDeprecation of the dataset',
      edit: [
        `mutation batchUpdateDeprecation($input: BatchUpdateDeprecationInput!) { batchUpdateDeprecation(input: $input) }`,
        () => ({ input: { deprecated: true, note: 'Old.', resources: [{ resourceUrn: DATASET }] } }),
      ],
      read: 'deprecation { deprecated note }',
      want: () => ({ deprecation: { deprecated: true, note: 'Old.' } }),
    },
    {
      given: 'updateEmbed',
      edit: [
        `mutation updateEmbed($input: UpdateEmbedInput!) { updateEmbed(input: $input) }`,
        () => ({ input: { urn: DATASET, renderUrl: 'https://looker.example.com/embed/1' } }),
      ],
      read: 'embed { renderUrl }',
      want: () => ({ embed: { renderUrl: 'https://looker.example.com/embed/1' } }),
    },
    {
      given: 'updateLink, replacing the link added before',
      before: [
        `mutation addLink($input: AddLinkInput!) { addLink(input: $input) }`,
        () => ({ input: { linkUrl: 'https://wiki.example.com/a', label: 'Wiki', resourceUrn: DATASET } }),
      ],
      edit: [
        `mutation updateLink($input: UpdateLinkInput!) { updateLink(input: $input) }`,
        () => ({
          input: {
            currentUrl: 'https://wiki.example.com/a',
            currentLabel: 'Wiki',
            linkUrl: 'https://wiki.example.com/b',
            label: 'Runbook',
            settings: { showInAssetPreview: true },
            resourceUrn: DATASET,
          },
        }),
      ],
      read: 'institutionalMemory { elements { url label description actor { ... on CorpUser { urn } } settings { showInAssetPreview } } }',
      want: () => ({
        institutionalMemory: {
          elements: [
            {
              url: 'https://wiki.example.com/b',
              label: 'Runbook',
              description: 'Runbook',
              actor: { urn: CALLER },
              settings: { showInAssetPreview: true },
            },
          ],
        },
      }),
      undo: [
        `mutation removeLink($input: RemoveLinkInput!) { removeLink(input: $input) }`,
        () => ({ input: { linkUrl: 'https://wiki.example.com/b', label: 'Runbook', resourceUrn: DATASET } }),
      ],
      undone: () => ({ institutionalMemory: { elements: [] } }),
    },
    {
      given: 'batchSetDataProduct, then without a product',
      edit: [
        `mutation batchSetDataProduct($input: BatchSetDataProductInput!) { batchSetDataProduct(input: $input) }`,
        () => ({ input: { dataProductUrn: PRODUCT, resourceUrns: [DATASET] } }),
      ],
      read: 'dataProduct: relationships(input: { types: ["DataProductContains"], direction: INCOMING, start: 0, count: 1 }) { relationships { type entity { urn ... on DataProduct { properties { name } } } } }',
      want: () => ({
        dataProduct: {
          relationships: [{ type: 'DataProductContains', entity: { urn: PRODUCT, properties: { name: 'Orders' } } }],
        },
      }),
      undo: [
        `mutation batchSetDataProduct($input: BatchSetDataProductInput!) { batchSetDataProduct(input: $input) }`,
        () => ({ input: { resourceUrns: [DATASET] } }),
      ],
      undone: () => ({ dataProduct: { relationships: [] } }),
    },
    {
      given: 'batchSetApplication, then without an application',
      edit: [
        `mutation batchSetApplication($input: BatchSetApplicationInput!) { batchSetApplication(input: $input) }`,
        () => ({ input: { applicationUrn: APPLICATION, resourceUrns: [DATASET] } }),
      ],
      read: 'application { associatedUrn application { urn properties { name } } }',
      want: () => ({
        application: { associatedUrn: DATASET, application: { urn: APPLICATION, properties: { name: 'Checkout' } } },
      }),
      undo: [
        `mutation batchSetApplication($input: BatchSetApplicationInput!) { batchSetApplication(input: $input) }`,
        () => ({ input: { resourceUrns: [DATASET] } }),
      ],
      undone: () => ({ application: null }),
    },
    {
      given: 'addBusinessAttribute on a schema field, then removeBusinessAttribute',
      edit: [
        `mutation addBusinessAttribute($input: AddBusinessAttributeInput!) { addBusinessAttribute(input: $input) }`,
        () => ({
          input: {
            businessAttributeUrn: ATTRIBUTE,
            resourceUrn: [{ resourceUrn: FIELD, subResource: 'id', subResourceType: 'DATASET_FIELD' }],
          },
        }),
      ],
      read: 'schemaMetadata { fields { fieldPath schemaFieldEntity { urn businessAttributes { businessAttribute { businessAttribute { urn properties { name } } } } } } }',
      want: () => ({
        schemaMetadata: {
          fields: [
            {
              fieldPath: 'id',
              schemaFieldEntity: {
                urn: FIELD,
                businessAttributes: {
                  businessAttribute: { businessAttribute: { urn: ATTRIBUTE, properties: { name: 'customer_id' } } },
                },
              },
            },
          ],
        },
      }),
      undo: [
        `mutation removeBusinessAttribute($input: AddBusinessAttributeInput!) { removeBusinessAttribute(input: $input) }`,
        () => ({
          input: {
            businessAttributeUrn: ATTRIBUTE,
            resourceUrn: [{ resourceUrn: FIELD, subResource: 'id', subResourceType: 'DATASET_FIELD' }],
          },
        }),
      ],
      undone: () => ({
        schemaMetadata: {
          fields: [
            { fieldPath: 'id', schemaFieldEntity: { urn: FIELD, businessAttributes: { businessAttribute: null } } },
          ],
        },
      }),
    },
  ] as const)('$given: the app reads the change back', async (row: any) => {
    if (row.before) await ok(row.before[0], row.before[1]());
    const edit = await ok(row.edit[0], row.edit[1]());
    expect(Object.values(edit)).toEqual([true]);
    expect(await readDataset(row.read)).toMatchObject(row.want());
    if (!row.undo) return;
    await ok(row.undo[0], row.undo[1]());
    expect(await readDataset(row.read)).toMatchObject(row.undone());
  });

  const entityOf = async (query: string, urn: string) => Object.values(await ok(query, { urn }))[0];

  it.each([
    {
      given: 'setTagColor',
      edit: [
        `mutation setTagColor($urn: String!, $colorHex: String!) { setTagColor(urn: $urn, colorHex: $colorHex) }`,
        () => ({ urn: TAG, colorHex: '#FFD700' }),
      ],
      read: [
        `query getTag($urn: String!) { tag(urn: $urn) { urn properties { name description colorHex } } }`,
        () => TAG,
      ],
      want: () => ({ urn: TAG, properties: { name: 'Gold', description: 'Best data.', colorHex: '#FFD700' } }),
    },
    {
      given: 'updateTag (the caller becomes its owner)',
      edit: [
        `mutation updateTag($urn: String!, $input: TagUpdateInput!) { updateTag(urn: $urn, input: $input) { urn properties { name description } } }`,
        () => ({ urn: TAG, input: { urn: TAG, name: 'Gold', description: 'Gold-grade data.' } }),
      ],
      answer: () => ({ updateTag: { urn: TAG, properties: { name: 'Gold', description: 'Gold-grade data.' } } }),
      read: [
        `query getTag($urn: String!) { tag(urn: $urn) { properties { description } ownership { owners { owner { ... on CorpUser { urn } } } } } }`,
        () => TAG,
      ],
      want: () => ({
        properties: { description: 'Gold-grade data.' },
        ownership: { owners: [{ owner: { urn: CALLER } }] },
      }),
    },
    ...(
      [
        ['updateChart', 'ChartUpdateInput', 'chart', () => CHART],
        ['updateDashboard', 'DashboardUpdateInput', 'dashboard', () => DASHBOARD],
        ['updateDataFlow', 'DataFlowUpdateInput', 'dataFlow', () => FLOW],
        ['updateDataJob', 'DataJobUpdateInput', 'dataJob', () => JOB],
      ] as const
    ).map(([field, input, root, urn]) => ({
      given: `${field} (description, tags and owners)`,
      edit: [
        `mutation ${field}($urn: String!, $input: ${input}!) { ${field}(urn: $urn, input: $input) { urn editableProperties { description } } }`,
        () => ({
          urn: urn(),
          input: {
            editableProperties: { description: 'Edited.' },
            tags: { tags: [{ tag: { urn: TAG, name: 'Gold' } }] },
            ownership: { owners: [{ owner: CALLER, type: 'TECHNICAL_OWNER' }] },
          },
        }),
      ],
      answer: () => ({ [field]: { urn: urn(), editableProperties: { description: 'Edited.' } } }),
      read: [
        `query get($urn: String!) { ${root}(urn: $urn) { editableProperties { description } globalTags { tags { tag { urn } } } ownership { owners { owner { ... on CorpUser { urn } } type } } } }`,
        urn,
      ],
      want: () => ({
        editableProperties: { description: 'Edited.' },
        globalTags: { tags: [{ tag: { urn: TAG } }] },
        ownership: { owners: [{ owner: { urn: CALLER }, type: 'TECHNICAL_OWNER' }] },
      }),
    })),
    {
      given: 'updateDisplayProperties of a domain',
      edit: [
        `mutation updateDisplayProperties($urn: String!, $input: DisplayPropertiesUpdateInput!) { updateDisplayProperties(urn: $urn, input: $input) }`,
        () => ({
          urn: DOMAIN,
          input: { colorHex: '#123456', icon: { iconLibrary: 'MATERIAL', name: 'ShoppingCart', style: 'Outlined' } },
        }),
      ],
      read: [
        `query getDomain($urn: String!) { domain(urn: $urn) { displayProperties { colorHex icon { iconLibrary name style } } } }`,
        () => DOMAIN,
      ],
      want: () => ({
        displayProperties: {
          colorHex: '#123456',
          icon: { iconLibrary: 'MATERIAL', name: 'ShoppingCart', style: 'Outlined' },
        },
      }),
    },
    {
      given: 'upsertStructuredProperties, then removeStructuredProperties',
      edit: [
        `mutation upsertStructuredProperties($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } } }`,
        () => ({
          input: {
            assetUrn: DATASET,
            structuredPropertyInputParams: [{ structuredPropertyUrn: PROPERTY, values: [{ numberValue: 90 }] }],
          },
        }),
      ],
      answer: () => ({
        upsertStructuredProperties: {
          properties: [{ structuredProperty: { urn: PROPERTY }, values: [{ numberValue: 90 }] }],
        },
      }),
      read: [
        `query getDataset($urn: String!) { dataset(urn: $urn) { structuredProperties { properties { associatedUrn structuredProperty { urn } values { ... on NumberValue { numberValue } } } } } }`,
        () => DATASET,
      ],
      want: () => ({
        structuredProperties: {
          properties: [
            { associatedUrn: DATASET, structuredProperty: { urn: PROPERTY }, values: [{ numberValue: 90 }] },
          ],
        },
      }),
      undo: [
        `mutation removeStructuredProperties($input: RemoveStructuredPropertiesInput!) { removeStructuredProperties(input: $input) { properties { structuredProperty { urn } } } }`,
        () => ({ input: { assetUrn: DATASET, structuredPropertyUrns: [PROPERTY] } }),
      ],
      undone: () => ({ structuredProperties: { properties: [] } }),
    },
    {
      given: 'updateAssetSettings of a domain',
      edit: [
        `mutation updateAssetSettings($input: UpdateAssetSettingsInput!) { updateAssetSettings(input: $input) { assetSummary { templates { template { urn } } } } }`,
        () => ({ input: { urn: DOMAIN, summary: { template: TEMPLATE } } }),
      ],
      answer: () => ({ updateAssetSettings: { assetSummary: { templates: [{ template: { urn: TEMPLATE } }] } } }),
    },
    {
      given: 'batchUpdateSoftDeleted, then restored',
      edit: [
        `mutation batchUpdateSoftDeleted($input: BatchUpdateSoftDeletedInput!) { batchUpdateSoftDeleted(input: $input) }`,
        () => ({ input: { urns: [OTHER], deleted: true } }),
      ],
      read: [`query getDataset($urn: String!) { dataset(urn: $urn) { urn status { removed } } }`, () => OTHER],
      want: () => ({ urn: OTHER, status: { removed: true } }),
      undo: [
        `mutation batchUpdateSoftDeleted($input: BatchUpdateSoftDeletedInput!) { batchUpdateSoftDeleted(input: $input) }`,
        () => ({ input: { urns: [OTHER], deleted: false } }),
      ],
      undone: () => ({ status: { removed: false } }),
    },
  ] as any[])('$given: the answer and the app read the change back', async (row: any) => {
    const answer = await ok(row.edit[0], row.edit[1]());
    if (row.answer) expect(answer).toMatchObject(row.answer());
    else expect(Object.values(answer)).toEqual([true]);
    if (!row.read) return;
    expect(await entityOf(row.read[0], row.read[1]())).toMatchObject(row.want());
    if (!row.undo) return;
    await ok(row.undo[0], row.undo[1]());
    expect(await entityOf(row.read[0], row.read[1]())).toMatchObject(row.undone());
  });

  it('deleteTag takes the tag off what carries it; deleteAssertion deletes the assertion', async () => {
    const DOOMED = u('tag:Doomed');
    await ingest(server, DOOMED, 'tagProperties', { name: 'Doomed' }, ADMIN);
    await ok(`mutation addTags($input: AddTagsInput!) { addTags(input: $input) }`, {
      input: { tagUrns: [DOOMED], resourceUrn: OTHER },
    });
    expect(await ok(`mutation deleteTag($urn: String!) { deleteTag(urn: $urn) }`, { urn: DOOMED })).toEqual({
      deleteTag: true,
    });
    expect(
      await entityOf(`query getTag($urn: String!) { tag(urn: $urn) { urn properties { name } } }`, DOOMED),
    ).toMatchObject({ properties: null });
    expect(
      await entityOf(
        `query getDataset($urn: String!) { dataset(urn: $urn) { globalTags { tags { tag { urn } } } } }`,
        OTHER,
      ),
    ).toEqual({ globalTags: { tags: [] } });
    const assertions = `query getDatasetAssertions($urn: String!) { dataset(urn: $urn) { assertions(start: 0, count: 10) { total assertions { urn } } } }`;
    expect(await entityOf(assertions, OTHER)).toEqual({ assertions: { total: 1, assertions: [{ urn: ASSERTION }] } });
    expect(
      await ok(`mutation deleteAssertion($urn: String!) { deleteAssertion(urn: $urn) }`, { urn: ASSERTION }),
    ).toEqual({ deleteAssertion: true });
    expect(await entityOf(assertions, OTHER)).toEqual({ assertions: { total: 0, assertions: [] } });
  });

  it('raiseIncident, updateIncident and updateIncidentStatus: the asset page lists the incident as changed', async () => {
    const raised = await ok(`mutation raiseIncident($input: RaiseIncidentInput!) { raiseIncident(input: $input) }`, {
      input: {
        type: 'OPERATIONAL',
        title: 'Late load',
        description: 'No rows today.',
        resourceUrn: DASHBOARD,
        priority: 'HIGH',
        assigneeUrns: [CALLER],
      },
    });
    const incident: string = raised.raiseIncident;
    expect(incident).toMatch(new RegExp(`^urn:${ns}:incident:[0-9a-f-]{36}$`));
    const incidents = `query getEntityIncidents($urn: String!) { dashboard(urn: $urn) { incidents(start: 0, count: 10) { total incidents { urn incidentType title description priority source { type } status { state stage message lastUpdated { actor } } assignees { ... on CorpUser { urn } } } } } }`;
    expect(await entityOf(incidents, DASHBOARD)).toMatchObject({
      incidents: {
        total: 1,
        incidents: [
          {
            urn: incident,
            incidentType: 'OPERATIONAL',
            title: 'Late load',
            description: 'No rows today.',
            priority: 'HIGH',
            source: { type: 'MANUAL' },
            status: { state: 'ACTIVE', stage: null, lastUpdated: { actor: CALLER } },
            assignees: [{ urn: CALLER }],
          },
        ],
      },
    });
    await ok(
      `mutation updateIncident($urn: String!, $input: UpdateIncidentInput!) { updateIncident(urn: $urn, input: $input) }`,
      {
        urn: incident,
        input: { title: 'Late nightly load', priority: 'CRITICAL' },
      },
    );
    await ok(
      `mutation updateIncidentStatus($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }`,
      {
        urn: incident,
        input: { state: 'RESOLVED', stage: 'FIXED', message: 'Reloaded.' },
      },
    );
    expect(await entityOf(incidents, DASHBOARD)).toMatchObject({
      incidents: {
        incidents: [
          {
            urn: incident,
            title: 'Late nightly load',
            description: 'No rows today.',
            priority: 'CRITICAL',
            status: { state: 'RESOLVED', stage: 'FIXED', message: 'Reloaded.' },
            assignees: null,
          },
        ],
      },
    });
  });

  it('updateLineage draws an edge the lineage reads, then erases it', async () => {
    const update = `mutation updateLineage($input: UpdateLineageInput!) { updateLineage(input: $input) }`;
    const upstream = `query getEntityLineage($urn: String!) { dataset(urn: $urn) { upstream: lineage(input: { direction: UPSTREAM, start: 0, count: 100 }) { total relationships { type entity { urn } } } } }`;
    const edge = { downstreamUrn: DATASET, upstreamUrn: OTHER };
    expect(await ok(update, { input: { edgesToAdd: [edge], edgesToRemove: [] } })).toEqual({ updateLineage: true });
    expect(await entityOf(upstream, DATASET)).toEqual({
      upstream: { total: 1, relationships: [{ type: 'DownstreamOf', entity: { urn: OTHER } }] },
    });
    await ok(update, { input: { edgesToAdd: [], edgesToRemove: [edge] } });
    expect(await entityOf(upstream, DATASET)).toEqual({ upstream: { total: 0, relationships: [] } });
  });

  it("updateLineage writes a job's inputs and outputs and a dashboard's inputs, as the lineage reads them", async () => {
    const update = `mutation updateLineage($input: UpdateLineageInput!) { updateLineage(input: $input) }`;
    const lineage = (root: string, direction: string) =>
      `query getEntityLineage($urn: String!) { ${root}(urn: $urn) { lineage(input: { direction: ${direction}, start: 0, count: 100 }) { total relationships { entity { urn } } } } }`;
    await ingest(
      server,
      DASHBOARD,
      'dashboardInfo',
      {
        title: 'Sales',
        description: '',
        lastModified: { created: { time: 0, actor: CALLER }, lastModified: { time: 0, actor: CALLER } },
      },
      ADMIN,
    );
    const edges = [
      { downstreamUrn: JOB, upstreamUrn: DATASET },
      { downstreamUrn: OTHER, upstreamUrn: JOB },
      { downstreamUrn: DASHBOARD, upstreamUrn: OTHER },
    ];
    expect(await ok(update, { input: { edgesToAdd: edges, edgesToRemove: [] } })).toEqual({ updateLineage: true });
    expect(await entityOf(lineage('dataJob', 'UPSTREAM'), JOB)).toEqual({
      lineage: { total: 1, relationships: [{ entity: { urn: DATASET } }] },
    });
    expect(await entityOf(lineage('dataJob', 'DOWNSTREAM'), JOB)).toEqual({
      lineage: { total: 1, relationships: [{ entity: { urn: OTHER } }] },
    });
    expect(await entityOf(lineage('dashboard', 'UPSTREAM'), DASHBOARD)).toEqual({
      lineage: { total: 1, relationships: [{ entity: { urn: OTHER } }] },
    });
    await ok(update, { input: { edgesToAdd: [], edgesToRemove: edges } });
    expect(await entityOf(lineage('dataJob', 'UPSTREAM'), JOB)).toEqual({ lineage: { total: 0, relationships: [] } });
    expect(await entityOf(lineage('dashboard', 'UPSTREAM'), DASHBOARD)).toEqual({
      lineage: { total: 0, relationships: [] },
    });
  });

  it('linkAssetVersion makes each linked asset the latest; unlinkAssetVersion hands that back', async () => {
    const SET = u(`versionSet:(orders,dataset)`);
    const link = `mutation linkAssetVersion($input: LinkVersionInput!) { linkAssetVersion(input: $input) { urn } }`;
    const unlink = `mutation unlinkAssetVersion($input: UnlinkVersionInput!) { unlinkAssetVersion(input: $input) { urn } }`;
    const read = `query getDataset($urn: String!) { dataset(urn: $urn) { versionProperties { versionSet { urn } isLatest version { versionTag } comment } } }`;
    expect(await ok(link, { input: { versionSet: SET, linkedEntity: OTHER, version: '1' } })).toEqual({
      linkAssetVersion: { urn: SET },
    });
    expect(
      await ok(link, { input: { versionSet: SET, linkedEntity: DATASET, version: '2', comment: 'Rebuilt.' } }),
    ).toEqual({
      linkAssetVersion: { urn: SET },
    });
    expect(await entityOf(read, DATASET)).toEqual({
      versionProperties: {
        versionSet: { urn: SET },
        isLatest: true,
        version: { versionTag: '2' },
        comment: 'Rebuilt.',
      },
    });
    expect(await entityOf(read, OTHER)).toMatchObject({
      versionProperties: { isLatest: false, version: { versionTag: '1' } },
    });
    expect(await ok(link, { input: { versionSet: SET, linkedEntity: DATASET, version: '2' } })).toEqual({
      linkAssetVersion: null,
    });
    expect(await ok(unlink, { input: { versionSet: SET, unlinkedEntity: DATASET } })).toEqual({
      unlinkAssetVersion: { urn: SET },
    });
    expect(await entityOf(read, DATASET)).toEqual({ versionProperties: null });
    expect(await entityOf(read, OTHER)).toMatchObject({ versionProperties: { isLatest: true } });
    await ok(unlink, { input: { versionSet: SET, unlinkedEntity: OTHER } });
    expect(await entityOf(read, OTHER)).toEqual({ versionProperties: null });
  });

  it('submitFormPrompt answers the prompt and completes the form; verifyForm verifies it', async () => {
    await ok(SUBMIT_FORM_PROMPT, {
      urn: OTHER,
      input: {
        promptId: 'retention',
        formUrn: FORM,
        type: 'STRUCTURED_PROPERTY',
        structuredPropertyParams: { structuredPropertyUrn: PROPERTY, values: [{ numberValue: 30 }] },
      },
    });
    // FormService.isFormAssignedToUser (v1.3.0.1): a form for owners may be verified by an owner of the asset only.
    await ingest(server, OTHER, 'ownership', { owners: [{ owner: CALLER, type: 'DATAOWNER' }] }, ADMIN);
    const before = await digest(server);
    const refused = await send(VERIFY_FORM, { input: { formUrn: FORM, entityUrn: OTHER } }, READER);
    expect(refused.errors?.[0]).toMatchObject({
      message: `Failed to authorize form on entity as form with urn ${FORM} is not assigned to user`,
      extensions: { type: 'UNAUTHORIZED' },
    });
    expect(await digest(server)).toBe(before);
    await ok(VERIFY_FORM, { input: { formUrn: FORM, entityUrn: OTHER } });
    const read = `query getDataset($urn: String!) { dataset(urn: $urn) { structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } } forms { incompleteForms { form { urn } } completedForms { form { urn } completedPrompts { id lastModified { actor { urn } } } } verifications { form { urn } } } } }`;
    expect(await entityOf(read, OTHER)).toMatchObject({
      structuredProperties: { properties: [{ structuredProperty: { urn: PROPERTY }, values: [{ numberValue: 30 }] }] },
      forms: {
        incompleteForms: [],
        completedForms: [
          { form: { urn: FORM }, completedPrompts: [{ id: 'retention', lastModified: { actor: { urn: CALLER } } }] },
        ],
        verifications: [{ form: { urn: FORM } }],
      },
    });
  });

  // FormService.submitFieldStructuredPropertyPromptResponse (v1.3.0.1): the answer goes to the field's schemaField
  // entity; the prompt completes once every field of the schema has an answer. The form names its users.
  it('submitFormPrompt on a schema field writes the field and completes the prompt; an assigned user verifies', async () => {
    await ok(SUBMIT_FORM_PROMPT, {
      urn: DATASET,
      input: {
        promptId: 'columns',
        formUrn: FIELD_FORM,
        type: 'FIELDS_STRUCTURED_PROPERTY',
        fieldPath: 'id',
        structuredPropertyParams: { structuredPropertyUrn: PROPERTY, values: [{ numberValue: 7 }] },
      },
    });
    const field = `query getSchemaField($urn: String!) { entity(urn: $urn) { ... on SchemaFieldEntity { structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } } } } }`;
    expect(await entityOf(field, FIELD)).toEqual({
      structuredProperties: { properties: [{ structuredProperty: { urn: PROPERTY }, values: [{ numberValue: 7 }] }] },
    });
    const refused = await send(VERIFY_FORM, { input: { formUrn: FIELD_FORM, entityUrn: DATASET } }, READER);
    expect(refused.errors?.[0]?.extensions.type).toBe('UNAUTHORIZED');
    await ok(VERIFY_FORM, { input: { formUrn: FIELD_FORM, entityUrn: DATASET } });
    const forms = `query getDataset($urn: String!) { dataset(urn: $urn) { forms { incompleteForms { form { urn } } completedForms { form { urn } completedPrompts { id fieldAssociations { completedFieldPrompts { fieldPath lastModified { actor { urn } } } } } } verifications { form { urn } } } } }`;
    expect(await entityOf(forms, DATASET)).toEqual({
      forms: {
        incompleteForms: [],
        completedForms: [
          {
            form: { urn: FIELD_FORM },
            completedPrompts: [
              {
                id: 'columns',
                fieldAssociations: {
                  completedFieldPrompts: [{ fieldPath: 'id', lastModified: { actor: { urn: CALLER } } }],
                },
              },
            ],
          },
        ],
        verifications: [{ form: { urn: FIELD_FORM } }],
      },
    });
  });

  // resolvers/datacontract/UpsertDataContractResolver.java (v1.3.0.1): the contract found by its ContractFor
  // edge is rewritten in place; a new one takes the id given; the state defaults to ACTIVE. Its refusals of what
  // upstream stores unreadable are in the table below (registry: graphql-lifecycle-refusals).
  it('upsertDataContract writes the contract the asset page reads; a second upsert rewrites it', async () => {
    const FRESH = u('assertion:refunds-fresh');
    const SHAPE = u('assertion:refunds-shape');
    for (const [urn, type] of [
      [FRESH, 'FRESHNESS'],
      [SHAPE, 'DATA_SCHEMA'],
    ] as const)
      await ingest(server, urn, 'assertionInfo', { type, entityUrn: OTHER }, ADMIN);
    const upsert = `mutation upsertDataContract($input: UpsertDataContractInput!) {
      upsertDataContract(input: $input) {
        urn type
        properties { freshness { assertion { urn } } schema { assertion { urn } } dataQuality { assertion { urn } } }
        status { state }
      }
    }`;
    const CONTRACT = u('dataContract:refunds');
    const first = await ok(upsert, {
      input: { entityUrn: OTHER, id: 'refunds', freshness: [{ assertionUrn: FRESH }], state: 'PENDING' },
    });
    expect(first.upsertDataContract).toEqual({
      urn: CONTRACT,
      type: 'DATA_CONTRACT',
      properties: { freshness: [{ assertion: { urn: FRESH } }], schema: null, dataQuality: null },
      status: { state: 'PENDING' },
    });
    const second = await ok(upsert, {
      input: { entityUrn: OTHER, id: 'ignored', schema: [{ assertionUrn: SHAPE }], dataQuality: [] },
    });
    expect(second.upsertDataContract).toEqual({
      urn: CONTRACT,
      type: 'DATA_CONTRACT',
      properties: { freshness: null, schema: [{ assertion: { urn: SHAPE } }], dataQuality: [] },
      status: { state: 'ACTIVE' },
    });
    const contractOf = `query getDatasetContract($urn: String!) {
      dataset(urn: $urn) { contract { urn properties { schema { assertion { urn } } } status { state } } }
    }`;
    expect(await entityOf(contractOf, OTHER)).toEqual({
      contract: { urn: CONTRACT, properties: { schema: [{ assertion: { urn: SHAPE } }] }, status: { state: 'ACTIVE' } },
    });
    expect(await entityOf(contractOf, DATASET)).toEqual({ contract: null });
  });

  it.each([
    {
      given: 'setDomain to a domain that does not exist',
      query: `mutation setDomain($entityUrn: String!, $domainUrn: String!) { setDomain(entityUrn: $entityUrn, domainUrn: $domainUrn) }`,
      variables: () => ({ entityUrn: DATASET, domainUrn: u('domain:nowhere') }),
      want: () => `Failed to add Entity ${DATASET} to Domain ${u('domain:nowhere')}. Domain does not exist.`,
    },
    {
      given: 'batchSetDomain with one missing resource (nothing written)',
      query: `mutation batchSetDomain($input: BatchSetDomainInput!) { batchSetDomain(input: $input) }`,
      variables: () => ({
        input: { domainUrn: DOMAIN, resources: [{ resourceUrn: OTHER }, { resourceUrn: MISSING }] },
      }),
      want: () => `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
    },
    {
      given: 'batchUpdateDeprecation with a field the schema lacks (nothing written)',
      query: `mutation batchUpdateDeprecation($input: BatchUpdateDeprecationInput!) { batchUpdateDeprecation(input: $input) }`,
      variables: () => ({
        input: {
          deprecated: true,
          resources: [
            { resourceUrn: OTHER },
            { resourceUrn: DATASET, subResource: 'nope', subResourceType: 'DATASET_FIELD' },
          ],
        },
      }),
      want: () => `Field nope does not exist in the datasets schema.`,
    },
    {
      given: 'batchUpdateSoftDeleted with one missing entity (nothing written)',
      query: `mutation batchUpdateSoftDeleted($input: BatchUpdateSoftDeletedInput!) { batchUpdateSoftDeleted(input: $input) }`,
      variables: () => ({ input: { urns: [OTHER, MISSING], deleted: true } }),
      want: () => `Failed to soft delete entity with urn ${MISSING}. Entity does not exist.`,
    },
    {
      given: 'updateLink of a link that is not there',
      query: `mutation updateLink($input: UpdateLinkInput!) { updateLink(input: $input) }`,
      variables: () => ({
        input: {
          currentUrl: 'https://x.example.com',
          currentLabel: 'X',
          linkUrl: 'https://y.example.com',
          label: 'Y',
          resourceUrn: DATASET,
        },
      }),
      want: () => `Failed to update the link 'https://x.example.com' with label 'X'. The link does not exist`,
    },
    {
      given: 'batchSetDataProduct with a product that does not exist',
      query: `mutation batchSetDataProduct($input: BatchSetDataProductInput!) { batchSetDataProduct(input: $input) }`,
      variables: () => ({ input: { dataProductUrn: u('dataProduct:nothing'), resourceUrns: [DATASET] } }),
      want: () => `Data Product urn ${u('dataProduct:nothing')} does not exist`,
    },
    {
      given: 'upsertStructuredProperties of a value with neither string nor number',
      query: `mutation upsertStructuredProperties($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }`,
      variables: () => ({
        input: {
          assetUrn: DATASET,
          structuredPropertyInputParams: [{ structuredPropertyUrn: PROPERTY, values: [{}] }],
        },
      }),
      want: () => 'input.structuredPropertyInputParams[0].values[0]',
    },
    {
      given: 'addBusinessAttribute on a dataset rather than a schema field',
      query: `mutation addBusinessAttribute($input: AddBusinessAttributeInput!) { addBusinessAttribute(input: $input) }`,
      variables: () => ({ input: { businessAttributeUrn: ATTRIBUTE, resourceUrn: [{ resourceUrn: DATASET }] } }),
      want: () => 'input.resourceUrn[0].resourceUrn',
    },
    {
      given: 'setTagColor of a URN that is not a tag',
      query: `mutation setTagColor($urn: String!, $colorHex: String!) { setTagColor(urn: $urn, colorHex: $colorHex) }`,
      variables: () => ({ urn: DATASET, colorHex: '#000000' }),
      want: () => 'tag',
    },
    {
      given: 'raiseIncident without any resource',
      query: `mutation raiseIncident($input: RaiseIncidentInput!) { raiseIncident(input: $input) }`,
      variables: () => ({ input: { type: 'OPERATIONAL', title: 'Nowhere' } }),
      want: () => 'At least 1 resource urn must be defined to raise an incident.',
    },
    {
      given: 'updateLineage with a downstream that does not exist',
      query: `mutation updateLineage($input: UpdateLineageInput!) { updateLineage(input: $input) }`,
      variables: () => ({ input: { edgesToAdd: [{ downstreamUrn: MISSING, upstreamUrn: OTHER }], edgesToRemove: [] } }),
      want: () => `Cannot upsert lineage as downstream urn ${MISSING} doesn't exist`,
    },
    {
      given: 'verifyForm of a form not assigned to the entity',
      query: VERIFY_FORM,
      variables: () => ({ input: { formUrn: FIELD_FORM, entityUrn: OTHER } }),
      want: () => `Form ${FIELD_FORM} has not been assigned to entity ${OTHER}`,
    },
    {
      given: 'submitFormPrompt on a schema field the dataset lacks',
      query: SUBMIT_FORM_PROMPT,
      variables: () => ({
        urn: DATASET,
        input: {
          promptId: 'columns',
          formUrn: FIELD_FORM,
          type: 'FIELDS_STRUCTURED_PROPERTY',
          fieldPath: 'nope',
          structuredPropertyParams: { structuredPropertyUrn: PROPERTY, values: [{ numberValue: 1 }] },
        },
      }),
      want: () => 'Field nope does not exist in the datasets schema.',
    },
    {
      given: 'submitFormPrompt on schema fields without a fieldPath',
      query: SUBMIT_FORM_PROMPT,
      variables: () => ({
        urn: DATASET,
        input: {
          promptId: 'columns',
          formUrn: FIELD_FORM,
          type: 'FIELDS_STRUCTURED_PROPERTY',
          structuredPropertyParams: { structuredPropertyUrn: PROPERTY, values: [{ numberValue: 1 }] },
        },
      }),
      want: () => 'Failed to provide fieldPath for prompt type FIELDS_STRUCTURED_PROPERTY',
    },
    {
      given: 'upsertDataContract for an asset that does not exist',
      query: `mutation upsertDataContract($input: UpsertDataContractInput!) { upsertDataContract(input: $input) { urn } }`,
      variables: () => ({ input: { entityUrn: MISSING } }),
      want: () => `Provided entity with urn ${MISSING} does not exist!`,
    },
    {
      given: 'upsertDataContract promising an assertion that does not exist',
      query: `mutation upsertDataContract($input: UpsertDataContractInput!) { upsertDataContract(input: $input) { urn } }`,
      variables: () => ({ input: { entityUrn: DATASET, dataQuality: [{ assertionUrn: u('assertion:nothing') }] } }),
      want: () => `Provided assertion with urn ${u('assertion:nothing')} does not exist!`,
    },
    {
      given: 'upsertDataContract promising a dataset as an assertion',
      query: `mutation upsertDataContract($input: UpsertDataContractInput!) { upsertDataContract(input: $input) { urn } }`,
      variables: () => ({ input: { entityUrn: DATASET, freshness: [{ assertionUrn: OTHER }] } }),
      want: () => 'input.freshness[0].assertionUrn',
    },
    {
      given: 'upsertDataContract for a chart',
      query: `mutation upsertDataContract($input: UpsertDataContractInput!) { upsertDataContract(input: $input) { urn } }`,
      variables: () => ({ input: { entityUrn: CHART } }),
      want: () => 'input.entityUrn',
    },
  ] satisfies Refusal[])('$given: BAD_REQUEST naming it, the store unchanged', async ({ query, variables, want }) => {
    const before = await digest(server);
    const answer = await send(query, variables());
    expect(answer.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(answer.errors?.[0]?.message).toContain(want());
    expect(await digest(server)).toBe(before);
  });

  it('a reader may not edit: UNAUTHORIZED, the store unchanged', async () => {
    const before = await digest(server);
    const answer = await send(
      `mutation setDomain($entityUrn: String!, $domainUrn: String!) { setDomain(entityUrn: $entityUrn, domainUrn: $domainUrn) }`,
      { entityUrn: DATASET, domainUrn: DOMAIN },
      READER,
    );
    expect(answer.errors?.[0]?.extensions.type).toBe('UNAUTHORIZED');
    expect(await digest(server)).toBe(before);
  });

  // smoke-test/test_e2e.py::test_update_corp_group_description (DataHub v1.3.0.1): a group's description is
  // written and read back through corpGroup.editableProperties, then reset to "" (registry entry
  // update-description-entity-types: the upstream profile only).
  it.runIf(ns === 'li')("updateDescription of a group, as upstream's smoke test does it", async () => {
    const update = `mutation updateDescription($input: DescriptionUpdateInput!) {\n updateDescription(input: $input) }`;
    const read = `query corpGroup($urn: String!) {\n corpGroup(urn: $urn) {\n urn\n editableProperties {\n description\n }\n }\n }`;
    expect(await ok(update, { input: { description: 'My test description', resourceUrn: GROUP } })).toEqual({
      updateDescription: true,
    });
    expect(await ok(read, { urn: GROUP })).toEqual({
      corpGroup: { urn: GROUP, editableProperties: { description: 'My test description' } },
    });
    expect(await ok(update, { input: { description: '', resourceUrn: GROUP } })).toEqual({ updateDescription: true });
    expect(await ok(read, { urn: GROUP })).toEqual({
      corpGroup: { urn: GROUP, editableProperties: { description: '' } },
    });
  });
});
