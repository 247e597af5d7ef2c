/**
 * Models, model groups, features, primary keys and feature tables as upstream's mappers map them
 * (datahub-graphql-core/.../types/mlmodel/mappers/MLModelMapper.java, MLModelGroupMapper.java,
 * MLFeatureMapper.java, MLPrimaryKeyMapper.java, MLFeatureTableMapper.java and their *PropertiesMapper.java,
 * v1.3.0.1): name, platform, origin and namespace from the URN (the key aspect), the properties
 * aspect as `properties` (and its description as `description`), the editable aspect's description,
 * and the page fields every entity shares. A model's and a group's properties name falls back to the
 * URN's name, as upstream backfills it.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { auditStampRecord, customPropertiesRecords } from '../aspect-records.js';
import { numberOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityAspects, EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';
import { versionTagRecord } from './versions.js';

/** A hyperparameter or a metric (MLHyperParamMapper, MLMetricMapper): the same four fields. */
export function mlValueRecords(
  view: EntityView,
  typeName: 'MLHyperParam' | 'MLMetric',
  list: unknown,
): OutputRecord[] | null {
  if (!Array.isArray(list)) return null;
  return objectsOf(list).map((item) =>
    view.shapes.record(typeName, {
      name: stringOr(item.name),
      description: stringOr(item.description),
      value: stringOr(item.value),
      createdAt: numberOr(item.createdAt),
    }),
  );
}

/** The editable aspect's description as `<Type>EditableProperties`; null without the aspect. */
function editableProperties(
  view: EntityView,
  stored: EntityAspects,
  aspect: string,
  typeName: string,
): OutputRecord | null {
  const editable = stored.aspect(aspect);
  return editable ? view.shapes.record(typeName, { description: stringOr(editable.description) }) : null;
}

/** The stamps of an ML properties aspect are TimeStamps `{time, actor?}` (TimeStampToAuditStampMapper); null when absent. */
const timeStamp = (view: EntityView, stamp: unknown): OutputRecord | null =>
  objectOf(stamp) ? auditStampRecord(view, stamp) : null;

/** The training and downstream jobs of a properties aspect (upstream sets the record always, each list when stored). */
function lineageInfo(view: EntityView, aspect: JsonObject): OutputRecord {
  const urns = (list: unknown) => (Array.isArray(list) ? stringsOf(list) : null);
  return view.shapes.record('MLModelLineageInfo', {
    trainingJobs: urns(aspect.trainingJobs),
    downstreamJobs: urns(aspect.downstreamJobs),
  });
}

/** The entities of a URN list, in its order, leaving out those the schema has no type for. */
const entitiesOf = (view: EntityView, urns: unknown): OutputRecord[] =>
  stringsOf(urns).flatMap((urn) => view.entity(urn) ?? []);

function mlModelProperties(view: EntityView, urn: string, keyName: string, aspect: JsonObject): OutputRecord {
  return view.shapes.record('MLModelProperties', {
    name: stringOr(aspect.name) ?? keyName,
    description: stringOr(aspect.description),
    lastModified: timeStamp(view, aspect.lastModified),
    version: stringOr(objectOf(aspect.version)?.versionTag),
    type: stringOr(aspect.type),
    hyperParams: mlValueRecords(view, 'MLHyperParam', aspect.hyperParams),
    trainingMetrics: mlValueRecords(view, 'MLMetric', aspect.trainingMetrics),
    mlFeatures: Array.isArray(aspect.mlFeatures) ? stringsOf(aspect.mlFeatures) : null,
    tags: stringsOf(aspect.tags),
    groups: Array.isArray(aspect.groups) ? () => entitiesOf(view, aspect.groups) : null,
    customProperties: customPropertiesRecords(view, aspect.customProperties, urn),
    externalUrl: stringOr(aspect.externalUrl),
    created: timeStamp(view, aspect.created),
    date: numberOr(aspect.date),
    mlModelLineageInfo: lineageInfo(view, aspect),
  });
}

export function mlModelRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [platform = '', name = '', origin = ''] = tryParseUrn(urn)?.parts ?? [];
  const properties = () => stored.aspect('mlModelProperties');
  return view.shapes.recordWithShared('MLModel', pageFields(view, urn, stored), {
    urn,
    type: 'MLMODEL',
    name,
    origin,
    platform: () => view.dataPlatform(platform),
    description: () => stringOr(properties()?.description),
    properties: () => {
      const aspect = properties();
      return aspect ? mlModelProperties(view, urn, name, aspect) : null;
    },
    editableProperties: () =>
      editableProperties(view, stored, 'editableMlModelProperties', 'MLModelEditableProperties'),
  });
}

