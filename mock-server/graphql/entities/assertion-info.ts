/**
 * An assertionInfo aspect as upstream's AssertionMapper.mapAssertionInfo and its typed mappers map it
 * (datahub-graphql-core/.../types/assertion/AssertionMapper.java, FreshnessAssertionMapper.java,
 * VolumeAssertionMapper.java, SqlAssertionMapper.java, FieldAssertionMapper.java, v1.3.0.1): the
 * aspect's `dataset` / `entity` become `datasetUrn` / `entityUrn`, a field URN becomes `{urn, path}`,
 * native parameters become key-value entries. A typed info that lacks a field its GraphQL type
 * requires is null, not a made-up value.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { auditStampRecord } from '../aspect-records.js';
import { booleanOr, numberOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { schemaFieldDataType, schemaMetadataRecord } from '../schema-metadata-record.js';
import type { EntityView } from './entity-view.js';

/** The scopes GraphQL knows; upstream's aspect also has DATASET_STORAGE_SIZE, which GraphQL lacks, read as UNKNOWN. */
const SCOPES = new Set(['DATASET_COLUMN', 'DATASET_ROWS', 'DATASET_SCHEMA', 'UNKNOWN']);

/** A record of `typeName` when every one of `required` is set (not null), else null. */
function whole(
  view: EntityView,
  typeName: string,
  values: Record<string, unknown>,
  required: string[],
): OutputRecord | null {
  return required.every((field) => values[field] != null) ? view.shapes.record(typeName, values) : null;
}

function parameter(view: EntityView, value: unknown): OutputRecord | null {
  const p = objectOf(value);
  return whole(view, 'AssertionStdParameter', { value: stringOr(p?.value), type: stringOr(p?.type) }, [
    'value',
    'type',
  ]);
}

function parameters(view: EntityView, value: unknown): OutputRecord | null {
  const p = objectOf(value);
  if (!p) return null;
  return view.shapes.record('AssertionStdParameters', {
    value: parameter(view, p.value),
    maxValue: parameter(view, p.maxValue),
    minValue: parameter(view, p.minValue),
  });
}

/** A schema field URN as `{urn, path}`, the path the URN's second part. */
function fieldRef(view: EntityView, urn: string): OutputRecord {
  return view.shapes.record('SchemaFieldRef', { urn, path: tryParseUrn(urn)?.parts[1] ?? '' });
}

function filterRecord(view: EntityView, value: unknown): OutputRecord | null {
  const f = objectOf(value);
  return whole(view, 'DatasetFilter', { type: stringOr(f?.type), sql: stringOr(f?.sql) }, ['type']);
}

function fieldSpec(view: EntityView, value: unknown): OutputRecord | null {
  const f = objectOf(value);
  const values = { path: stringOr(f?.path), type: stringOr(f?.type), nativeType: stringOr(f?.nativeType) };
  return whole(view, 'SchemaFieldSpec', values, ['path', 'type', 'nativeType']);
}

function datasetAssertion(view: EntityView, a: JsonObject): OutputRecord | null {
  const scope = stringOr(a.scope);
  const native = objectOf(a.nativeParameters);
  return whole(
    view,
    'DatasetAssertionInfo',
    {
      datasetUrn: stringOr(a.dataset),
      scope: scope === null ? null : SCOPES.has(scope) ? scope : 'UNKNOWN',
      fields: Array.isArray(a.fields) ? stringsOf(a.fields).map((urn) => fieldRef(view, urn)) : null,
      aggregation: stringOr(a.aggregation),
      operator: stringOr(a.operator),
      parameters: parameters(view, a.parameters),
      nativeType: stringOr(a.nativeType),
      nativeParameters: native
        ? Object.entries(native).map(([key, value]) =>
            view.shapes.record('StringMapEntry', { key, value: stringOr(value) }),
          )
        : null,
      logic: stringOr(a.logic),
    },
    ['datasetUrn', 'scope', 'operator'],
  );
}

