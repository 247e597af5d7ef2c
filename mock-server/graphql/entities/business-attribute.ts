/**
 * A business attribute as upstream's BusinessAttributeMapper maps it, and a schema field's attribute as
 * BusinessAttributesMapper does (datahub-graphql-core/.../types/businessattribute/mappers/, v1.3.0.1):
 * the definition from businessAttributeInfo (its name read from the aspect's fieldPath, as upstream
 * does; stamps missing from the aspect read as time 0), ownership, links and status.
 */
import {
  auditStampRecord,
  customPropertiesRecords,
  globalTagsRecord,
  glossaryTermsRecord,
  institutionalMemoryRecord,
  ownershipRecord,
  statusRecord,
} from '../aspect-records.js';
import { objectOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { schemaFieldDataType } from '../schema-metadata-record.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

/** The definition; null when the aspect has no fieldPath, the name upstream reads. */
function infoRecord(view: EntityView, urn: string, info: JsonObject): OutputRecord | null {
  const name = stringOr(info.fieldPath);
  if (name === null) return null;
  return view.shapes.record('BusinessAttributeInfo', {
    name,
    description: stringOr(info.description),
    tags: globalTagsRecord(view, objectOf(info.globalTags), urn),
    glossaryTerms: glossaryTermsRecord(view, objectOf(info.glossaryTerms), urn),
    type: info.type ? schemaFieldDataType(info.type) : null,
    customProperties: customPropertiesRecords(view, info.customProperties, urn),
    created: auditStampRecord(view, info.created),
    lastModified: auditStampRecord(view, info.lastModified),
    deleted: info.deleted ? auditStampRecord(view, info.deleted) : null,
  });
}

export function businessAttributeRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.record('BusinessAttribute', {
    urn,
    type: 'BUSINESS_ATTRIBUTE',
    properties: () => {
      const info = stored.aspect('businessAttributeInfo');
      return info ? infoRecord(view, urn, info) : null;
    },
    ownership: () => ownershipRecord(view, stored.aspect('ownership'), urn),
    institutionalMemory: () => institutionalMemoryRecord(view, stored.aspect('institutionalMemory'), urn),
    status: () => statusRecord(view, stored.aspect('status')),
    relationships: relationshipsOf(view, urn),
  });
}

/** A schema field's businessAttributes aspect; null without it. */
export function businessAttributesRecord(
  view: EntityView,
  urn: string,
  aspect: JsonObject | undefined,
): OutputRecord | null {
  if (!aspect) return null;
  const attribute = stringOr(objectOf(aspect.businessAttribute)?.businessAttributeUrn);
  return view.shapes.record('BusinessAttributes', {
    businessAttribute: attribute
      ? view.shapes.record('BusinessAttributeAssociation', {
          businessAttribute: () => view.entity(attribute),
          associatedUrn: urn,
        })
      : null,
  });
}
