/**
 * Structured properties and the types they name, as upstream maps them (datahub-graphql-core/.../types/
 * structuredproperty/StructuredPropertyMapper.java, .../types/datatype/DataTypeEntityMapper.java,
 * .../types/entitytype/EntityTypeEntityMapper.java, v1.3.0.1). A property's definition comes from
 * propertyDefinition, or is upstream's default (empty qualified name, SINGLE, immutable, a string, for
 * datasets); its settings from structuredPropertySettings. A data type's or entity type's info comes from its
 * info aspect, or else from what upstream's bootstrap writes for it at start (bootstrap_mcps/data-types.yaml,
 * IngestEntityTypesStep): the id as qualified name, and the display name the bootstrap gives it.
 */
import { makeUrn, urnLastPart } from '../../../spec/index.js';
import { resolvedAuditStampRecord } from '../aspect-records.js';
import { entityTypeOf } from '../discovery/entity-types.js';
import { booleanOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';
import { propertyValueRecord } from './catalog-fields.js';

/** The standard data types: their ids (upstream's DataTypeUrnMapper) and bootstrap display names. */
const DATA_TYPES: Readonly<Record<string, { type: string; displayName: string }>> = {
  'datahub.string': { type: 'STRING', displayName: 'String' },
  'datahub.number': { type: 'NUMBER', displayName: 'Number' },
  'datahub.urn': { type: 'URN', displayName: 'Urn' },
  'datahub.rich_text': { type: 'RICH_TEXT', displayName: 'Rich Text' },
  'datahub.date': { type: 'DATE', displayName: 'Date' },
};

/** The prefix of the entity type ids upstream bootstraps (`datahub.<entity name>`). */
const ENTITY_TYPE_NAMESPACE = 'datahub.';

function info(
  view: EntityView,
  typeName: string,
  aspect: JsonObject | undefined,
  id: string,
  fallback: string | null,
  type: string,
): OutputRecord | null {
  if (!aspect && fallback === null) return null;
  return view.shapes.record(typeName, {
    type,
    qualifiedName: stringOr(aspect?.qualifiedName) ?? id,
    displayName: aspect ? stringOr(aspect.displayName) : fallback,
    description: stringOr(aspect?.description),
  });
}

export function dataTypeRecord(view: EntityView, urn: string): OutputRecord {
  const id = urnLastPart(urn);
  const known = DATA_TYPES[id];
  return view.shapes.record('DataTypeEntity', {
    urn,
    type: 'DATA_TYPE',
    info: () =>
      info(
        view,
        'DataTypeInfo',
        view.aspectsOf(urn).aspect('dataTypeInfo'),
        id,
        known?.displayName ?? null,
        known?.type ?? 'OTHER',
      ),
    relationships: relationshipsOf(view, urn),
  });
}

export function entityTypeRecord(view: EntityView, urn: string): OutputRecord {
  const id = urnLastPart(urn);
  const name = id.startsWith(ENTITY_TYPE_NAMESPACE) ? id.slice(ENTITY_TYPE_NAMESPACE.length) : id;
  // The bootstrap writes one for each entity of the registry, its display name the entity's name.
  const bootstrapped = id.startsWith(ENTITY_TYPE_NAMESPACE) && view.contract.entity(name) ? name : null;
  return view.shapes.record('EntityTypeEntity', {
    urn,
    type: 'ENTITY_TYPE',
    info: () =>
      info(view, 'EntityTypeInfo', view.aspectsOf(urn).aspect('entityTypeInfo'), id, bootstrapped, entityTypeOf(name)),
    relationships: relationshipsOf(view, urn),
  });
}

function definitionRecord(view: EntityView, definition: JsonObject | undefined): OutputRecord {
  const prefix = view.urnPrefix;
  if (!definition)
    return view.shapes.record('StructuredPropertyDefinition', {
      qualifiedName: '',
      cardinality: 'SINGLE',
      immutable: true,
      valueType: () => view.entity(makeUrn(prefix, 'dataType', ['datahub.string'])),
      entityTypes: () => [view.entity(makeUrn(prefix, 'entityType', ['datahub.dataset']))],
    });
  const valueType = stringOr(definition.valueType);
  const cardinality = stringOr(definition.cardinality);
  const qualifier = objectOf(definition.typeQualifier);
  return view.shapes.record('StructuredPropertyDefinition', {
    qualifiedName: stringOr(definition.qualifiedName) ?? '',
    displayName: stringOr(definition.displayName),
    description: stringOr(definition.description),
    // SINGLE is the record's default.
    cardinality: cardinality === 'MULTIPLE' ? 'MULTIPLE' : 'SINGLE',
    allowedValues: Array.isArray(definition.allowedValues)
      ? objectsOf(definition.allowedValues).flatMap((allowed) => {
          const value = propertyValueRecord(view, allowed.value);
          return value
            ? [view.shapes.record('AllowedValue', { value, description: stringOr(allowed.description) })]
            : [];
        })
      : null,
    valueType: () => (valueType ? view.entity(valueType) : null),
    typeQualifier: qualifier
      ? view.shapes.record('TypeQualifier', {
          allowedTypes: Array.isArray(qualifier.allowedTypes)
            ? () => stringsOf(qualifier.allowedTypes).flatMap((type) => view.entity(type) ?? [])
            : null,
        })
      : null,
    entityTypes: () => stringsOf(definition.entityTypes).flatMap((type) => view.entity(type) ?? []),
    immutable: booleanOr(definition.immutable) ?? false,
    created: () => resolvedAuditStampRecord(view, definition.created),
    lastModified: () => resolvedAuditStampRecord(view, definition.lastModified),
  });
}

export function structuredPropertyRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.record('StructuredPropertyEntity', {
    urn,
    type: 'STRUCTURED_PROPERTY',
    exists: () => stored.exists(),
    definition: () => definitionRecord(view, stored.aspect('propertyDefinition')),
    settings: () => {
      const settings = stored.aspect('structuredPropertySettings');
      if (!settings) return null;
      const flag = (name: string) => booleanOr(settings[name]) ?? false;
      return view.shapes.record('StructuredPropertySettings', {
        isHidden: flag('isHidden'),
        showInSearchFilters: flag('showInSearchFilters'),
        showInAssetSummary: flag('showInAssetSummary'),
        showAsAssetBadge: flag('showAsAssetBadge'),
        showInColumnsTable: flag('showInColumnsTable'),
      });
    },
    relationships: relationshipsOf(view, urn),
  });
}
