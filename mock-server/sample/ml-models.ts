/**
 * ML assets: the churn model (a model group in MLflow with two registered versions) and the Feast
 * feature table it is trained on (features and a primary key derived from the customer marts), with
 * training data, metrics, owners, tags and terms.
 */
import {
  DEFAULT_BROWSE_FOLDER,
  browsePathsV2,
  glossaryTerms,
  globalTags,
  ownership,
  type OwnerDefinition,
} from './common-aspects.js';
import { datasetUrn } from './datasets.js';
import { dataJobUrn } from './pipelines.js';
import type { SampleBuilder } from './sample-builder.js';

const GROUP = 'churn_prediction';
const FEATURE_TABLE = 'customer_features';
const OWNERS: OwnerDefinition[] = [
  { owner: 'user:farid.haddad', type: 'TECHNICAL_OWNER' },
  { owner: 'group:analytics', type: 'BUSINESS_OWNER' },
];

interface ModelVersion {
  version: string;
  description: string;
  ageDays: number;
  auc: string;
  hyperParams: Record<string, string>;
  features: string[];
}

const MODEL_VERSIONS: readonly ModelVersion[] = [
  {
    version: '1',
    description: 'First churn model: logistic regression on order recency and frequency.',
    ageDays: 180,
    auc: '0.74',
    hyperParams: { penalty: 'l2', C: '1.0' },
    features: ['order_count_90d', 'days_since_last_order'],
  },
  {
    version: '2',
    description: 'Gradient-boosted trees on recency, frequency and order value; the version in production.',
    ageDays: 30,
    auc: '0.81',
    hyperParams: { max_depth: '6', learning_rate: '0.05', n_estimators: '400' },
    features: ['order_count_90d', 'days_since_last_order', 'avg_order_value'],
  },
];

interface FeatureDefinition {
  name: string;
  description: string;
  dataType: 'COUNT' | 'CONTINUOUS';
}

const FEATURES: readonly FeatureDefinition[] = [
  { name: 'order_count_90d', description: 'Orders the customer placed in the last 90 days.', dataType: 'COUNT' },
  {
    name: 'days_since_last_order',
    description: 'Whole days between the last order and the feature date.',
    dataType: 'COUNT',
  },
  { name: 'avg_order_value', description: 'Mean gross order value over all orders, USD.', dataType: 'CONTINUOUS' },
];

const PRIMARY_KEY = { name: 'customer_id', description: 'The customer the feature row describes.' };

/** A registered version's name, which its URN holds. */
function modelName(version: string): string {
  return `${GROUP}_v${version}`;
}

type MlAsset = 'group' | 'model-v1' | 'model-v2' | 'feature-table';

/** The URN of one of the sample's ML assets. */
export function mlAssetUrn(b: SampleBuilder, asset: MlAsset): string {
  switch (asset) {
    case 'group':
      return b.mlModelGroup('mlflow', GROUP);
    case 'feature-table':
      return b.mlFeatureTable('feast', FEATURE_TABLE);
    default:
      return b.mlModel('mlflow', modelName(asset.slice('model-v'.length)));
  }
}

export function addMlModels(b: SampleBuilder): void {
  const actor = b.user('farid.haddad');
  const trainingJob = dataJobUrn(b, 'churn_training', 'train_churn_model');
  const group = mlAssetUrn(b, 'group');
  const groupCreated = b.stamp(200, actor);
  b.add(group, 'mlModelGroupProperties', {
    name: GROUP,
    description: 'Predicts whether a customer will place no order in the next 90 days.',
    created: groupCreated,
    lastModified: b.stamp(30, actor),
    trainingJobs: [trainingJob],
    customProperties: { framework: 'scikit-learn' },
    externalUrl: `https://mlflow.example.com/#/models/${GROUP}`,
  });
  addMlCommon(b, group, groupCreated, ['Commerce.Customer']);

  for (const m of MODEL_VERSIONS) {
    const urn = mlAssetUrn(b, `model-v${m.version}` as MlAsset);
    const created = b.stamp(m.ageDays, actor);
    b.add(urn, 'mlModelProperties', {
      name: modelName(m.version),
      description: m.description,
      date: created.time,
      version: { versionTag: m.version },
      type: m.version === '1' ? 'Logistic regression' : 'Gradient boosted trees',
      trainingMetrics: [
        { name: 'auc', description: 'Area under the ROC curve on the hold-out month.', value: m.auc },
        { name: 'training_rows', value: m.version === '1' ? '184000' : '231000' },
      ],
      hyperParams: Object.entries(m.hyperParams).map(([name, value]) => ({ name, value })),
      mlFeatures: m.features.map((f) => b.mlFeature(FEATURE_TABLE, f)),
      groups: [group],
      tags: m.version === '2' ? ['production'] : ['archived'],
      customProperties: { run_id: `run-${m.version}0${m.ageDays}` },
      externalUrl: `https://mlflow.example.com/#/models/${GROUP}/versions/${m.version}`,
    });
    b.add(urn, 'mlModelTrainingData', {
      trainingData: [
        { dataset: datasetUrn(b, 'customers'), motivation: 'Customer profiles and sign-up dates.' },
        {
          dataset: datasetUrn(b, 'customer_lifetime_value'),
          motivation: 'Order history per customer.',
          preProcessing: ['drop customers younger than 30 days'],
        },
      ],
    });
    addMlCommon(b, urn, created, m.version === '2' ? ['Commerce.Customer'] : []);
    if (m.version === '2') b.add(urn, 'globalTags', globalTags(b, ['Tier1']));
  }

  const table = mlAssetUrn(b, 'feature-table');
  const tableCreated = b.stamp(210, actor);
  b.add(table, 'mlFeatureTableProperties', {
    description: 'Per-customer features for the churn model, materialised daily from the customer marts.',
    mlFeatures: FEATURES.map((f) => b.mlFeature(FEATURE_TABLE, f.name)),
    mlPrimaryKeys: [b.mlPrimaryKey(FEATURE_TABLE, PRIMARY_KEY.name)],
    customProperties: { online_store: 'redis', ttl: '2 days' },
  });
  addMlCommon(b, table, tableCreated, []);
  for (const f of FEATURES) {
    const urn = b.mlFeature(FEATURE_TABLE, f.name);
    b.add(urn, 'mlFeatureProperties', {
      description: f.description,
      dataType: f.dataType,
      sources: [datasetUrn(b, 'customer_lifetime_value')],
    });
    addMlCommon(b, urn, tableCreated, []);
  }
  const key = b.mlPrimaryKey(FEATURE_TABLE, PRIMARY_KEY.name);
  b.add(key, 'mlPrimaryKeyProperties', {
    description: PRIMARY_KEY.description,
    dataType: 'TEXT',
    sources: [datasetUrn(b, 'customers')],
  });
  b.add(key, 'ownership', ownership(b, OWNERS, tableCreated));
  b.add(key, 'glossaryTerms', glossaryTerms(b, ['Commerce.Customer'], tableCreated));
  b.add(key, 'status', { removed: false });
}

/** Ownership, terms, the default browse folder and status, which every ML asset but a primary key takes. */
function addMlCommon(b: SampleBuilder, urn: string, created: { time: number; actor: string }, terms: string[]): void {
  b.add(urn, 'ownership', ownership(b, OWNERS, created));
  if (terms.length) b.add(urn, 'glossaryTerms', glossaryTerms(b, terms, created));
  b.add(urn, 'browsePathsV2', browsePathsV2([DEFAULT_BROWSE_FOLDER]));
  b.add(urn, 'status', { removed: false });
}
