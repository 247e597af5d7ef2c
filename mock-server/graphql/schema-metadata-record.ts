/**
 * The schemaMetadata aspect as the GraphQL SchemaMetadata record (upstream's SchemaMetadataMapper
 * and SchemaFieldMapper), or as the Schema record of a versioned dataset (SchemaMapper): field types
 * become the SchemaFieldDataType enum, the native schema union becomes TableSchema or KeyValueSchema. Field descriptions are the ingested ones only; edits live
 * in editableSchemaMetadata.
 */
import { makeUrn } from '../../spec/index.js';
import { globalTagsRecord, glossaryTermsRecord, type EntityReferences } from './aspect-records.js';
import { booleanOr, numberOr, objectOf, objectsOf, stringOr, type JsonObject } from './json-values.js';
import type { OutputRecord } from './records.js';

/** Type record short names (`com.svc.schema.<Name>Type`) to the enum; RecordType is a STRUCT upstream. */
const FIELD_TYPES: Readonly<Record<string, string>> = {
  BooleanType: 'BOOLEAN',
  FixedType: 'FIXED',
  StringType: 'STRING',
  BytesType: 'BYTES',
  NumberType: 'NUMBER',
  DateType: 'DATE',
  TimeType: 'TIME',
  EnumType: 'ENUM',
  NullType: 'NULL',
  MapType: 'MAP',
  ArrayType: 'ARRAY',
  UnionType: 'UNION',
  RecordType: 'STRUCT',
};

/** The enum value of a stored field type `{type: {<record name>: {}}}`; NULL when the record is not one upstream knows. */
export function schemaFieldDataType(type: unknown): string {
  const recordName = Object.keys(objectOf(objectOf(type)?.type) ?? {})[0] ?? '';
  return FIELD_TYPES[recordName.slice(recordName.lastIndexOf('.') + 1)] ?? 'NULL';
}

function platformSchemaRecord(view: EntityReferences, union: unknown): OutputRecord | null {
  const member = Object.values(objectOf(union) ?? {})[0];
  const value = objectOf(member);
  if (!value) return null;
  if (typeof value.keySchema === 'string' && typeof value.valueSchema === 'string') {
    return view.shapes.record('KeyValueSchema', { keySchema: value.keySchema, valueSchema: value.valueSchema });
  }
  // Every other native schema (KafkaSchema.documentSchema, MySqlDDL.tableSchema, ...) holds one raw text.
  const text = Object.values(value).find((v) => typeof v === 'string');
  return typeof text === 'string' ? view.shapes.record('TableSchema', { schema: text }) : null;
}

export interface SchemaFieldEntityRefs extends EntityReferences {
  schemaField(urn: string): OutputRecord | null;
  dataset(urn: string): OutputRecord;
}

/** One stored schema field as the SchemaField record (SchemaFieldMapper); `datasetUrn` is the dataset it belongs to. */
export function schemaFieldValueRecord(
  view: SchemaFieldEntityRefs,
  field: JsonObject,
  datasetUrn: string,
): OutputRecord {
  const fieldPath = stringOr(field.fieldPath) ?? '';
  // Thunks: a schema has many fields, and most queries of it select none of their tags or terms.
  const tags = () => globalTagsRecord(view, objectOf(field.globalTags), datasetUrn);
  return view.shapes.record('SchemaField', {
    fieldPath,
    jsonPath: stringOr(field.jsonPath),
    label: stringOr(field.label),
    nullable: booleanOr(field.nullable) ?? false,
    description: stringOr(field.description),
    type: schemaFieldDataType(field.type),
    nativeDataType: stringOr(field.nativeDataType),
    recursive: booleanOr(field.recursive) ?? false,
    globalTags: tags,
    tags,
    glossaryTerms: () => glossaryTermsRecord(view, objectOf(field.glossaryTerms), datasetUrn),
    isPartOfKey: booleanOr(field.isPartOfKey),
    isPartitioningKey: booleanOr(field.isPartitioningKey),
    jsonProps: stringOr(field.jsonProps),
    schemaFieldEntity: () => view.schemaField(makeUrn(view.urnPrefix, 'schemaField', [datasetUrn, fieldPath])),
  });
}

function foreignKeyRecord(view: SchemaFieldEntityRefs, constraint: JsonObject): OutputRecord {
  const fields = (value: unknown): OutputRecord[] =>
    (Array.isArray(value) ? value : []).flatMap((urn) =>
      typeof urn === 'string' ? (view.schemaField(urn) ?? []) : [],
    );
  const foreignDataset = stringOr(constraint.foreignDataset);
  return view.shapes.record('ForeignKeyConstraint', {
    name: stringOr(constraint.name),
    foreignFields: fields(constraint.foreignFields),
    sourceFields: fields(constraint.sourceFields),
    foreignDataset: () => (foreignDataset ? view.dataset(foreignDataset) : null),
  });
}

/** The values SchemaMetadata and Schema share, from one stored schemaMetadata aspect. */
function schemaValues(view: SchemaFieldEntityRefs, aspect: JsonObject, fields: JsonObject[], datasetUrn: string) {
  return {
    name: stringOr(aspect.schemaName) ?? '',
    platformUrn: stringOr(aspect.platform) ?? '',
    version: numberOr(aspect.version) ?? 0,
    cluster: stringOr(aspect.cluster),
    hash: stringOr(aspect.hash) ?? '',
    platformSchema: platformSchemaRecord(view, aspect.platformSchema),
    fields: fields.map((field) => schemaFieldValueRecord(view, field, datasetUrn)),
    primaryKeys: Array.isArray(aspect.primaryKeys) ? aspect.primaryKeys.filter((key) => typeof key === 'string') : null,
    foreignKeys: Array.isArray(aspect.foreignKeys)
      ? objectsOf(aspect.foreignKeys).map((constraint) => foreignKeyRecord(view, constraint))
      : null,
  };
}

export function schemaMetadataRecord(
  view: SchemaFieldEntityRefs,
  aspect: JsonObject,
  datasetUrn: string,
  aspectVersion: number,
): OutputRecord {
  const created = objectOf(aspect.created);
  return view.shapes.record('SchemaMetadata', {
    aspectVersion,
    datasetUrn,
    ...schemaValues(view, aspect, objectsOf(aspect.fields), datasetUrn),
    createdAt: numberOr(created?.time),
  });
}

/**
 * One version of the schemaMetadata aspect as the Schema record (upstream's SchemaMapper): the fields that
 * have a path, the aspect's own dataset reference, and when ingestion last observed it (its system metadata).
 */
export function schemaRecord(
  view: SchemaFieldEntityRefs,
  aspect: JsonObject,
  datasetUrn: string,
  lastObserved: number | null,
): OutputRecord {
  const fields = objectsOf(aspect.fields).filter((field) => (stringOr(field.fieldPath) ?? '') !== '');
  return view.shapes.record('Schema', {
    datasetUrn: stringOr(aspect.dataset),
    ...schemaValues(view, aspect, fields, datasetUrn),
    lastObserved,
  });
}