export function mlModelGroupRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [platform = '', name = '', origin = ''] = tryParseUrn(urn)?.parts ?? [];
  const properties = () => stored.aspect('mlModelGroupProperties');
  return view.shapes.recordWithShared('MLModelGroup', pageFields(view, urn, stored), {
    urn,
    type: 'MLMODEL_GROUP',
    name,
    origin,
    platform: () => view.dataPlatform(platform),
    description: () => stringOr(properties()?.description),
    properties: () => {
      const aspect = properties();
      if (!aspect) return null;
      return view.shapes.record('MLModelGroupProperties', {
        name: stringOr(aspect.name) ?? name,
        description: stringOr(aspect.description),
        created: timeStamp(view, aspect.created),
        lastModified: timeStamp(view, aspect.lastModified),
        version: versionTagRecord(view, aspect.version),
        customProperties: customPropertiesRecords(view, aspect.customProperties, urn),
        externalUrl: stringOr(aspect.externalUrl),
        createdAt: numberOr(aspect.createdAt),
        mlModelLineageInfo: lineageInfo(view, aspect),
      });
    },
    editableProperties: () =>
      editableProperties(view, stored, 'editableMlModelGroupProperties', 'MLModelGroupEditableProperties'),
  });
}

/** A feature's or primary key's properties (MLFeaturePropertiesMapper, MLPrimaryKeyPropertiesMapper). */
function featureProperties(view: EntityView, urn: string, typeName: string, aspect: JsonObject): OutputRecord {
  return view.shapes.record(typeName, {
    description: stringOr(aspect.description),
    dataType: stringOr(aspect.dataType),
    version: versionTagRecord(view, aspect.version),
    sources: Array.isArray(aspect.sources) ? () => entitiesOf(view, aspect.sources) : null,
    customProperties: customPropertiesRecords(view, aspect.customProperties, urn),
  });
}

/** A feature or a primary key: `(<namespace>,<name>)`, the same fields from their own aspects. */
function featureLike(
  view: EntityView,
  urn: string,
  kind: { typeName: string; type: string; aspect: string; editable: string; propertiesField: string },
): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [featureNamespace = '', name = ''] = tryParseUrn(urn)?.parts ?? [];
  const aspect = () => stored.aspect(kind.aspect);
  const properties = () => {
    const value = aspect();
    return value ? featureProperties(view, urn, `${kind.typeName}Properties`, value) : null;
  };
  return view.shapes.recordWithShared(kind.typeName, pageFields(view, urn, stored), {
    urn,
    type: kind.type,
    name,
    featureNamespace,
    description: () => stringOr(aspect()?.description),
    dataType: () => stringOr(aspect()?.dataType),
    properties,
    [kind.propertiesField]: properties,
    editableProperties: () => editableProperties(view, stored, kind.editable, `${kind.typeName}EditableProperties`),
  });
}

export const mlFeatureRecord = (view: EntityView, urn: string): OutputRecord =>
  featureLike(view, urn, {
    typeName: 'MLFeature',
    type: 'MLFEATURE',
    aspect: 'mlFeatureProperties',
    editable: 'editableMlFeatureProperties',
    propertiesField: 'featureProperties',
  });

export const mlPrimaryKeyRecord = (view: EntityView, urn: string): OutputRecord =>
  featureLike(view, urn, {
    typeName: 'MLPrimaryKey',
    type: 'MLPRIMARY_KEY',
    aspect: 'mlPrimaryKeyProperties',
    editable: 'editableMlPrimaryKeyProperties',
    propertiesField: 'primaryKeyProperties',
  });

export function mlFeatureTableRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [platform = '', name = ''] = tryParseUrn(urn)?.parts ?? [];
  const aspect = () => stored.aspect('mlFeatureTableProperties');
  const properties = () => {
    const value = aspect();
    if (!value) return null;
    return view.shapes.record('MLFeatureTableProperties', {
      description: stringOr(value.description),
      mlFeatures: Array.isArray(value.mlFeatures) ? () => entitiesOf(view, value.mlFeatures) : null,
      mlPrimaryKeys: Array.isArray(value.mlPrimaryKeys) ? () => entitiesOf(view, value.mlPrimaryKeys) : null,
      customProperties: customPropertiesRecords(view, value.customProperties, urn),
    });
  };
  return view.shapes.recordWithShared('MLFeatureTable', pageFields(view, urn, stored), {
    urn,
    type: 'MLFEATURE_TABLE',
    name,
    platform: () => view.dataPlatform(platform),
    description: () => stringOr(aspect()?.description),
    properties,
    featureTableProperties: properties,
    editableProperties: () =>
      editableProperties(view, stored, 'editableMlFeatureTableProperties', 'MLFeatureTableEditableProperties'),
  });
}
