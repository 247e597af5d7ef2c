/**
 * Structured properties: three properties the governance group defines (retention, classification,
 * cost centre), each a structuredProperty entity with its definition, and the values some datasets,
 * dashboards and pipelines hold for them in their `structuredProperties` aspect.
 */
import { datasetUrn } from './datasets.js';
import { dataFlowUrn } from './pipelines.js';
import type { SampleBuilder } from './sample-builder.js';

type Value = string | number;

interface PropertyDefinition {
  qualifiedName: string;
  displayName: string;
  description: string;
  /** Upstream's data type id: `datahub.string`, `datahub.number`, ... */
  valueType: 'datahub.string' | 'datahub.number';
  cardinality: 'SINGLE' | 'MULTIPLE';
  /** Upstream's entity type ids: `datahub.dataset`, ... */
  entityTypes: string[];
  allowedValues?: { value: Value; description: string }[];
  /** The values of the property, by the entity that holds them. */
  values: (b: SampleBuilder) => [urn: string, values: Value[]][];
}

const PROPERTIES: readonly PropertyDefinition[] = [
  {
    qualifiedName: 'retail.governance.retentionDays',
    displayName: 'Retention (days)',
    description: 'How many days records are kept before they are deleted or anonymised.',
    valueType: 'datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['datahub.dataset'],
    values: (b) => [
      [datasetUrn(b, 'order_events'), [7]],
      [datasetUrn(b, 'page_view_events'), [3]],
      [datasetUrn(b, 'customers_source'), [3650]],
      [datasetUrn(b, 'customers'), [1095]],
      [datasetUrn(b, 'page_views'), [395]],
    ],
  },
  {
    qualifiedName: 'retail.governance.classification',
    displayName: 'Data classification',
    description: 'Who may see the data, under the company information security policy.',
    valueType: 'datahub.string',
    cardinality: 'SINGLE',
    entityTypes: ['datahub.dataset', 'datahub.dashboard', 'datahub.chart'],
    allowedValues: [
      { value: 'Public', description: 'May be published outside the company.' },
      { value: 'Internal', description: 'Any employee may see it.' },
      { value: 'Confidential', description: 'Only the teams that need it.' },
      { value: 'Restricted', description: 'Named people only; every access is audited.' },
    ],
    values: (b) => [
      [datasetUrn(b, 'customers_source'), ['Restricted']],
      [datasetUrn(b, 'customers'), ['Confidential']],
      [datasetUrn(b, 'daily_revenue'), ['Confidential']],
      [datasetUrn(b, 'funnel_conversion'), ['Internal']],
      [b.dashboard('looker', 'executive_revenue'), ['Confidential']],
      [b.chart('superset', 'checkout_funnel'), ['Internal']],
    ],
  },
  {
    qualifiedName: 'retail.finance.costCenter',
    displayName: 'Cost centre',
    description: 'The cost centres the storage and compute of the asset are charged to.',
    valueType: 'datahub.string',
    cardinality: 'MULTIPLE',
    entityTypes: ['datahub.dataset', 'datahub.dataFlow'],
    values: (b) => [
      [datasetUrn(b, 'daily_revenue'), ['CC-410 Finance', 'CC-220 Analytics']],
      [datasetUrn(b, 'orders'), ['CC-210 Data Platform']],
      [dataFlowUrn(b, 'shop_ingest'), ['CC-210 Data Platform']],
    ],
  },
];

/** A value as upstream's union of a string and a double writes it. */
function primitive(value: Value): Record<string, Value> {
  return typeof value === 'number' ? { double: value } : { string: value };
}

export function addStructuredProperties(b: SampleBuilder): void {
  const steward = b.user('grace.okafor');
  const assigned = new Map<string, Record<string, unknown>[]>();
  PROPERTIES.forEach((p, i) => {
    const urn = b.structuredProperty(p.qualifiedName);
    const created = b.stamp(240 - i * 20, steward);
    b.add(urn, 'propertyDefinition', {
      qualifiedName: p.qualifiedName,
      displayName: p.displayName,
      description: p.description,
      valueType: b.urn('dataType', p.valueType),
      cardinality: p.cardinality,
      entityTypes: p.entityTypes.map((t) => b.urn('entityType', t)),
      ...(p.allowedValues
        ? { allowedValues: p.allowedValues.map((a) => ({ value: primitive(a.value), description: a.description })) }
        : {}),
      immutable: false,
      created,
      lastModified: created,
    });
    b.add(urn, 'status', { removed: false });
    const stamp = b.stamp(200 - i * 20, steward);
    for (const [entity, values] of p.values(b)) {
      const assignment = { propertyUrn: urn, values: values.map(primitive), created: stamp, lastModified: stamp };
      assigned.set(entity, [...(assigned.get(entity) ?? []), assignment]);
    }
  });
  for (const [entity, properties] of assigned) b.add(entity, 'structuredProperties', { properties });
}
