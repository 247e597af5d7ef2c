/** A domain (upstream's DomainMapper): its id from the URN, properties from domainProperties. */
import { urnLastPart } from '../../../spec/index.js';
import { ownershipRecord } from '../aspect-records.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function domainRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const properties = stored.aspect('domainProperties');
  return view.shapes.record('Domain', {
    urn,
    type: 'DOMAIN',
    id: urnLastPart(urn),
    properties: properties
      ? view.shapes.record('DomainProperties', {
          name: stringOr(properties.name) ?? '',
          description: stringOr(properties.description),
        })
      : null,
    ownership: ownershipRecord(view, stored.aspect('ownership'), urn),
    relationships: relationshipsOf(view, urn),
  });
}
