/**
 * The chart, dashboard, data flow, data job, container, versioned dataset, query, data contract and
 * connection pages, read with documents nested as the web app's getChart, getDashboard, getDataFlow,
 * getDataJob, getContainer, getVersionedDataset, getQuery, listQueries, getDatasetContract and connection
 * send them, against data written through the REST API in both namespaces. Upstream (datahub-graphql-core,
 * v1.3.0.1): ChartMapper, InputFieldsMapper, DashboardMapper, DataJobMapper, DataTransformLogicMapper,
 * EntityPrivilegesResolver, WeaklyTypedAspectsResolver, VersionedDatasetType and VersionedDatasetMapper,
 * SchemaMapper, QueryMapper, QueryPropertiesMapper, ListQueriesResolver, EntityDataContractResolver,
 * DataContractMapper, ConnectionMapper, ConnectionUtils.canManageConnections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '../../graphql/secret-service.js';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, graphql, ingest, startServer } from '../graphql-harness.js';

const PRIVILEGES =
  'privileges { canEditTags canEditEmbed canEditLineage canEditQueries canViewDatasetUsage canManageEntity }';

const DOCUMENTS = {
  chart: `query getChart($urn: String!) {
    chart(urn: $urn) {
      urn type tool chartId
      properties { name type }
      query { rawQuery type }
      embed { renderUrl }
      inputFields { fields { schemaFieldUrn schemaField { fieldPath type nativeDataType schemaFieldEntity { urn } } } }
      ${PRIVILEGES}
      autoRenderAspects: aspects(input: { autoRenderOnly: true }) { aspectName }
      named: aspects(input: { aspectNames: ["chartQuery", "embed"] }) { aspectName payload }
      forms { completedForms { form { urn } } }
    }
  }`,
  dashboard: `query getDashboard($urn: String!) {
    dashboard(urn: $urn) {
      urn
      embed { renderUrl }
      inputFields { fields { schemaFieldUrn schemaField { fieldPath } } }
      ${PRIVILEGES}
      autoRenderAspects: aspects(input: { autoRenderOnly: true }) { aspectName }
      forms { completedForms { form { urn } } }
    }
  }`,
  dataFlow: `query getDataFlow($urn: String!) {
    dataFlow(urn: $urn) {
      urn
      ${PRIVILEGES}
      named: aspects(input: { aspectNames: ["dataFlowInfo"] }) { aspectName payload }
      forms { completedForms { form { urn } } }
    }
  }`,
  dataJob: `query getDataJob($urn: String!) {
    dataJob(urn: $urn) {
      urn
      platform { urn name }
      dataTransformLogic { transforms { queryStatement { value language } } }
      ${PRIVILEGES}
      forms { completedForms { form { urn } } }
    }
  }`,
  container: `query getContainer($urn: String!) {
    container(urn: $urn) {
      urn
      ${PRIVILEGES}
      named: aspects(input: { aspectNames: ["containerProperties"] }) { aspectName }
      forms { completedForms { form { urn } } }
    }
  }`,
} as const;

const VERSIONED = `query getVersionedDataset($urn: String!, $versionStamp: String) {
  versionedDataset(urn: $urn, versionStamp: $versionStamp) {
    urn type name
    schema { name version fields { fieldPath nullable type nativeDataType isPartOfKey } lastObserved }
    editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description globalTags { tags { tag { urn } } } } }
  }
}`;

const QUERY_FIELDS = `urn
  properties {
    name description source statement { value language }
    created { time actor } createdOn { time actor { urn username } } lastModified { time actor }
    origin { urn type }
  }
  platform { urn name }
  subjects { dataset { urn type name } schemaField { urn type fieldPath } }`;

const GET_QUERY = `query getQuery($urn: String!) {
  entity(urn: $urn) { urn type ... on QueryEntity { ${QUERY_FIELDS} } }
}`;

const LIST_QUERIES = `query listQueries($input: ListQueriesInput!) {
  listQueries(input: $input) { start count total queries { ${QUERY_FIELDS} } }
}`;

const CONTRACT = `query getDatasetContract($urn: String!) {
  dataset(urn: $urn) {
    contract {
      urn type
      properties {
        freshness { assertion { urn type } }
        schema { assertion { urn } }
        dataQuality { assertion { urn } }
      }
      status { state }
      structuredProperties { properties { structuredProperty { urn } } }
    }
  }
}`;

const CONNECTION = `query connection($urn: String!) {
  connection(urn: $urn) { urn type details { type name json { blob } } platform { urn name } }
}`;

/** The root fields the documents read. */
type Root = keyof typeof DOCUMENTS | 'versionedDataset' | 'entity' | 'listQueries' | 'dataset' | 'connection';

