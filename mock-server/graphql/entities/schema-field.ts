/**
 * A schema field entity, `urn:<ns>:schemaField:(<dataset urn>,<field path>)`; null when the URN has another
 * shape. Its own aspects as upstream's SchemaFieldMapper reads them (datahub-graphql-core/.../types/schemafield/
 * SchemaFieldMapper.java, v1.3.0.1): business attribute, documentation, status, deprecation, tags, terms, and the
 * catalog fields the page fields share (structured properties).
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { OutputRecord } from '../records.js';
import { businessAttributesRecord } from './business-attribute.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

export function schemaFieldRecord(view: EntityView, urn: string): OutputRecord | null {
  const [parent, fieldPath] = tryParseUrn(urn)?.parts ?? [];
  if (parent === undefined || fieldPath === undefined) return null;
  const stored = view.aspectsOf(urn);
  return view.shapes.recordWithShared('SchemaFieldEntity', pageFields(view, urn, stored), {
    urn,
    type: 'SCHEMA_FIELD',
    fieldPath,
    parent: () => view.entity(parent),
    businessAttributes: () => businessAttributesRecord(view, urn, stored.aspect('businessAttributes')),
  });
}
