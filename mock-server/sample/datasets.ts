/**
 * Turns the dataset definitions into aspects: properties, schema (with field-level tags, terms,
 * foreign keys), editable schema, ownership, lineage (table and column level), tags, terms, links
 * and status. The soft-deleted legacy table shows the lifecycle of section 3 of the document.
 */
import { createHash } from 'node:crypto';
import { parseUrn } from '../../spec/index.js';
import { defaultBrowsePath } from '../store/default-aspects.js';
import { globalTags, glossaryTerms, ownerUrn, ownership } from './common-aspects.js';
import { DATASETS, type DatasetDefinition, type FieldDefinition } from './dataset-definitions.js';
import type { AuditStamp, SampleBuilder } from './sample-builder.js';

export function datasetUrn(b: SampleBuilder, id: string): string {
  const dataset = DATASETS.find((d) => d.id === id);
  if (!dataset) throw new Error(`sample: no dataset '${id}'`);
  return b.dataset(dataset.platform, dataset.name, dataset.origin);
}

function schemaField(b: SampleBuilder, f: FieldDefinition, stamp: AuditStamp): Record<string, unknown> {
  return {
    fieldPath: f.path,
    ...(f.description ? { description: f.description } : {}),
    nativeDataType: f.nativeDataType,
    type: { type: { [b.record(`schema.${f.kind}Type`)]: {} } },
    nullable: f.nullable ?? false,
    isPartOfKey: f.key ?? false,
    recursive: false,
    ...(f.tags?.length ? { globalTags: globalTags(b, f.tags) } : {}),
    ...(f.terms?.length ? { glossaryTerms: glossaryTerms(b, f.terms, stamp) } : {}),
  };
}

/** The raw schema as the platform itself states it: Avro for Kafka, Parquet for S3, none for a Looker explore, DDL for SQL engines. */
function platformSchema(b: SampleBuilder, d: DatasetDefinition): Record<string, unknown> {
  const columns = d.fields.filter((f) => !f.path.includes('.'));
  if (d.platform === 'kafka') {
    const avro = {
      type: 'record',
      name: d.name.split('.').pop(),
      namespace: 'com.example.shop',
      fields: columns.map((f) => ({ name: f.path, type: f.nativeDataType })),
    };
    return { [b.record('schema.KafkaSchema')]: { documentSchema: JSON.stringify(avro) } };
  }
  if (d.platform === 'looker') {
    // Upstream's Looker source states an explore's schema as its fields only, with an empty raw schema.
    return { [b.record('schema.OtherSchema')]: { rawSchema: '' } };
  }
  if (d.platform === 's3') {
    const parquet = `message ${d.name.split('/').pop()} {\n${columns.map((f) => `  optional ${f.nativeDataType} ${f.path};`).join('\n')}\n}`;
    return { [b.record('schema.OtherSchema')]: { rawSchema: parquet } };
  }
  const ddl = `CREATE TABLE ${d.name} (\n${columns.map((f) => `  ${f.path} ${f.nativeDataType}`).join(',\n')}\n)`;
  return { [b.record('schema.MySqlDDL')]: { tableSchema: ddl } };
}

function schemaFieldUrn(b: SampleBuilder, datasetId: string, fieldPath: string): string {
  return b.urn('schemaField', datasetUrn(b, datasetId), fieldPath);
}

export function schemaMetadata(
  b: SampleBuilder,
  d: DatasetDefinition,
  urn: string,
  created: AuditStamp,
  modified: AuditStamp,
): Record<string, unknown> {
  const fields = d.fields.map((f) => schemaField(b, f, modified));
  const foreignKeys = (d.foreignKeys ?? []).map((fk) => ({
    name: fk.name,
    foreignFields: [schemaFieldUrn(b, fk.dataset, fk.foreignField)],
    sourceFields: [schemaFieldUrn(b, d.id, fk.field)],
    foreignDataset: datasetUrn(b, fk.dataset),
  }));
  return {
    schemaName: d.name,
    platform: b.platform(d.platform),
    version: 0,
    created,
    lastModified: modified,
    // Upstream ingestion fills the hash with a digest of the platform schema; here of the field list.
    hash: createHash('sha1').update(JSON.stringify(d.fields)).digest('hex'),
    platformSchema: platformSchema(b, d),
    fields,
    primaryKeys: d.fields.filter((f) => f.key).map((f) => f.path),
    ...(foreignKeys.length ? { foreignKeys } : {}),
    dataset: urn,
  };
}

