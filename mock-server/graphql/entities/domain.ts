/**
 * A domain (upstream's DomainMapper, datahub-graphql-core/.../types/domain/DomainMapper.java, v1.3.0.1): its
 * id from the URN, properties from domainProperties (createdOn its created stamp, else the key aspect's creation),
 * settings from assetSettings, ownership, links, structured and display properties.
 * `parentDomains` walks domainProperties' parentDomain upwards (ParentDomainsResolver); `entities` searches the
 * entities assigned to it (../discovery/domain-entities.ts).
 */
import { tryParseUrn, urnLastPart } from '../../../spec/index.js';
import { objectOf, stringOr } from '../json-values.js';
import { resolvedAuditStampRecord } from '../aspect-records.js';
import type { OutputRecord } from '../records.js';
import { domainEntities, type DomainEntitiesInput } from '../discovery/domain-entities.js';
import type { EntityView } from './entity-view.js';
import { assetSettingsRecord, keyCreatedRecord } from './catalog-fields.js';
import { pageFields } from './page-fields.js';

/** A bound on the walk up the domain chain, which also stops a cycle (upstream stops at a domain seen before). */
const MAX_PARENT_DOMAINS = 50;

function parentDomains(view: EntityView, urn: string): OutputRecord {
  const domains: OutputRecord[] = [];
  const seen = new Set<string>([urn]);
  let parent = stringOr(view.store.getAspect(urn, 'domainProperties', 0)?.value.parentDomain);
  while (parent && !seen.has(parent) && domains.length < MAX_PARENT_DOMAINS) {
    seen.add(parent);
    const domain = tryParseUrn(parent)?.entityType === 'domain' ? view.entity(parent) : null;
    if (!domain) break;
    domains.push(domain);
    parent = stringOr(view.store.getAspect(parent, 'domainProperties', 0)?.value.parentDomain);
  }
  return view.shapes.record('ParentDomainsResult', { count: domains.length, domains });
}

export function domainRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.recordWithShared('Domain', pageFields(view, urn, stored), {
    urn,
    type: 'DOMAIN',
    id: urnLastPart(urn),
    properties: () => {
      const properties = stored.aspect('domainProperties');
      return properties
        ? view.shapes.record('DomainProperties', {
            name: stringOr(properties.name) ?? '',
            description: stringOr(properties.description),
            createdOn: () =>
              objectOf(properties.created)
                ? resolvedAuditStampRecord(view, properties.created)
                : keyCreatedRecord(view, stored, 'domainKey'),
          })
        : null;
    },
    parentDomains: () => parentDomains(view, urn),
    settings: () => assetSettingsRecord(view, stored.aspect('assetSettings')),
    entities: ({ input }: { input?: DomainEntitiesInput | null }) => domainEntities(view, urn, input ?? {}),
  });
}
