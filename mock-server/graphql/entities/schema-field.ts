/**
 * A schema field entity, `urn:<ns>:schemaField:(<dataset urn>,<field path>)`; null when the URN has another
 * shape. Its own aspects as upstream's SchemaFieldMapper reads them (datahub-graphql-core/.../types/schemafield/
 * SchemaFieldMapper.java, v1.3.0.1): business attribute, documentation, status, deprecation, tags, terms.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { businessAttributesRecord } from './business-attribute.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

function documentationRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  return view.shapes.record('Documentation', {
    documentations: objectsOf(aspect.documentations).flatMap((entry) => {
      const documentation = stringOr(entry.documentation);
      return documentation === null ? [] : [view.shapes.record('DocumentationAssociation', { documentation })];
    }),
  });
}

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
    documentation: () => documentationRecord(view, stored.aspect('documentation')),
  });
}
