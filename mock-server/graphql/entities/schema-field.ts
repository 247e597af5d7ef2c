/** A schema field entity, `urn:<ns>:schemaField:(<dataset urn>,<field path>)`; null when the URN has another shape. */
import { tryParseUrn } from '../../../spec/index.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function schemaFieldRecord(view: EntityView, urn: string): OutputRecord | null {
  const [parent, fieldPath] = tryParseUrn(urn)?.parts ?? [];
  if (parent === undefined || fieldPath === undefined) return null;
  return view.shapes.record('SchemaFieldEntity', {
    urn,
    type: 'SCHEMA_FIELD',
    fieldPath,
    parent: () => view.entity(parent),
    relationships: relationshipsOf(view, urn),
  });
}
