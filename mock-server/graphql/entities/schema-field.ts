/**
 * A schema field entity, `urn:<ns>:schemaField:(<dataset urn>,<field path>)`; null when the URN has another shape.
 * Its structured properties and documentation come from its aspects (catalog-fields.ts), as upstream's
 * SchemaFieldMapper reads them.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { OutputRecord } from '../records.js';
import { catalogFields } from './catalog-fields.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function schemaFieldRecord(view: EntityView, urn: string): OutputRecord | null {
  const [parent, fieldPath] = tryParseUrn(urn)?.parts ?? [];
  if (parent === undefined || fieldPath === undefined) return null;
  return view.shapes.recordWithShared('SchemaFieldEntity', catalogFields(view, urn, view.aspectsOf(urn)), {
    urn,
    type: 'SCHEMA_FIELD',
    fieldPath,
    parent: () => view.entity(parent),
    relationships: relationshipsOf(view, urn),
  });
}
