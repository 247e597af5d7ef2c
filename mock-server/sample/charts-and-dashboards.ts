/**
 * Charts and dashboards on Looker and Superset that read the sample's marts, so lineage runs from a
 * Kafka topic all the way to a dashboard.
 */
import { globalTags, glossaryTerms, ownerUrn, ownership, type OwnerDefinition } from './common-aspects.js';
import { datasetUrn } from './datasets.js';
import type { TagName } from './glossary-and-tags.js';
import type { SampleBuilder } from './sample-builder.js';

type Tool = 'looker' | 'superset';

interface ChartDefinition {
  tool: Tool;
  id: string;
  title: string;
  description: string;
  type: 'LINE' | 'BAR' | 'TABLE' | 'PIE' | 'AREA';
  access: 'PUBLIC' | 'PRIVATE';
  inputs: string[];
  owners: OwnerDefinition[];
  tags: TagName[];
  terms: string[];
}

const CHARTS: readonly ChartDefinition[] = [
  {
    tool: 'looker',
    id: 'revenue_by_day',
    title: 'Daily Revenue',
    description: 'Gross and net revenue per day over the last 90 days, with the 7-day moving average.',
    type: 'LINE',
    access: 'PUBLIC',
    inputs: ['daily_revenue'],
    owners: [{ owner: 'user:dev.patel', type: 'DATAOWNER' }],
    tags: ['Tier1', 'Finance'],
    terms: ['Commerce.Revenue'],
  },
  {
    tool: 'looker',
    id: 'revenue_by_payment_method',
    title: 'Revenue by Payment Method',
    description: 'Share of revenue per payment method and card brand, month to date.',
    type: 'PIE',
    access: 'PUBLIC',
    inputs: ['payments', 'daily_revenue'],
    owners: [{ owner: 'user:dev.patel', type: 'DATAOWNER' }],
    tags: ['Finance'],
    terms: [],
  },
  {
    tool: 'superset',
    id: 'checkout_funnel',
    title: 'Checkout Funnel',
    description: 'Sessions to orders, step by step, split by device type.',
    type: 'BAR',
    access: 'PUBLIC',
    inputs: ['funnel_conversion'],
    owners: [{ owner: 'user:isabel.garcia', type: 'DATAOWNER' }],
    tags: [],
    terms: [],
  },
  {
    tool: 'superset',
    id: 'top_customers_ltv',
    title: 'Top Customers by Lifetime Value',
    description: 'The 100 customers with the highest predicted 12-month value and their segment.',
    type: 'TABLE',
    access: 'PRIVATE',
    inputs: ['customer_lifetime_value'],
    owners: [{ owner: 'user:farid.haddad', type: 'DATAOWNER' }, { owner: 'group:analytics', type: 'BUSINESS_OWNER' }],
    tags: ['PII'],
    terms: ['Commerce.Customer'],
  },
];

interface DashboardDefinition {
  tool: Tool;
  id: string;
  title: string;
  description: string;
  charts: string[];
  /** Datasets the dashboard reads directly (not through a chart). */
  datasets: string[];
  /** Dashboards embedded in this one. */
  dashboards: string[];
  access: 'PUBLIC' | 'PRIVATE';
  owners: OwnerDefinition[];
  tags: TagName[];
}

const DASHBOARDS: readonly DashboardDefinition[] = [
  {
    tool: 'looker',
    id: 'executive_revenue',
    title: 'Executive Revenue Overview',
    description: 'Revenue, orders and payment mix for the weekly leadership meeting.',
    charts: ['revenue_by_day', 'revenue_by_payment_method'],
    datasets: ['daily_revenue'],
    dashboards: [],
    access: 'PUBLIC',
    owners: [{ owner: 'user:chloe.martin', type: 'DATAOWNER' }, { owner: 'group:analytics', type: 'BUSINESS_OWNER' }],
    tags: ['Tier1'],
  },
  {
    tool: 'superset',
    id: 'growth_funnel',
    title: 'Growth Funnel',
    description: 'Where shoppers drop out of the checkout, and which customers are worth the most.',
    charts: ['checkout_funnel', 'top_customers_ltv'],
    datasets: ['funnel_conversion'],
    dashboards: ['executive_revenue'],
    access: 'PRIVATE',
    owners: [{ owner: 'user:isabel.garcia', type: 'DATAOWNER' }, { owner: 'user:emma.johansson', type: 'STAKEHOLDER' }],
    tags: [],
  },
];

