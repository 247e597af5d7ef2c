/**
 * Pipelines and tasks: the Airflow DAGs (data flows) that load the raw sources into Hive, build the
 * Snowflake marts and train the churn model, and their tasks (data jobs) with the datasets each reads
 * and writes, so lineage passes through a task as it does in a deployment fed by the Airflow plugin.
 */
import {
  DEFAULT_BROWSE_FOLDER,
  browseEntry,
  browsePathsV2,
  globalTags,
  glossaryTerms,
  ownership,
  type OwnerDefinition,
} from './common-aspects.js';
import type { DatasetDefinition } from './dataset-definitions.js';
import { datasetUrn, fineGrainedLineages } from './datasets.js';
import type { TagName } from './glossary-and-tags.js';
import type { SampleBuilder } from './sample-builder.js';

interface TaskDefinition {
  id: string;
  name: string;
  description: string;
  /** The operator, upstream's free-form job type. */
  type: string;
  inputs: string[];
  outputs: string[];
  /** Tasks of the same flow that run before this one. */
  after?: string[];
  /** Column-level lineage into the fields of the first output. */
  fieldLineage?: DatasetDefinition['fieldLineage'];
}

interface FlowDefinition {
  id: string;
  name: string;
  description: string;
  schedule: string;
  owners: OwnerDefinition[];
  tags: TagName[];
  terms: string[];
  tasks: TaskDefinition[];
}

const FLOWS: readonly FlowDefinition[] = [
  {
    id: 'shop_ingest',
    name: 'Shop ingestion',
    description: 'Copies the shop backend, the order events and the payment exports into the clean Hive tables.',
    schedule: '0 * * * *',
    owners: [
      { owner: 'user:alice.chen', type: 'TECHNICAL_OWNER' },
      { owner: 'group:data-engineering', type: 'PRODUCER' },
    ],
    tags: ['Tier1'],
    terms: ['Commerce.Order'],
    tasks: [
      {
        id: 'load_customers',
        name: 'Load customers',
        description: 'Reads the changed customer rows from Postgres and merges them into clean.customers.',
        type: 'SparkSubmitOperator',
        inputs: ['customers_source'],
        outputs: ['customers'],
      },
      {
        id: 'clean_orders',
        name: 'Clean orders',
        description: 'Folds the order events of the last hour into one row per order, priced from the products table.',
        type: 'SparkSubmitOperator',
        inputs: ['order_events', 'products_source'],
        outputs: ['orders'],
        after: ['load_customers'],
      },
      {
        id: 'copy_payments',
        name: 'Copy payments',
        description: "Copies the payment provider's latest export from the landing bucket into clean.payments.",
        type: 'S3ToHiveOperator',
        inputs: ['payments_landing'],
        outputs: ['payments'],
      },
    ],
  },
  {
    id: 'marts_nightly',
    name: 'Nightly marts',
    description: 'Rebuilds the Snowflake marts from the clean tables once the day is complete.',
    schedule: '30 2 * * *',
    owners: [{ owner: 'user:chloe.martin', type: 'TECHNICAL_OWNER' }],
    tags: ['Finance'],
    terms: ['Commerce.Revenue'],
    tasks: [
      {
        id: 'build_daily_revenue',
        name: 'Build daily revenue',
        description: 'Aggregates orders and refunds per day into the revenue mart.',
        type: 'SnowflakeOperator',
        inputs: ['orders', 'payments'],
        outputs: ['daily_revenue'],
        fieldLineage: [
          { field: 'gross_revenue', from: [{ dataset: 'orders', field: 'total_amount' }], transform: 'SUM' },
          { field: 'refunds', from: [{ dataset: 'payments', field: 'amount_usd' }], transform: 'SUM' },
        ],
      },
      {
        id: 'build_customer_lifetime_value',
        name: 'Build customer lifetime value',
        description: "Sums each customer's orders to date and adds the predicted value of the churn model.",
        type: 'SnowflakeOperator',
        inputs: ['orders', 'customers', 'payments'],
        outputs: ['customer_lifetime_value'],
        after: ['build_daily_revenue'],
      },
      {
        id: 'build_funnel_conversion',
        name: 'Build funnel conversion',
        description: 'Counts sessions, product views, carts and orders per day and device.',
        type: 'SnowflakeOperator',
        inputs: ['page_views', 'orders'],
        outputs: ['funnel_conversion'],
      },
    ],
  },
  {
    id: 'churn_training',
    name: 'Churn model training',
    description: 'Retrains the churn model every week on the latest customer features and registers it in MLflow.',
    schedule: '0 4 * * 1',
    owners: [{ owner: 'user:farid.haddad', type: 'TECHNICAL_OWNER' }],
    tags: [],
    terms: [],
    tasks: [
      {
        id: 'train_churn_model',
        name: 'Train churn model',
        description: 'Fits a gradient-boosted classifier on twelve months of customer history.',
        type: 'PythonOperator',
        inputs: ['customers', 'customer_lifetime_value'],
        outputs: [],
      },
    ],
  },
];

