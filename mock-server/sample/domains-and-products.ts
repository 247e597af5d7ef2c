/**
 * Domains and data products: the business areas the data team assigns assets to (Commerce with
 * Payments under it, Growth, Data Science), each asset in one domain through its `domains` aspect as
 * upstream allows, and two data products that bundle the assets a consumer needs, each in a domain.
 */
import { glossaryTerms, globalTags, ownership, type OwnerDefinition } from './common-aspects.js';
import { datasetUrn } from './datasets.js';
import type { TagName } from './glossary-and-tags.js';
import { mlAssetUrn } from './ml-models.js';
import { dataFlowUrn } from './pipelines.js';
import type { SampleBuilder } from './sample-builder.js';

interface DomainDefinition {
  id: string;
  name: string;
  description: string;
  parent?: string;
  owners: OwnerDefinition[];
  /** The domain's assets (URNs). */
  assets: (b: SampleBuilder) => string[];
}

const DOMAINS: readonly DomainDefinition[] = [
  {
    id: 'commerce',
    name: 'Commerce',
    description: 'Orders, customers and the product catalogue: everything the shop sells and to whom.',
    owners: [{ owner: 'user:alice.chen', type: 'BUSINESS_OWNER' }],
    assets: (b) => [
      ...['order_events', 'customers_source', 'products_source', 'orders', 'customers', 'orders_v1'].map((id) =>
        datasetUrn(b, id),
      ),
      dataFlowUrn(b, 'shop_ingest'),
    ],
  },
  {
    id: 'payments',
    name: 'Payments',
    parent: 'commerce',
    description: 'Money in and out: charges, refunds and the revenue Finance reports.',
    owners: [
      { owner: 'user:dev.patel', type: 'BUSINESS_OWNER' },
      { owner: 'user:jonas.weber', type: 'STAKEHOLDER' },
    ],
    assets: (b) => [
      ...['payments_landing', 'payments', 'daily_revenue', 'daily_revenue_dev', 'revenue_explore'].map((id) =>
        datasetUrn(b, id),
      ),
      b.chart('looker', 'revenue_by_day'),
      b.chart('looker', 'revenue_by_payment_method'),
      b.dashboard('looker', 'executive_revenue'),
      dataFlowUrn(b, 'marts_nightly'),
    ],
  },
  {
    id: 'growth',
    name: 'Growth',
    description: 'How shoppers find the shop and convert, and which customers are worth keeping.',
    owners: [{ owner: 'user:emma.johansson', type: 'BUSINESS_OWNER' }],
    assets: (b) => [
      ...['page_view_events', 'page_views', 'funnel_conversion', 'customer_lifetime_value'].map((id) =>
        datasetUrn(b, id),
      ),
      b.chart('superset', 'checkout_funnel'),
      b.chart('superset', 'top_customers_ltv'),
      b.dashboard('superset', 'growth_funnel'),
    ],
  },
  {
    id: 'data-science',
    name: 'Data Science',
    description: 'Models and features the data science team trains, serves and monitors.',
    owners: [{ owner: 'user:farid.haddad', type: 'BUSINESS_OWNER' }],
    assets: (b) => [
      mlAssetUrn(b, 'group'),
      mlAssetUrn(b, 'model-v1'),
      mlAssetUrn(b, 'model-v2'),
      mlAssetUrn(b, 'feature-table'),
      dataFlowUrn(b, 'churn_training'),
    ],
  },
];

interface DataProductDefinition {
  id: string;
  name: string;
  description: string;
  domain: string;
  owners: OwnerDefinition[];
  tags: TagName[];
  terms: string[];
  /** Its assets; `outputPort` marks the ones it offers its consumers. */
  assets: (b: SampleBuilder) => { urn: string; outputPort?: boolean }[];
}

const DATA_PRODUCTS: readonly DataProductDefinition[] = [
  {
    id: 'revenue-reporting',
    name: 'Revenue Reporting',
    description: 'The revenue numbers of record: the daily mart, its charts and the leadership dashboard.',
    domain: 'payments',
    owners: [
      { owner: 'user:dev.patel', type: 'DATAOWNER' },
      { owner: 'group:analytics', type: 'BUSINESS_OWNER' },
    ],
    tags: ['Finance', 'Tier1'],
    terms: ['Commerce.Revenue'],
    assets: (b) => [
      { urn: datasetUrn(b, 'daily_revenue'), outputPort: true },
      { urn: datasetUrn(b, 'payments') },
      { urn: b.chart('looker', 'revenue_by_day') },
      { urn: b.dashboard('looker', 'executive_revenue'), outputPort: true },
    ],
  },
  {
    id: 'customer-360',
    name: 'Customer 360',
    description: 'One view of each customer: profile, lifetime value and churn risk, for marketing and support.',
    domain: 'growth',
    owners: [{ owner: 'user:emma.johansson', type: 'DATAOWNER' }],
    tags: ['PII'],
    terms: ['Commerce.Customer'],
    assets: (b) => [
      { urn: datasetUrn(b, 'customers') },
      { urn: datasetUrn(b, 'customer_lifetime_value'), outputPort: true },
      { urn: mlAssetUrn(b, 'model-v2') },
    ],
  },
];

export function addDomainsAndProducts(b: SampleBuilder): void {
  const steward = b.user('grace.okafor');
  DOMAINS.forEach((d, i) => {
    const urn = b.domain(d.id);
    const created = b.stamp(500 - i * 10, steward);
    b.add(urn, 'domainProperties', {
      name: d.name,
      description: d.description,
      created,
      ...(d.parent ? { parentDomain: b.domain(d.parent) } : {}),
    });
    b.add(urn, 'ownership', ownership(b, d.owners, created));
    for (const asset of d.assets(b)) b.add(asset, 'domains', { domains: [urn] });
  });
  DATA_PRODUCTS.forEach((p, i) => {
    const urn = b.dataProduct(p.id);
    const created = b.stamp(90 - i * 15, steward);
    b.add(urn, 'dataProductProperties', {
      name: p.name,
      description: p.description,
      externalUrl: `https://wiki.example.com/data-products/${p.id}`,
      customProperties: { sla: p.id === 'revenue-reporting' ? 'ready by 06:00 UTC' : 'refreshed weekly' },
      assets: p.assets(b).map((a) => ({ destinationUrn: a.urn, created, outputPort: a.outputPort ?? false })),
    });
    b.add(urn, 'domains', { domains: [b.domain(p.domain)] });
    b.add(urn, 'ownership', ownership(b, p.owners, created));
    if (p.tags.length) b.add(urn, 'globalTags', globalTags(b, p.tags));
    if (p.terms.length) b.add(urn, 'glossaryTerms', glossaryTerms(b, p.terms, created));
    b.add(urn, 'status', { removed: false });
  });
}
