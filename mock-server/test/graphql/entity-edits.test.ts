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
});
