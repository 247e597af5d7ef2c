/**
 * The sample's classification vocabulary: tags and a business glossary (nodes and terms). Datasets,
 * charts and schema fields refer to these by name (see datasets.ts).
 */
import { ownership } from './common-aspects.js';
import type { SampleBuilder } from './sample-builder.js';

const TAGS = {
  PII: {
    description: 'Contains personally identifiable information; access is restricted and audited.',
    colorHex: '#D0021B',
  },
  Tier1: { description: 'Business-critical data with an on-call owner and a freshness SLA.', colorHex: '#F5A623' },
  Legacy: { description: 'Kept for reference only; being replaced and not maintained.', colorHex: '#9B9B9B' },
  Finance: { description: 'Used in financial reporting; changes need sign-off from Finance.', colorHex: '#4A90E2' },
  Streaming: { description: 'Produced continuously by a streaming pipeline.', colorHex: '#7ED321' },
} as const;

export type TagName = keyof typeof TAGS;

interface Node {
  name: string;
  definition: string;
  parent?: string;
}

const GLOSSARY_NODES: readonly Node[] = [
  { name: 'Commerce', definition: 'Terms describing orders, customers and money flowing through the shop.' },
  { name: 'Governance', definition: 'Terms the data governance group defines and enforces.' },
  {
    name: 'Privacy',
    definition: 'Classification of personal data under the company privacy policy.',
    parent: 'Governance',
  },
];

interface Term {
  /** `<node>.<term>`, as upstream's business glossary ingestion names terms. */
  name: string;
  node: string;
  definition: string;
  sourceRef: string;
  sourceUrl: string;
}

const GLOSSARY_TERMS: readonly Term[] = [
  {
    name: 'Commerce.Order',
    node: 'Commerce',
    definition: 'A confirmed purchase by a customer, made of one or more order lines.',
    sourceRef: 'FIBO',
    sourceUrl: 'https://spec.edmcouncil.org/fibo/',
  },
  {
    name: 'Commerce.Customer',
    node: 'Commerce',
    definition: 'A person or company with at least one confirmed order.',
    sourceRef: 'FIBO',
    sourceUrl: 'https://spec.edmcouncil.org/fibo/',
  },
  {
    name: 'Commerce.Revenue',
    node: 'Commerce',
    definition: 'Gross order value after discounts and before refunds, in USD.',
    sourceRef: 'Finance handbook',
    sourceUrl: 'https://wiki.example.com/finance/revenue',
  },
  {
    name: 'Commerce.OrderStatus',
    node: 'Commerce',
    definition: 'Where an order is in its lifecycle: placed, paid, shipped, delivered or cancelled.',
    sourceRef: 'Shop backend',
    sourceUrl: 'https://wiki.example.com/shop/order-status',
  },
  {
    name: 'Commerce.OrderStatusCancelled',
    node: 'Commerce',
    definition: 'The order was cancelled before shipping; it does not count towards revenue.',
    sourceRef: 'Shop backend',
    sourceUrl: 'https://wiki.example.com/shop/order-status',
  },
  {
    name: 'Privacy.PersonalData',
    node: 'Privacy',
    definition: 'Any information relating to an identified or identifiable natural person.',
    sourceRef: 'GDPR Art. 4',
    sourceUrl: 'https://gdpr-info.eu/art-4-gdpr/',
  },
  {
    name: 'Privacy.EmailAddress',
    node: 'Privacy',
    definition: 'An e-mail address of a person; personal data.',
    sourceRef: 'GDPR Art. 4',
    sourceUrl: 'https://gdpr-info.eu/art-4-gdpr/',
  },
];

export function addGlossaryAndTags(b: SampleBuilder): void {
  const steward = b.user('grace.okafor');
  for (const [name, tag] of Object.entries(TAGS)) {
    const urn = b.tag(name);
    b.add(urn, 'tagProperties', { name, description: tag.description, colorHex: tag.colorHex });
    b.add(
      urn,
      'ownership',
      ownership(b, [{ owner: 'group:data-governance', type: 'DATA_STEWARD' }], b.stamp(300, steward)),
    );
  }
  for (const node of GLOSSARY_NODES) {
    const urn = b.glossaryNode(node.name);
    b.add(urn, 'glossaryNodeInfo', {
      name: node.name,
      definition: node.definition,
      ...(node.parent ? { parentNode: b.glossaryNode(node.parent) } : {}),
    });
    b.add(
      urn,
      'ownership',
      ownership(b, [{ owner: 'user:grace.okafor', type: 'DATA_STEWARD' }], b.stamp(300, steward)),
    );
  }
  for (const term of GLOSSARY_TERMS) {
    const urn = b.term(term.name);
    b.add(urn, 'glossaryTermInfo', {
      id: term.name,
      name: term.name.slice(term.node.length + 1),
      definition: term.definition,
      parentNode: b.glossaryNode(term.node),
      termSource: 'EXTERNAL',
      sourceRef: term.sourceRef,
      sourceUrl: term.sourceUrl,
      customProperties: { node: term.node },
    });
    b.add(
      urn,
      'ownership',
      ownership(
        b,
        [
          { owner: 'user:grace.okafor', type: 'DATA_STEWARD' },
          { owner: 'group:data-governance', type: 'STAKEHOLDER' },
        ],
        b.stamp(300, steward),
      ),
    );
    b.add(urn, 'status', { removed: false });
  }
}