/** Column-level lineage into the fields of one dataset (the fineGrainedLineages of upstreamLineage and dataJobInputOutput). */
export function fineGrainedLineages(
  b: SampleBuilder,
  datasetId: string,
  fieldLineage: DatasetDefinition['fieldLineage'] = [],
): Record<string, unknown>[] {
  return fieldLineage.map((l) => ({
    upstreamType: 'FIELD_SET',
    upstreams: l.from.map((f) => schemaFieldUrn(b, f.dataset, f.field)),
    downstreamType: 'FIELD',
    downstreams: [schemaFieldUrn(b, datasetId, l.field)],
    transformOperation: l.transform,
    confidenceScore: 1,
  }));
}

function upstreamLineage(b: SampleBuilder, d: DatasetDefinition, stamp: AuditStamp): Record<string, unknown> {
  const fieldLevel = fineGrainedLineages(b, d.id, d.fieldLineage);
  return {
    upstreams: d.upstreams.map((u) => ({ auditStamp: stamp, dataset: datasetUrn(b, u.id), type: u.type })),
    ...(fieldLevel.length ? { fineGrainedLineages: fieldLevel } : {}),
  };
}

function editableSchemaMetadata(b: SampleBuilder, d: DatasetDefinition, stamp: AuditStamp): Record<string, unknown> {
  return {
    created: stamp,
    lastModified: stamp,
    editableSchemaFieldInfo: (d.edits ?? []).map((e) => ({
      fieldPath: e.path,
      ...(e.description ? { description: e.description } : {}),
      ...(e.tags?.length ? { globalTags: globalTags(b, e.tags) } : {}),
      ...(e.terms?.length ? { glossaryTerms: glossaryTerms(b, e.terms, stamp) } : {}),
    })),
  };
}

export function addDatasets(b: SampleBuilder): void {
  for (const d of DATASETS) {
    const urn = datasetUrn(b, d.id);
    const firstOwner = ownerUrn(b, d.owners[0]?.owner ?? 'user:hiro.tanaka');
    const created = b.stamp(d.ageDays, firstOwner);
    const modified = b.stamp(Math.min(d.ageDays, 3), firstOwner);
    b.add(urn, 'datasetProperties', {
      name: d.name.split(/[./]/).pop(),
      qualifiedName: d.name,
      description: d.description,
      customProperties: d.customProperties,
      externalUrl: `https://${d.platform}.example.com/browse/${d.name}`,
      created,
      lastModified: modified,
    });
    b.add(urn, 'schemaMetadata', schemaMetadata(b, d, urn, created, modified));
    if (d.owners.length) b.add(urn, 'ownership', ownership(b, d.owners, created));
    if (d.upstreams.length) b.add(urn, 'upstreamLineage', upstreamLineage(b, d, modified));
    if (d.tags.length) b.add(urn, 'globalTags', globalTags(b, d.tags));
    if (d.terms.length) b.add(urn, 'glossaryTerms', glossaryTerms(b, d.terms, created));
    if (d.links.length) {
      b.add(urn, 'institutionalMemory', {
        elements: d.links.map((l) => ({ url: l.url, description: l.description, createStamp: created })),
      });
    }
    if (d.edits) b.add(urn, 'editableSchemaMetadata', editableSchemaMetadata(b, d, modified));
    if (d.editedName && d.editedDescription) {
      b.add(urn, 'editableDatasetProperties', {
        name: d.editedName,
        description: d.editedDescription,
        created: modified,
        lastModified: modified,
      });
    }
    if (d.moreBrowsePaths) b.add(urn, 'browsePaths', { paths: [...defaultBrowsePaths(b, urn), ...d.moreBrowsePaths] });
    b.add(urn, 'status', { removed: d.removed ?? false });
  }
}

/** The browse path the mock generates for a dataset that has none, which an explicit browsePaths replaces. */
function defaultBrowsePaths(b: SampleBuilder, urn: string): string[] {
  const entity = b.contract.entity('dataset');
  const path = entity && defaultBrowsePath(b.contract, entity, parseUrn(urn));
  return path === undefined ? [] : [path];
}
