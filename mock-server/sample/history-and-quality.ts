/**
 * What the lineage, history and quality tabs of the orders table show. Two earlier versions of its
 * schema, so the timeline and the schema blame have changes to show (written before the datasets, so
 * the current schema stays the latest): 120 days ago without the partition column and the line items,
 * the amount a narrower decimal; 45 days ago the partition column added and the amount widened; the
 * line items added with the current version. Its dbt model as a sibling, a row-count assertion with a
 * month of daily runs (the last one failed) and the incident that failure raised. The column lineage
 * through the revenue job is in the pipelines (`pipelines.ts`).
 */
import { ownerUrn, ownership } from './common-aspects.js';
import { DATASETS } from './dataset-definitions.js';
import { datasetUrn, schemaMetadata } from './datasets.js';
import type { SampleBuilder } from './sample-builder.js';

const EARLIER_SCHEMAS = [
  {
    daysAgo: 120,
    without: ['order_date', 'line_items', 'line_items.sku', 'line_items.quantity'],
    retyped: { total_amount: 'decimal(10,2)' } as Record<string, string>,
  },
  {
    daysAgo: 45,
    without: ['line_items', 'line_items.sku', 'line_items.quantity'],
    retyped: {} as Record<string, string>,
  },
];

/** A run a day, like the sample's other series (`time-series.ts`). */
const RUN_DAYS = 30;

function addSchemaHistory(b: SampleBuilder, orders: string): void {
  const definition = DATASETS.find((d) => d.id === 'orders')!;
  const owner = ownerUrn(b, definition.owners[0]!.owner);
  const created = b.stamp(definition.ageDays, owner);
  for (const version of EARLIER_SCHEMAS) {
    const fields = definition.fields
      .filter((f) => !version.without.includes(f.path))
      .map((f) => ({ ...f, nativeDataType: version.retyped[f.path] ?? f.nativeDataType }));
    const written = b.stamp(version.daysAgo, owner);
    b.add(orders, 'schemaMetadata', schemaMetadata(b, { ...definition, fields }, orders, created, written), written);
  }
}

function addSibling(b: SampleBuilder, orders: string): void {
  const model = b.dataset('dbt', 'shop.clean.orders');
  b.add(model, 'datasetProperties', {
    name: 'orders',
    qualifiedName: 'shop.clean.orders',
    description: 'The dbt model that builds clean.orders.',
  });
  b.add(
    model,
    'ownership',
    ownership(b, [{ owner: 'user:hiro.tanaka', type: 'TECHNICAL_OWNER' }], b.stamp(30, b.user('hiro.tanaka'))),
  );
  b.add(model, 'siblings', { siblings: [orders], primary: false });
  b.add(orders, 'siblings', { siblings: [model], primary: true });
}

function addAssertionAndIncident(b: SampleBuilder, orders: string): void {
  const assertion = b.urn('assertion', 'orders-row-count');
  const monitor = b.user('datahub');
  b.add(assertion, 'assertionInfo', {
    type: 'DATASET',
    description: 'clean.orders gains rows every day',
    datasetAssertion: {
      dataset: orders,
      scope: 'DATASET_ROWS',
      aggregation: 'ROW_COUNT',
      operator: 'GREATER_THAN',
      parameters: { value: { value: '0', type: 'NUMBER' } },
    },
    source: { type: 'NATIVE', created: b.stamp(30, monitor) },
  });
  for (let day = RUN_DAYS - 1; day >= 0; day--) {
    const failed = day === 0;
    b.add(assertion, 'assertionRunEvent', {
      timestampMillis: b.stamp(day, monitor).time,
      runId: `orders-row-count-${RUN_DAYS - day}`,
      asserteeUrn: orders,
      assertionUrn: assertion,
      status: 'COMPLETE',
      result: {
        type: failed ? 'FAILURE' : 'SUCCESS',
        rowCount: failed ? 0 : 41_000 + (RUN_DAYS - day) * 1_250,
        actualAggValue: failed ? 0 : 1_250,
      },
    });
  }
  const raised = b.stamp(0, monitor);
  b.add(b.urn('incident', 'orders-late-load'), 'incidentInfo', {
    type: 'FRESHNESS',
    title: 'clean.orders not loaded today',
    description: "Today's load added no rows; the row-count assertion failed.",
    entities: [orders],
    priority: 1,
    status: { state: 'ACTIVE', stage: 'INVESTIGATION', lastUpdated: raised },
    source: { type: 'ASSERTION_FAILURE', sourceUrn: assertion },
    created: raised,
  });
}

export function addHistoryAndQuality(b: SampleBuilder): void {
  const orders = datasetUrn(b, 'orders');
  addSchemaHistory(b, orders);
  addSibling(b, orders);
  addAssertionAndIncident(b, orders);
}
