/**
 * Charts and dashboards on Looker and Superset that read the sample's marts, so lineage runs from a
 * Kafka topic all the way to a dashboard.
 */
import {
  DEFAULT_BROWSE_FOLDER,
  browsePathsV2,
  globalTags,
  glossaryTerms,
  ownerUrn,
  ownership,
  type OwnerDefinition,
} from './common-aspects.js';
import { datasetUrn } from './datasets.js';
import type { TagName } from './glossary-and-tags.js';
import type { AuditStamp, SampleBuilder } from './sample-builder.js';

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
    owners: [
      { owner: 'user:farid.haddad', type: 'DATAOWNER' },
      { owner: 'group:analytics', type: 'BUSINESS_OWNER' },
    ],
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
    owners: [
      { owner: 'user:chloe.martin', type: 'DATAOWNER' },
      { owner: 'group:analytics', type: 'BUSINESS_OWNER' },
    ],
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
    owners: [
      { owner: 'user:isabel.garcia', type: 'DATAOWNER' },
      { owner: 'user:emma.johansson', type: 'STAKEHOLDER' },
    ],
    tags: [],
  },
];

type ToolAssetKind = 'chart' | 'dashboard';

/** The URN of the chart or dashboard `id` of the definitions above. */
function toolAssetUrn(b: SampleBuilder, kind: ToolAssetKind, id: string): string {
  const asset = (kind === 'chart' ? CHARTS : DASHBOARDS).find((a) => a.id === id);
  if (!asset) throw new Error(`sample: no ${kind} '${id}'`);
  return b[kind](asset.tool, asset.id);
}

const TOOL_URL: Record<Tool, string> = {
  looker: 'https://looker.example.com',
  superset: 'https://superset.example.com',
};

export function addChartsAndDashboards(b: SampleBuilder): void {
  CHARTS.forEach((c, i) => {
    addToolAsset(
      b,
      'chart',
      c,
      { createdDaysAgo: 120 - i * 10, modifiedDaysAgo: 5 + i },
      ({ created, lastModified, url }) => ({
        info: {
          title: c.title,
          description: c.description,
          lastModified,
          chartUrl: url,
          externalUrl: url,
          inputs: c.inputs.map((id) => ({ string: datasetUrn(b, id) })),
          type: c.type,
          access: c.access,
          customProperties: { refresh: 'hourly' },
        },
        more: c.terms.length ? [['glossaryTerms', glossaryTerms(b, c.terms, created)]] : [],
      }),
    );
  });
  DASHBOARDS.forEach((d, i) => {
    addToolAsset(
      b,
      'dashboard',
      d,
      { createdDaysAgo: 100 - i * 10, modifiedDaysAgo: 2 + i },
      ({ created, lastModified, url }) => ({
        info: {
          title: d.title,
          description: d.description,
          charts: d.charts.map((id) => toolAssetUrn(b, 'chart', id)),
          datasets: d.datasets.map((id) => datasetUrn(b, id)),
          dashboards: d.dashboards.map((id) => ({ destinationUrn: toolAssetUrn(b, 'dashboard', id), created })),
          lastModified,
          dashboardUrl: url,
          externalUrl: url,
          access: d.access,
          customProperties: { audience: d.tool === 'looker' ? 'leadership' : 'growth team' },
        },
        more: [
          [
            'institutionalMemory',
            {
              elements: [
                {
                  url: `https://wiki.example.com/dashboards/${d.id}`,
                  description: `How to read the ${d.title} dashboard`,
                  createStamp: created,
                },
              ],
            },
          ],
        ],
      }),
    );
  });
}

/** What a chart and a dashboard share in their definitions. */
type ToolAssetDefinition = Pick<ChartDefinition & DashboardDefinition, 'tool' | 'id' | 'owners' | 'tags'>;

interface ToolAssetStamps {
  /** Creation by the first owner. */
  created: AuditStamp;
  /** The `lastModified` of the info aspect: creation and the latest change, both by the first owner. */
  lastModified: { created: AuditStamp; lastModified: AuditStamp };
  /** The asset's page in its tool. */
  url: string;
}

interface ToolAssetAspects {
  /** The chartInfo or dashboardInfo aspect. */
  info: Record<string, unknown>;
  /** Aspects written after ownership and tags, before status. */
  more: [aspectName: string, aspect: Record<string, unknown>][];
}

/** Writes a chart or dashboard: its info, ownership, tags, the kind's other aspects, and status. */
function addToolAsset(
  b: SampleBuilder,
  kind: ToolAssetKind,
  a: ToolAssetDefinition,
  age: { createdDaysAgo: number; modifiedDaysAgo: number },
  aspects: (stamps: ToolAssetStamps) => ToolAssetAspects,
): void {
  const urn = b[kind](a.tool, a.id);
  const actor = ownerOf(b, a.owners);
  const created = b.stamp(age.createdDaysAgo, actor);
  const modified = b.stamp(age.modifiedDaysAgo, actor);
  const { info, more } = aspects({
    created,
    lastModified: { created, lastModified: modified },
    url: `${TOOL_URL[a.tool]}/${kind}s/${a.id}`,
  });
  b.add(urn, `${kind}Info`, info);
  b.add(urn, 'ownership', ownership(b, a.owners, created));
  if (a.tags.length) b.add(urn, 'globalTags', globalTags(b, a.tags));
  for (const [aspectName, aspect] of more) b.add(urn, aspectName, aspect);
  // Upstream's default browsePathsV2 of a chart or dashboard outside any container.
  b.add(urn, 'browsePathsV2', browsePathsV2([DEFAULT_BROWSE_FOLDER]));
  b.add(urn, 'status', { removed: false });
}

/** The actor of the audit stamps: the first owner. */
function ownerOf(b: SampleBuilder, owners: readonly OwnerDefinition[]): string {
  return ownerUrn(b, owners[0]?.owner ?? 'user:chloe.martin');
}