function chartUrn(b: SampleBuilder, id: string): string {
  const chart = CHARTS.find((c) => c.id === id);
  if (!chart) throw new Error(`sample: no chart '${id}'`);
  return b.chart(chart.tool, chart.id);
}

function dashboardUrn(b: SampleBuilder, id: string): string {
  const dashboard = DASHBOARDS.find((d) => d.id === id);
  if (!dashboard) throw new Error(`sample: no dashboard '${id}'`);
  return b.dashboard(dashboard.tool, dashboard.id);
}

const TOOL_URL: Record<Tool, string> = {
  looker: 'https://looker.example.com',
  superset: 'https://superset.example.com',
};

export function addChartsAndDashboards(b: SampleBuilder): void {
  CHARTS.forEach((c, i) => {
    const urn = b.chart(c.tool, c.id);
    const created = b.stamp(120 - i * 10, ownerOf(b, c.owners));
    const modified = b.stamp(5 + i, ownerOf(b, c.owners));
    b.add(urn, 'chartInfo', {
      title: c.title,
      description: c.description,
      lastModified: { created, lastModified: modified },
      chartUrl: `${TOOL_URL[c.tool]}/charts/${c.id}`,
      externalUrl: `${TOOL_URL[c.tool]}/charts/${c.id}`,
      inputs: c.inputs.map((id) => ({ string: datasetUrn(b, id) })),
      type: c.type,
      access: c.access,
      customProperties: { refresh: 'hourly' },
    });
    b.add(urn, 'ownership', ownership(b, c.owners, created));
    if (c.tags.length) b.add(urn, 'globalTags', globalTags(b, c.tags));
    if (c.terms.length) b.add(urn, 'glossaryTerms', glossaryTerms(b, c.terms, created));
    b.add(urn, 'status', { removed: false });
  });
  DASHBOARDS.forEach((d, i) => {
    const urn = b.dashboard(d.tool, d.id);
    const created = b.stamp(100 - i * 10, ownerOf(b, d.owners));
    const modified = b.stamp(2 + i, ownerOf(b, d.owners));
    b.add(urn, 'dashboardInfo', {
      title: d.title,
      description: d.description,
      charts: d.charts.map((id) => chartUrn(b, id)),
      datasets: d.datasets.map((id) => datasetUrn(b, id)),
      dashboards: d.dashboards.map((id) => ({ destinationUrn: dashboardUrn(b, id), created })),
      lastModified: { created, lastModified: modified },
      dashboardUrl: `${TOOL_URL[d.tool]}/dashboards/${d.id}`,
      externalUrl: `${TOOL_URL[d.tool]}/dashboards/${d.id}`,
      access: d.access,
      customProperties: { audience: d.tool === 'looker' ? 'leadership' : 'growth team' },
    });
    b.add(urn, 'ownership', ownership(b, d.owners, created));
    if (d.tags.length) b.add(urn, 'globalTags', globalTags(b, d.tags));
    b.add(urn, 'institutionalMemory', {
      elements: [{ url: `https://wiki.example.com/dashboards/${d.id}`, description: `How to read the ${d.title} dashboard`, createStamp: created }],
    });
    b.add(urn, 'status', { removed: false });
  });
}

/** The actor of the audit stamps: the first owner. */
function ownerOf(b: SampleBuilder, owners: readonly OwnerDefinition[]): string {
  return ownerUrn(b, owners[0]?.owner ?? 'user:chloe.martin');
}
