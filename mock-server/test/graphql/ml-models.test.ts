/**
 * Models, model groups, features, primary keys and feature tables through GraphQL, in both namespaces,
 * as upstream maps them (datahub-graphql-core/.../types/mlmodel/mappers/MLModelMapper.java,
 * MLModelPropertiesMapper.java, MLModelGroupMapper.java, MLFeatureMapper.java, MLPrimaryKeyMapper.java,
 * MLFeatureTableMapper.java at v1.3.0.1; root fields from entity.graphql, versionProperties from
 * versioning.graphql): the entity page root fields in the shape of the app's model and feature pages,
 * search results with the app's inline fragments per type, `entity(urn)` and `entities(urns)`, the
 * MemberOf and Contains edges, and a model's version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

describe.each(['svc', 'li'] as const)('ML entities in the %s namespace', (ns) => {
  const MLFLOW = `urn:${ns}:dataPlatform:mlflow`;
  const GROUP = `urn:${ns}:mlModelGroup:(${MLFLOW},churn,PROD)`;
  const MODEL = `urn:${ns}:mlModel:(${MLFLOW},churn-v2,PROD)`;
  const FEATURE = `urn:${ns}:mlFeature:(customers,tenure_days)`;
  const KEY = `urn:${ns}:mlPrimaryKey:(customers,customer_id)`;
  const TABLE = `urn:${ns}:mlFeatureTable:(urn:${ns}:dataPlatform:feast,customers)`;
  const SOURCE = `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,crm.customers,PROD)`;
  const VERSIONS = `urn:${ns}:versionSet:(churn,mlModel)`;
  const OWNER = `urn:${ns}:corpuser:ana`;
  const TRAINING = `urn:${ns}:dataProcessInstance:train-churn-v2`;

  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace: ns });
    await ingest(server, MODEL, 'mlModelProperties', {
      name: 'Churn v2',
      description: 'Predicts churn within 30 days.',
      date: 1_700_000_000_000,
      version: { versionTag: '2' },
      type: 'gradient boosted trees',
      hyperParams: [{ name: 'max_depth', value: '6', description: 'Tree depth' }],
      trainingMetrics: [{ name: 'auc', value: '0.91' }],
      mlFeatures: [FEATURE],
      tags: ['prod'],
      groups: [GROUP],
      trainingJobs: [TRAINING],
      customProperties: { framework: 'xgboost' },
    });
    await ingest(server, MODEL, 'editableMlModelProperties', { description: 'Reviewed by the risk team.' });
    await ingest(server, MODEL, 'ownership', {
      owners: [{ owner: OWNER, type: 'TECHNICAL_OWNER' }],
      lastModified: { time: 1, actor: OWNER },
    });
    await ingest(server, MODEL, 'globalTags', { tags: [{ tag: `urn:${ns}:tag:Critical` }] });
    await ingest(server, MODEL, 'versionProperties', {
      versionSet: VERSIONS,
      version: { versionTag: '2' },
      aliases: [{ versionTag: 'champion' }],
      sortId: '00002',
      isLatest: true,
    });
    await ingest(server, VERSIONS, 'versionSetProperties', { latest: MODEL, versioningScheme: 'LEXICOGRAPHIC_STRING' });
    await ingest(server, GROUP, 'mlModelGroupProperties', {
      description: 'Every churn model.',
      createdAt: 1_690_000_000_000,
      version: { versionTag: '1' },
    });
    await ingest(server, FEATURE, 'mlFeatureProperties', {
      description: 'Days since signup.',
      dataType: 'CONTINUOUS',
      version: { versionTag: '3' },
      sources: [SOURCE],
    });
    await ingest(server, FEATURE, 'editableMlFeatureProperties', { description: 'Whole days.' });
    await ingest(server, KEY, 'mlPrimaryKeyProperties', {
      description: 'The customer.',
      dataType: 'NOMINAL',
      sources: [SOURCE],
    });
    await ingest(server, TABLE, 'mlFeatureTableProperties', {
      description: 'Customer features.',
      mlFeatures: [FEATURE],
      mlPrimaryKeys: [KEY],
    });
    await ingest(server, SOURCE, 'datasetProperties', { name: 'customers', customProperties: {} });
    await ingest(server, TRAINING, 'dataProcessInstanceProperties', {
      name: 'train churn v2',
      created: { time: 5, actor: OWNER },
    });
  });
  afterAll(() => server.close());

  async function data(query: string, variables: Record<string, unknown> = {}) {
    const reply = await graphql(server, { query, variables, token: ADMIN });
    expect(reply.status).toBe(200);
    expect(reply.json.errors).toBeUndefined();
    return reply.json.data as Record<string, any>;
  }

  it('answers the model page: key fields, properties, editable description, owners, tags and groups', async () => {
    const { mlModel } = await data(
      `query getMLModel($urn: String!) {
        mlModel(urn: $urn) {
          urn type exists name origin description
          platform { urn name }
          properties {
            name description date version type mlFeatures tags externalUrl
            hyperParams { name description value }
            trainingMetrics { name value }
            customProperties { key value }
            groups { urn name description }
            mlModelLineageInfo { trainingJobs downstreamJobs }
          }
          editableProperties { description }
          ownership { owners { owner { ... on CorpUser { urn } } type } }
          globalTags { tags { tag { urn } } }
          versionProperties { isLatest version { versionTag } aliases { versionTag } versionSet { urn latestVersion { urn } } }
        }
      }`,
      { urn: MODEL },
    );
    expect(mlModel).toMatchObject({
      urn: MODEL,
      type: 'MLMODEL',
      exists: true,
      name: 'churn-v2',
      origin: 'PROD',
      description: 'Predicts churn within 30 days.',
      platform: { urn: MLFLOW, name: 'mlflow' },
      properties: {
        name: 'Churn v2',
        date: 1_700_000_000_000,
        version: '2',
        type: 'gradient boosted trees',
        mlFeatures: [FEATURE],
        tags: ['prod'],
        externalUrl: null,
        hyperParams: [{ name: 'max_depth', description: 'Tree depth', value: '6' }],
        trainingMetrics: [{ name: 'auc', value: '0.91' }],
        customProperties: [{ key: 'framework', value: 'xgboost' }],
        groups: [{ urn: GROUP, name: 'churn', description: 'Every churn model.' }],
        mlModelLineageInfo: { trainingJobs: [TRAINING], downstreamJobs: null },
      },
      editableProperties: { description: 'Reviewed by the risk team.' },
      ownership: { owners: [{ owner: { urn: OWNER }, type: 'TECHNICAL_OWNER' }] },
      globalTags: { tags: [{ tag: { urn: `urn:${ns}:tag:Critical` } }] },
      versionProperties: {
        isLatest: true,
        version: { versionTag: '2' },
        aliases: [{ versionTag: 'champion' }],
        versionSet: { urn: VERSIONS, latestVersion: { urn: MODEL } },
      },
    });
  });

  it('follows the TrainedBy edge from a model to the run that trained it, as lineage', async () => {
    const { mlModel } = await data(
      `query getMLModelLineage($urn: String!) {
        mlModel(urn: $urn) {
          upstream: lineage(input: { direction: UPSTREAM, start: 0, count: 10 }) {
            total relationships { type entity { urn type } }
          }
        }
      }`,
      { urn: MODEL },
    );
    expect(mlModel.upstream.relationships).toContainEqual({
      type: 'TrainedBy',
      entity: { urn: TRAINING, type: 'DATA_PROCESS_INSTANCE' },
    });
  });

  it('backfills a group name from the URN and lists its member models through MemberOf', async () => {
    const { mlModelGroup } = await data(
      `query getMLModelGroup($urn: String!) {
        mlModelGroup(urn: $urn) {
          urn type name origin description
          platform { urn }
          properties { name description createdAt version { versionTag } }
          incoming: relationships(input: { types: ["MemberOf"], direction: INCOMING, start: 0, count: 10 }) {
            total relationships { type entity { urn ... on MLModel { name properties { name } } } }
          }
        }
      }`,
      { urn: GROUP },
    );
    expect(mlModelGroup).toEqual({
      urn: GROUP,
      type: 'MLMODEL_GROUP',
      name: 'churn',
      origin: 'PROD',
      description: 'Every churn model.',
      platform: { urn: MLFLOW },
      properties: {
        name: 'churn',
        description: 'Every churn model.',
        createdAt: 1_690_000_000_000,
        version: { versionTag: '1' },
      },
      incoming: {
        total: 1,
        relationships: [
          { type: 'MemberOf', entity: { urn: MODEL, name: 'churn-v2', properties: { name: 'Churn v2' } } },
        ],
      },
    });
  });

  it('answers the feature page, and the feature table that Contains it', async () => {
    const { mlFeature } = await data(
      `query getMLFeature($urn: String!) {
        mlFeature(urn: $urn) {
          urn type name featureNamespace description dataType
          featureProperties { description dataType version { versionTag } sources { urn name } }
          properties { description }
          editableProperties { description }
          tables: relationships(input: { types: ["Contains"], direction: INCOMING, start: 0, count: 10 }) {
            total relationships { entity { urn ... on MLFeatureTable { name platform { urn } } } }
          }
        }
      }`,
      { urn: FEATURE },
    );
    expect(mlFeature).toEqual({
      urn: FEATURE,
      type: 'MLFEATURE',
      name: 'tenure_days',
      featureNamespace: 'customers',
      description: 'Days since signup.',
      dataType: 'CONTINUOUS',
      featureProperties: {
        description: 'Days since signup.',
        dataType: 'CONTINUOUS',
        version: { versionTag: '3' },
        sources: [{ urn: SOURCE, name: 'crm.customers' }],
      },
      properties: { description: 'Days since signup.' },
      editableProperties: { description: 'Whole days.' },
      tables: {
        total: 1,
        relationships: [
          { entity: { urn: TABLE, name: 'customers', platform: { urn: `urn:${ns}:dataPlatform:feast` } } },
        ],
      },
    });
  });

  it('answers the feature table page with its features and primary keys', async () => {
    const { mlFeatureTable, mlPrimaryKey } = await data(
      `query getMLFeatureTable($table: String!, $key: String!) {
        mlFeatureTable(urn: $table) {
          urn type name description
          featureTableProperties {
            description
            mlFeatures { urn name featureNamespace }
            mlPrimaryKeys { urn name primaryKeyProperties { dataType } }
          }
        }
        mlPrimaryKey(urn: $key) { urn type name featureNamespace dataType properties { description sources { urn } } }
      }`,
      { table: TABLE, key: KEY },
    );
    expect(mlFeatureTable).toEqual({
      urn: TABLE,
      type: 'MLFEATURE_TABLE',
      name: 'customers',
      description: 'Customer features.',
      featureTableProperties: {
        description: 'Customer features.',
        mlFeatures: [{ urn: FEATURE, name: 'tenure_days', featureNamespace: 'customers' }],
        mlPrimaryKeys: [{ urn: KEY, name: 'customer_id', primaryKeyProperties: { dataType: 'NOMINAL' } }],
      },
    });
    expect(mlPrimaryKey).toEqual({
      urn: KEY,
      type: 'MLPRIMARY_KEY',
      name: 'customer_id',
      featureNamespace: 'customers',
      dataType: 'NOMINAL',
      properties: { description: 'The customer.', sources: [{ urn: SOURCE }] },
    });
  });

  it('resolves every ML type through entities(urns) and search results with their inline fragments', async () => {
    const { entities } = await data(
      `query getEntities($urns: [String!]!) {
        entities(urns: $urns) {
          urn type
          ... on MLModel { name }
          ... on MLModelGroup { name }
          ... on MLFeature { name }
          ... on MLPrimaryKey { name }
          ... on MLFeatureTable { name }
        }
      }`,
      { urns: [MODEL, GROUP, FEATURE, KEY, TABLE] },
    );
    expect(entities).toEqual([
      { urn: MODEL, type: 'MLMODEL', name: 'churn-v2' },
      { urn: GROUP, type: 'MLMODEL_GROUP', name: 'churn' },
      { urn: FEATURE, type: 'MLFEATURE', name: 'tenure_days' },
      { urn: KEY, type: 'MLPRIMARY_KEY', name: 'customer_id' },
      { urn: TABLE, type: 'MLFEATURE_TABLE', name: 'customers' },
    ]);
    const { searchAcrossEntities } = await data(
      `query getSearchResultsForMultiple($input: SearchAcrossEntitiesInput!) {
        searchAcrossEntities(input: $input) {
          total
          searchResults {
            entity {
              urn type
              ... on MLModel { name description origin platform { urn } properties { name } }
              ... on MLModelGroup { name description origin platform { urn } }
              ... on MLFeatureTable { name description platform { urn } featureTableProperties { description } }
            }
          }
        }
      }`,
      { input: { types: ['MLMODEL', 'MLMODEL_GROUP', 'MLFEATURE_TABLE'], query: '*', start: 0, count: 10 } },
    );
    const found = Object.fromEntries(
      (searchAcrossEntities.searchResults as { entity: { urn: string } }[]).map((r) => [r.entity.urn, r.entity]),
    );
    expect(searchAcrossEntities.total).toBe(3);
    expect(found[MODEL]).toEqual({
      urn: MODEL,
      type: 'MLMODEL',
      name: 'churn-v2',
      description: 'Predicts churn within 30 days.',
      origin: 'PROD',
      platform: { urn: MLFLOW },
      properties: { name: 'Churn v2' },
    });
    expect(found[TABLE]).toMatchObject({
      type: 'MLFEATURE_TABLE',
      featureTableProperties: { description: 'Customer features.' },
    });
  });

  it('answers null for an ML URN never written, and refuses a URN of another type at an ML root', async () => {
    const { mlModel } = await data(
      `{ mlModel(urn: "urn:${ns}:mlModel:(${MLFLOW},absent,PROD)") { urn exists properties { name } } }`,
    );
    expect(mlModel).toEqual({ urn: `urn:${ns}:mlModel:(${MLFLOW},absent,PROD)`, exists: false, properties: null });
    const reply = await graphql(server, { query: `{ mlFeature(urn: "${MODEL}") { urn } }`, token: ADMIN });
    expect(reply.status).toBe(200);
    expect(reply.json.errors[0].message).toMatch(/urn/);
    expect(reply.json.data.mlFeature).toBeNull();
  });
});