export function dataFlowUrn(b: SampleBuilder, flowId: string): string {
  return b.dataFlow('airflow', flowId);
}

export function dataJobUrn(b: SampleBuilder, flowId: string, taskId: string): string {
  return b.dataJob(dataFlowUrn(b, flowId), taskId);
}

const AIRFLOW_URL = 'https://airflow.example.com';

export function addPipelines(b: SampleBuilder): void {
  FLOWS.forEach((f, i) => {
    const flow = dataFlowUrn(b, f.id);
    const actor = b.user(f.owners[0]?.owner.replace(/^user:/, '') ?? 'alice.chen');
    const created = b.stamp(400 - i * 50, actor);
    const modified = b.stamp(4 + i, actor);
    b.add(flow, 'dataFlowInfo', {
      name: f.name,
      description: f.description,
      project: 'northwind-data',
      customProperties: { schedule_interval: f.schedule, catchup: 'false' },
      externalUrl: `${AIRFLOW_URL}/dags/${f.id}/grid`,
      created: { time: created.time },
      lastModified: { time: modified.time },
      env: 'PROD',
    });
    b.add(flow, 'ownership', ownership(b, f.owners, created));
    if (f.tags.length) b.add(flow, 'globalTags', globalTags(b, f.tags));
    if (f.terms.length) b.add(flow, 'glossaryTerms', glossaryTerms(b, f.terms, created));
    b.add(flow, 'browsePathsV2', browsePathsV2([DEFAULT_BROWSE_FOLDER]));
    b.add(flow, 'status', { removed: false });
    for (const t of f.tasks) {
      const job = dataJobUrn(b, f.id, t.id);
      b.add(job, 'dataJobInfo', {
        name: t.name,
        description: t.description,
        type: { string: t.type },
        flowUrn: flow,
        customProperties: { operator: t.type },
        externalUrl: `${AIRFLOW_URL}/dags/${f.id}/grid?task_id=${t.id}`,
        created: { time: created.time },
        lastModified: { time: modified.time },
        env: 'PROD',
      });
      b.add(job, 'dataJobInputOutput', {
        inputDatasets: t.inputs.map((id) => datasetUrn(b, id)),
        outputDatasets: t.outputs.map((id) => datasetUrn(b, id)),
        ...(t.after ? { inputDatajobs: t.after.map((id) => dataJobUrn(b, f.id, id)) } : {}),
        ...(t.fieldLineage && t.outputs[0]
          ? { fineGrainedLineages: fineGrainedLineages(b, t.outputs[0], t.fieldLineage) }
          : {}),
      });
      b.add(job, 'ownership', ownership(b, f.owners, created));
      // Upstream's default browsePathsV2 of a data job: the folder of its flow.
      b.add(job, 'browsePathsV2', browsePathsV2([browseEntry(flow)]));
      b.add(job, 'status', { removed: false });
    }
  });
}