function freshnessAssertion(view: EntityView, a: JsonObject): OutputRecord | null {
  const schedule = objectOf(a.schedule);
  const cron = objectOf(schedule?.cron);
  const interval = objectOf(schedule?.fixedInterval);
  const scheduleRecord = whole(
    view,
    'FreshnessAssertionSchedule',
    {
      type: stringOr(schedule?.type),
      cron: whole(
        view,
        'FreshnessCronSchedule',
        {
          cron: stringOr(cron?.cron),
          timezone: stringOr(cron?.timezone),
          windowStartOffsetMs: numberOr(cron?.windowStartOffsetMs),
        },
        ['cron', 'timezone'],
      ),
      fixedInterval: whole(
        view,
        'FixedIntervalSchedule',
        { unit: stringOr(interval?.unit), multiple: numberOr(interval?.multiple) },
        ['unit', 'multiple'],
      ),
    },
    ['type'],
  );
  return whole(
    view,
    'FreshnessAssertionInfo',
    {
      entityUrn: stringOr(a.entity),
      type: stringOr(a.type),
      schedule: scheduleRecord,
      filter: filterRecord(view, a.filter),
    },
    ['entityUrn', 'type', 'schedule'],
  );
}

/** A check of an operator and its parameters, with the extra fields of its kind. */
function operatorCheck(
  view: EntityView,
  typeName: string,
  a: JsonObject | undefined,
  own: Record<string, unknown> = {},
) {
  if (!a) return null;
  const values = { operator: stringOr(a.operator), parameters: parameters(view, a.parameters), ...own };
  return whole(view, typeName, values, Object.keys(values));
}

function segment(view: EntityView, value: unknown): OutputRecord | null {
  const s = objectOf(value);
  const transformer = objectOf(s?.transformer);
  return whole(
    view,
    'IncrementingSegmentSpec',
    {
      field: fieldSpec(view, s?.field),
      transformer: whole(
        view,
        'IncrementingSegmentFieldTransformer',
        { type: stringOr(transformer?.type), nativeType: stringOr(transformer?.nativeType) },
        ['type'],
      ),
    },
    ['field'],
  );
}

function volumeAssertion(view: EntityView, a: JsonObject): OutputRecord | null {
  const totalSegment = objectOf(a.incrementingSegmentRowCountTotal);
  const changeSegment = objectOf(a.incrementingSegmentRowCountChange);
  const change = objectOf(a.rowCountChange);
  return whole(
    view,
    'VolumeAssertionInfo',
    {
      entityUrn: stringOr(a.entity),
      type: stringOr(a.type),
      rowCountTotal: operatorCheck(view, 'RowCountTotal', objectOf(a.rowCountTotal)),
      rowCountChange: operatorCheck(view, 'RowCountChange', change, { type: stringOr(change?.type) }),
      incrementingSegmentRowCountTotal: operatorCheck(view, 'IncrementingSegmentRowCountTotal', totalSegment, {
        segment: segment(view, totalSegment?.segment),
      }),
      incrementingSegmentRowCountChange: operatorCheck(view, 'IncrementingSegmentRowCountChange', changeSegment, {
        segment: segment(view, changeSegment?.segment),
        type: stringOr(changeSegment?.type),
      }),
      filter: filterRecord(view, a.filter),
    },
    ['entityUrn', 'type'],
  );
}

function sqlAssertion(view: EntityView, a: JsonObject): OutputRecord | null {
  return whole(
    view,
    'SqlAssertionInfo',
    {
      type: stringOr(a.type),
      entityUrn: stringOr(a.entity),
      statement: stringOr(a.statement),
      changeType: stringOr(a.changeType),
      operator: stringOr(a.operator),
      parameters: parameters(view, a.parameters),
    },
    ['type', 'entityUrn', 'statement', 'operator', 'parameters'],
  );
}

