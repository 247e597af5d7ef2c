/**
 * Applications: the business applications whose data the catalog holds (the storefront that produces
 * the raw data, and the finance reporting that consumes the revenue mart), each an application entity
 * with its properties, owners, tags and terms, and the assets that belong to it through their
 * `applications` aspect.
 */
import { glossaryTerms, globalTags, ownership, type OwnerDefinition } from './common-aspects.js';
import { datasetUrn } from './datasets.js';
import type { TagName } from './glossary-and-tags.js';
import type { SampleBuilder } from './sample-builder.js';

interface ApplicationDefinition {
  id: string;
  name: string;
  description: string;
  owners: OwnerDefinition[];
  tags: TagName[];
  terms: string[];
  domain: string;
  assets: (b: SampleBuilder) => string[];
}

const APPLICATIONS: readonly ApplicationDefinition[] = [
  {
    id: 'storefront',
    name: 'Storefront',
    description: 'The web shop and its backend: where orders, customers and page views come from.',
    owners: [{ owner: 'user:hiro.tanaka', type: 'TECHNICAL_OWNER' }],
    tags: ['Tier1'],
    terms: ['Commerce.Order'],
    domain: 'commerce',
    assets: (b) =>
      ['order_events', 'page_view_events', 'customers_source', 'products_source'].map((id) => datasetUrn(b, id)),
  },
  {
    id: 'finance-reporting',
    name: 'Finance Reporting',
    description: 'Month-end close and board reporting, fed by the revenue mart and the payment exports.',
    owners: [
      { owner: 'user:dev.patel', type: 'BUSINESS_OWNER' },
      { owner: 'user:jonas.weber', type: 'STAKEHOLDER' },
    ],
    tags: ['Finance'],
    terms: ['Commerce.Revenue'],
    domain: 'payments',
    assets: (b) => [
      datasetUrn(b, 'payments_landing'),
      datasetUrn(b, 'daily_revenue'),
      b.dashboard('looker', 'executive_revenue'),
    ],
  },
];

export function addApplications(b: SampleBuilder): void {
  APPLICATIONS.forEach((a, i) => {
    const urn = b.application(a.id);
    const created = b.stamp(365 - i * 30, b.user('grace.okafor'));
    b.add(urn, 'applicationProperties', {
      name: a.name,
      description: a.description,
      externalUrl: `https://wiki.example.com/applications/${a.id}`,
      customProperties: { tier: i === 0 ? '1' : '2' },
    });
    b.add(urn, 'ownership', ownership(b, a.owners, created));
    b.add(urn, 'globalTags', globalTags(b, a.tags));
    b.add(urn, 'glossaryTerms', glossaryTerms(b, a.terms, created));
    b.add(urn, 'domains', { domains: [b.domain(a.domain)] });
    b.add(urn, 'status', { removed: false });
    for (const asset of a.assets(b)) b.add(asset, 'applications', { applications: [urn] });
  });
}
