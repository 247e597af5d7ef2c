/** An ownership type (upstream's OwnershipTypeMapper): info from ownershipTypeInfo, status from status. */
import { auditStampRecord, statusRecord } from '../aspect-records.js';
import { objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function ownershipTypeRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.record('OwnershipTypeEntity', {
    urn,
    type: 'CUSTOM_OWNERSHIP_TYPE',
    info: () => {
      const info = stored.aspect('ownershipTypeInfo');
      if (!info) return null;
      const created = objectOf(info.created);
      const lastModified = objectOf(info.lastModified);
      return view.shapes.record('OwnershipTypeInfo', {
        name: stringOr(info.name) ?? '',
        description: stringOr(info.description),
        created: created ? auditStampRecord(view, created) : null,
        lastModified: lastModified ? auditStampRecord(view, lastModified) : null,
      });
    },
    status: () => statusRecord(view, stored.aspect('status')),
    relationships: relationshipsOf(view, urn),
  });
}