const SETTINGS = '{"account":"shop-test","warehouse":"WH"}';

/** The svc server enforces the default policies; the li server runs with `--auth off` (every privilege). */
describe.each([
  { ns: 'svc', auth: 'standard' },
  { ns: 'li', auth: 'off' },
] as const)('the entity pages in the $ns namespace (auth $auth)', ({ ns, auth }) => {
  const u = (rest: string) => `urn:${ns}:${rest}`;
  const record = (name: string) => `com.${ns === 'li' ? 'linkedin' : 'svc'}.schema.${name}`;
  const ORDERS = u(`dataset:(${u('dataPlatform:hive')},shop.orders,PROD)`);
  const PAYMENTS = u(`dataset:(${u('dataPlatform:hive')},shop.payments,PROD)`);
  const CHART = u('chart:(looker,orders_chart)');
  const DASHBOARD = u('dashboard:(looker,orders_board)');
  const FLOW = u('dataFlow:(airflow,shop,PROD)');
  const JOB = u(`dataJob:(${FLOW},build_orders)`);
  const BARE_JOB = u(`dataJob:(${FLOW},bare)`);
  const CONTAINER = u('container:shop-db');
  const STATUS_FIELD = u(`schemaField:(${ORDERS},status)`);
  const MANUAL_QUERY = u('query:orders-by-status');
  const SYSTEM_QUERY = u('query:orders-load');
  const PAYMENTS_QUERY = u('query:payments');
  const ASSERTION = u('assertion:orders-fresh');
  const CONTRACT_URN = u('dataContract:orders');
  const CONNECTION_URN = u('dataHubConnection:warehouse');
  const HALF_CONNECTION = u('dataHubConnection:no-platform');
  const ANA = u('corpuser:ana');
  const stamp = (time: number) => ({ time, actor: ANA });
  const field = (fieldPath: string, kind: string) => ({
    fieldPath,
    nativeDataType: kind.toLowerCase(),
    type: { type: { [record(`${kind}Type`)]: {} } },
    nullable: false,
    recursive: false,
  });
  const schema = (fields: unknown[]) => ({
    schemaName: 'shop.orders',
    platform: u('dataPlatform:hive'),
    version: 0,
    hash: '',
    platformSchema: { [record('OtherSchema')]: { rawSchema: '' } },
    fields,
  });

  let server: MockServer;
  const read = async (query: string, variables: Record<string, unknown>, token = ADMIN) => {
    const reply = await graphql(server, { query, variables, token });
    expect(reply.status).toBe(200);
    return reply.json as { data?: Record<string, never>; errors?: { message: string }[] };
  };
  /** The answer's data, which must come without errors; each root field's value a record. */
  const data = async (query: string, variables: Record<string, unknown>, token = ADMIN) => {
    const body = await read(query, variables, token);
    expect(body.errors).toBeUndefined();
    return body.data as Record<Root, Record<string, unknown>>;
  };

  beforeAll(async () => {
    server = await startServer({ namespace: ns, auth });
    await ingest(server, ORDERS, 'schemaMetadata', schema([field('id', 'Number')]));
    await ingest(server, ORDERS, 'schemaMetadata', schema([field('id', 'Number'), field('status', 'String')]));
    await ingest(server, ORDERS, 'editableSchemaMetadata', {
      editableSchemaFieldInfo: [{ fieldPath: 'status', description: 'Where the order is.' }],
    });
    await ingest(server, CHART, 'chartInfo', { title: 'Orders', description: '', type: 'BAR', lastModified: {} });
    await ingest(server, CHART, 'chartQuery', { rawQuery: 'SELECT status, COUNT(*) FROM orders', type: 'SQL' });
    await ingest(server, CHART, 'embed', { renderUrl: 'https://bi.example.com/embed/orders' });
    await ingest(server, CHART, 'inputFields', {
      fields: [
        { schemaFieldUrn: STATUS_FIELD, schemaField: field('status', 'String') },
        { schemaFieldUrn: u(`schemaField:(${ORDERS},id)`) },
      ],
    });
    await ingest(server, DASHBOARD, 'dashboardInfo', { title: 'Orders board', description: '', lastModified: {} });
    await ingest(server, DASHBOARD, 'inputFields', { fields: [{ schemaFieldUrn: STATUS_FIELD }] });
    await ingest(server, FLOW, 'dataFlowInfo', { name: 'shop' });
    await ingest(server, JOB, 'dataJobInfo', { name: 'build_orders', type: 'COMMAND' });
    await ingest(server, JOB, 'dataPlatformInstance', { platform: u('dataPlatform:dbt') });
    await ingest(server, JOB, 'dataTransformLogic', {
      transforms: [{ queryStatement: { value: 'INSERT INTO orders SELECT * FROM staging' } }, {}],
    });
    await ingest(server, BARE_JOB, 'dataJobInfo', { name: 'bare', type: 'COMMAND' });
    await ingest(server, CONTAINER, 'containerProperties', { name: 'shop' });

    await ingest(server, MANUAL_QUERY, 'queryProperties', {
      statement: { value: 'SELECT status, COUNT(*) FROM shop.orders GROUP BY status', language: 'SQL' },
      source: 'MANUAL',
      name: 'Orders by status',
      description: 'Counts per status.',
      created: stamp(1_000),
      lastModified: stamp(2_000),
      origin: CHART,
    });
    await ingest(server, MANUAL_QUERY, 'querySubjects', { subjects: [{ entity: ORDERS }, { entity: STATUS_FIELD }] });
    await ingest(server, MANUAL_QUERY, 'dataPlatformInstance', { platform: u('dataPlatform:hive') });
    await ingest(server, SYSTEM_QUERY, 'queryProperties', {
      statement: { value: 'INSERT INTO shop.orders SELECT * FROM staging' },
      source: 'SYSTEM',
      created: stamp(3_000),
      lastModified: stamp(3_000),
    });
    await ingest(server, SYSTEM_QUERY, 'querySubjects', { subjects: [{ entity: ORDERS }] });
    await ingest(server, PAYMENTS_QUERY, 'queryProperties', {
      statement: { value: 'SELECT * FROM shop.payments' },
      source: 'MANUAL',
      created: stamp(5_000),
      lastModified: stamp(5_000),
    });
    await ingest(server, PAYMENTS_QUERY, 'querySubjects', { subjects: [{ entity: PAYMENTS }] });

    await ingest(server, ASSERTION, 'assertionInfo', {
      type: 'DATASET',
      datasetAssertion: { dataset: ORDERS, scope: 'DATASET_ROWS', operator: 'GREATER_THAN' },
    });
    await ingest(server, CONTRACT_URN, 'dataContractProperties', {
      entity: ORDERS,
      freshness: [{ assertion: ASSERTION }],
    });
    await ingest(server, CONTRACT_URN, 'dataContractStatus', { state: 'ACTIVE' });

    await ingest(server, CONNECTION_URN, 'dataHubConnectionDetails', {
      type: 'JSON',
      name: 'Warehouse',
      json: { encryptedBlob: encryptSecret(SETTINGS) },
    });
    await ingest(server, CONNECTION_URN, 'dataPlatformInstance', { platform: u('dataPlatform:snowflake') });
    await ingest(server, HALF_CONNECTION, 'dataHubConnectionDetails', { type: 'JSON' });
  });
  afterAll(() => server?.close());

  it("reads a chart's query, embed, input fields and raw aspects", async () => {
    const { chart } = await data(DOCUMENTS.chart, { urn: CHART });
    expect(chart).toMatchObject({
      urn: CHART,
      type: 'CHART',
      tool: 'looker',
      chartId: 'orders_chart',
      properties: { name: 'Orders', type: 'BAR' },
      query: { rawQuery: 'SELECT status, COUNT(*) FROM orders', type: 'SQL' },
      embed: { renderUrl: 'https://bi.example.com/embed/orders' },
      inputFields: {
        fields: [
          {
            schemaFieldUrn: STATUS_FIELD,
            schemaField: {
              fieldPath: 'status',
              type: 'STRING',
              nativeDataType: 'string',
              schemaFieldEntity: { urn: STATUS_FIELD },
            },
          },
          { schemaFieldUrn: u(`schemaField:(${ORDERS},id)`), schemaField: null },
        ],
      },
      autoRenderAspects: [],
      forms: null,
    });
    expect((chart.named as { aspectName: string }[]).map((a) => a.aspectName)).toEqual(['chartQuery', 'embed']);
    expect(JSON.parse((chart.named as { payload: string }[])[1]!.payload)).toEqual({
      renderUrl: 'https://bi.example.com/embed/orders',
    });
  });

  it("reads a dashboard's embed (none) and input fields", async () => {
    const { dashboard } = await data(DOCUMENTS.dashboard, { urn: DASHBOARD });
    expect(dashboard).toMatchObject({
      embed: null,
      inputFields: { fields: [{ schemaFieldUrn: STATUS_FIELD, schemaField: null }] },
      forms: null,
    });
  });

  // A job's platform is its dataPlatformInstance's: the stored one, or the orchestrator's the store writes by default.
  it("reads a job's platform and transform logic; a job without them has its orchestrator's and no logic", async () => {
    const { dataJob } = await data(DOCUMENTS.dataJob, { urn: JOB });
    expect(dataJob).toMatchObject({
      platform: { urn: u('dataPlatform:dbt'), name: 'dbt' },
      dataTransformLogic: {
        transforms: [
          { queryStatement: { value: 'INSERT INTO orders SELECT * FROM staging', language: 'SQL' } },
          { queryStatement: null },
        ],
      },
    });
    const bare = await data(DOCUMENTS.dataJob, { urn: BARE_JOB });
    expect(bare.dataJob).toMatchObject({
      platform: { urn: u('dataPlatform:airflow'), name: 'airflow' },
      dataTransformLogic: null,
    });
  });

  it("reads a flow's and a container's raw aspects", async () => {
    const { dataFlow } = await data(DOCUMENTS.dataFlow, { urn: FLOW });
    expect(dataFlow.named).toEqual([{ aspectName: 'dataFlowInfo', payload: JSON.stringify({ name: 'shop' }) }]);
    const { container } = await data(DOCUMENTS.container, { urn: CONTAINER });
    expect(container.named).toEqual([{ aspectName: 'containerProperties' }]);
  });

  // Which checks each type makes (EntityPrivilegesResolver): embed for charts and dashboards, queries and
  // the statistics views for datasets only; glossary management for none of these.
  it.each([
    ['chart', () => CHART, true],
    ['dashboard', () => DASHBOARD, true],
    ['dataFlow', () => FLOW, null],
    ['dataJob', () => JOB, null],
    ['container', () => CONTAINER, null],
  ] as const)("answers the %s's privileges for its type", async (root, urn, embed) => {
    const page = (await data(DOCUMENTS[root], { urn: urn() }))[root]!;
    expect(page.privileges).toEqual({
      canEditTags: true,
      canEditEmbed: embed,
      canEditLineage: true,
      canEditQueries: null,
      canViewDatasetUsage: null,
      canManageEntity: null,
    });
    if (auth === 'standard') {
      const asReader = (await data(DOCUMENTS[root], { urn: urn() }, READER))[root]!;
      expect(asReader.privileges).toMatchObject({ canEditTags: false, canEditLineage: false });
    }
  });

  it.each([
    ['no stamp: the latest of each aspect', undefined, ['id', 'status'], true],
    ['a stamp naming an older schema, and no edits', 'schemaMetadata:1', ['id'], false],
    ['a stamp naming both', 'schemaMetadata:0;editableSchemaMetadata:0', ['id', 'status'], true],
  ])('reads the dataset at a version stamp: %s', async (_name, versionStamp, fields, edited) => {
    const { versionedDataset } = await data(VERSIONED, { urn: ORDERS, versionStamp });
    expect(versionedDataset).toMatchObject({ urn: ORDERS, type: 'DATASET', name: 'shop.orders' });
    const read = versionedDataset as { schema: { fields: { fieldPath: string }[] }; editableSchemaMetadata: unknown };
    expect(read.schema.fields.map((f) => f.fieldPath)).toEqual(fields);
    expect(read.editableSchemaMetadata).toEqual(
      edited
        ? { editableSchemaFieldInfo: [{ fieldPath: 'status', description: 'Where the order is.', globalTags: null }] }
        : null,
    );
  });

  it('answers null for a dataset never written, and names a malformed version stamp', async () => {
    const { versionedDataset } = await data(VERSIONED, { urn: PAYMENTS });
    expect(versionedDataset).toBeNull();
    const bad = await read(VERSIONED, { urn: ORDERS, versionStamp: 'schemaMetadata' });
    expect(bad.errors?.[0]?.message).toMatch(/versionStamp/);
  });

  it('reads a Query entity: properties, creator, origin, platform and subjects', async () => {
    const { entity } = await data(GET_QUERY, { urn: MANUAL_QUERY });
    expect(entity).toEqual({
      urn: MANUAL_QUERY,
      type: 'QUERY',
      properties: {
        name: 'Orders by status',
        description: 'Counts per status.',
        source: 'MANUAL',
        statement: { value: 'SELECT status, COUNT(*) FROM shop.orders GROUP BY status', language: 'SQL' },
        created: { time: 1_000, actor: ANA },
        createdOn: { time: 1_000, actor: { urn: ANA, username: 'ana' } },
        lastModified: { time: 2_000, actor: ANA },
        origin: { urn: CHART, type: 'CHART' },
      },
      platform: { urn: u('dataPlatform:hive'), name: 'hive' },
      subjects: [
        { dataset: { urn: ORDERS, type: 'DATASET', name: 'shop.orders' }, schemaField: null },
        {
          dataset: { urn: ORDERS, type: 'DATASET', name: 'shop.orders' },
          schemaField: { urn: STATUS_FIELD, type: 'SCHEMA_FIELD', fieldPath: 'status' },
        },
      ],
    });
  });

  it.each([
    ['every query, the newest first', {}, [PAYMENTS_QUERY, SYSTEM_QUERY, MANUAL_QUERY]],
    ["a dataset's queries", { datasetUrn: ORDERS }, [SYSTEM_QUERY, MANUAL_QUERY]],
    ["a dataset's queries written by hand", { datasetUrn: ORDERS, source: 'MANUAL' }, [MANUAL_QUERY]],
    [
      'a search, oldest first',
      { query: 'orders', sortInput: { sortCriterion: { field: 'createdAt', sortOrder: 'ASCENDING' } } },
      [MANUAL_QUERY, SYSTEM_QUERY],
    ],
    ['a page', { start: 1, count: 1 }, [SYSTEM_QUERY]],
  ])('lists %s', async (_name, input, urns) => {
    const { listQueries } = await data(LIST_QUERIES, { input });
    expect((listQueries.queries as { urn: string }[]).map((q) => q.urn)).toEqual(urns);
    expect(listQueries.start).toBe((input as { start?: number }).start ?? 0);
  });

  it("reads a dataset's contract through its ContractFor edge; null for a dataset without one", async () => {
    const { dataset } = await data(CONTRACT, { urn: ORDERS });
    expect(dataset.contract).toEqual({
      urn: CONTRACT_URN,
      type: 'DATA_CONTRACT',
      properties: {
        freshness: [{ assertion: { urn: ASSERTION, type: 'ASSERTION' } }],
        schema: null,
        dataQuality: null,
      },
      status: { state: 'ACTIVE' },
      structuredProperties: null,
    });
    const other = await data(CONTRACT, { urn: PAYMENTS });
    expect(other.dataset.contract).toBeNull();
  });

  it('reads a connection, its settings only for a caller who may manage connections', async () => {
    const { connection } = await data(CONNECTION, { urn: CONNECTION_URN });
    expect(connection).toEqual({
      urn: CONNECTION_URN,
      type: 'DATAHUB_CONNECTION',
      // No default policy grants MANAGE_CONNECTIONS; with --auth off everyone holds it.
      details: { type: 'JSON', name: 'Warehouse', json: auth === 'off' ? { blob: SETTINGS } : null },
      platform: { urn: u('dataPlatform:snowflake'), name: 'snowflake' },
    });
    const half = await data(CONNECTION, { urn: HALF_CONNECTION });
    expect(half.connection).toBeNull();
    const wrongType = await read(CONNECTION, { urn: CHART });
    expect(wrongType.errors?.[0]?.message).toMatch(/urn/);
  });
});
