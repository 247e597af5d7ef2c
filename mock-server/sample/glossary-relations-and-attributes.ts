/**
 * What the glossary, group and business attribute pages show beyond the basics: the terms' relations to one another
 * (`glossaryRelatedTerms`: an order contains its status, a cancelled status is an order status, an email address is
 * personal data), where each group comes from (`origin`: two made in the catalog, one synchronised from the
 * company's identity provider), and two business attributes (`businessAttributeInfo`, with owners and a link) that
 * schema fields can share.
 */
import { globalTags, glossaryTerms, ownership, type OwnerDefinition } from './common-aspects.js';
import type { TagName } from './glossary-and-tags.js';
import type { SampleBuilder } from './sample-builder.js';

/** Each term's relations, by the aspect's field: isRelatedTerms (is a), hasRelatedTerms (has a), values, relatedTerms. */
const TERM_RELATIONS: Readonly<Record<string, Partial<Record<string, readonly string[]>>>> = {
  'Commerce.Order': {
    hasRelatedTerms: ['Commerce.OrderStatus', 'Commerce.Customer'],
    relatedTerms: ['Commerce.Revenue'],
  },
  'Commerce.OrderStatus': { values: ['Commerce.OrderStatusCancelled'] },
  'Commerce.OrderStatusCancelled': { isRelatedTerms: ['Commerce.OrderStatus'] },
  'Privacy.EmailAddress': { isRelatedTerms: ['Privacy.PersonalData'] },
};

/** Where each group comes from. */
const GROUP_ORIGINS: Readonly<Record<string, { type: string; externalType?: string }>> = {
  'data-engineering': { type: 'NATIVE' },
  analytics: { type: 'NATIVE' },
  'data-governance': { type: 'EXTERNAL', externalType: 'Okta' },
};

interface AttributeDefinition {
  id: string;
  name: string;
  description: string;
  kind: 'String' | 'Number' | 'Date';
  tags: TagName[];
  terms: string[];
  owners: OwnerDefinition[];
  link?: { url: string; description: string };
}

const ATTRIBUTES: readonly AttributeDefinition[] = [
  {
    id: 'email-address',
    name: 'Email Address',
    description: "A customer's email address: personal data, masked outside the marts.",
    kind: 'String',
    tags: ['PII'],
    terms: ['Privacy.EmailAddress'],
    owners: [{ owner: 'group:data-governance', type: 'BUSINESS_OWNER' }],
    link: { url: 'https://wiki.example.com/governance/email-address', description: 'Masking rules' },
  },
  {
    id: 'order-amount',
    name: 'Order Amount',
    description: 'The amount of an order in its currency, taxes included, as the storefront charged it.',
    kind: 'Number',
    tags: ['Finance'],
    terms: ['Commerce.Revenue'],
    owners: [{ owner: 'user:dev.patel', type: 'TECHNICAL_OWNER' }],
  },
];

export function addGlossaryRelationsAndAttributes(b: SampleBuilder): void {
  for (const [term, relations] of Object.entries(TERM_RELATIONS))
    b.add(
      b.term(term),
      'glossaryRelatedTerms',
      Object.fromEntries(
        Object.entries(relations).map(([field, terms]) => [field, (terms ?? []).map((t) => b.term(t))]),
      ),
    );
  for (const [group, origin] of Object.entries(GROUP_ORIGINS)) b.add(b.group(group), 'origin', origin);
  ATTRIBUTES.forEach((a, i) => {
    const urn = b.urn('businessAttribute', a.id);
    const created = b.stamp(200 - i * 20, b.user('grace.okafor'));
    b.add(urn, 'businessAttributeInfo', {
      fieldPath: a.name,
      name: a.name,
      description: a.description,
      type: { type: { [b.record(`schema.${a.kind}Type`)]: {} } },
      globalTags: globalTags(b, a.tags),
      glossaryTerms: glossaryTerms(b, a.terms, created),
      customProperties: {},
      created,
      lastModified: created,
    });
    b.add(urn, 'ownership', ownership(b, a.owners, created));
    if (a.link)
      b.add(urn, 'institutionalMemory', {
        elements: [{ url: a.link.url, description: a.link.description, createStamp: created }],
      });
  });
}