function fieldAssertion(view: EntityView, a: JsonObject): OutputRecord | null {
  const values = objectOf(a.fieldValuesAssertion);
  const threshold = objectOf(values?.failThreshold);
  const metric = objectOf(a.fieldMetricAssertion);
  return whole(
    view,
    'FieldAssertionInfo',
    {
      type: stringOr(a.type),
      entityUrn: stringOr(a.entity),
      fieldValuesAssertion: values
        ? whole(
            view,
            'FieldValuesAssertion',
            {
              field: fieldSpec(view, values.field),
              transform: whole(view, 'FieldTransform', { type: stringOr(objectOf(values.transform)?.type) }, ['type']),
              operator: stringOr(values.operator),
              parameters: parameters(view, values.parameters),
              failThreshold: whole(
                view,
                'FieldValuesFailThreshold',
                { type: stringOr(threshold?.type), value: numberOr(threshold?.value) },
                ['type', 'value'],
              ),
              excludeNulls: booleanOr(values.excludeNulls),
            },
            ['field', 'operator', 'failThreshold', 'excludeNulls'],
          )
        : null,
      fieldMetricAssertion: metric
        ? whole(
            view,
            'FieldMetricAssertion',
            {
              field: fieldSpec(view, metric.field),
              metric: stringOr(metric.metric),
              operator: stringOr(metric.operator),
              parameters: parameters(view, metric.parameters),
            },
            ['field', 'metric', 'operator'],
          )
        : null,
      filter: filterRecord(view, a.filter),
    },
    ['type', 'entityUrn'],
  );
}

function schemaAssertion(view: EntityView, a: JsonObject): OutputRecord | null {
  const entityUrn = stringOr(a.entity);
  const schema = objectOf(a.schema);
  const compatibility = stringOr(a.compatibility);
  if (!entityUrn || !schema || !compatibility) return null;
  return view.shapes.record('SchemaAssertionInfo', {
    entityUrn,
    compatibility,
    fields: objectsOf(schema.fields).map((field) =>
      view.shapes.record('SchemaAssertionField', {
        path: stringOr(field.fieldPath) ?? '',
        type: schemaFieldDataType(field.type),
        nativeType: stringOr(field.nativeDataType),
      }),
    ),
    schema: () => schemaMetadataRecord(view, schema, entityUrn, 0),
  });
}

function customAssertion(view: EntityView, a: JsonObject): OutputRecord | null {
  const field = stringOr(a.field);
  return whole(
    view,
    'CustomAssertionInfo',
    {
      type: stringOr(a.type),
      entityUrn: stringOr(a.entity),
      field: field ? fieldRef(view, field) : null,
      logic: stringOr(a.logic),
    },
    ['type', 'entityUrn'],
  );
}

/** The typed infos, by the aspect's field. */
const TYPED: Record<string, (view: EntityView, a: JsonObject) => OutputRecord | null> = {
  datasetAssertion,
  freshnessAssertion,
  volumeAssertion,
  sqlAssertion,
  fieldAssertion,
  schemaAssertion,
  customAssertion,
};

export function assertionInfoRecord(view: EntityView, info: JsonObject | undefined): OutputRecord | null {
  const type = stringOr(info?.type);
  if (!info || !type) return null;
  const source = objectOf(info.source);
  const typed: Record<string, unknown> = {};
  for (const [field, map] of Object.entries(TYPED)) {
    const value = objectOf(info[field]);
    typed[field] = value ? () => map(view, value) : null;
  }
  return view.shapes.record('AssertionInfo', {
    type,
    description: stringOr(info.description),
    externalUrl: stringOr(info.externalUrl),
    ...typed,
    source: whole(
      view,
      'AssertionSource',
      { type: stringOr(source?.type), created: source?.created ? auditStampRecord(view, source.created) : null },
      ['type'],
    ),
    lastUpdated: info.lastUpdated ? auditStampRecord(view, info.lastUpdated) : null,
  });
}
