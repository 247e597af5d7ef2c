/**
 * Charts and dashboards (upstream's ChartMapper and DashboardMapper), which map alike: tool and id
 * from the URN, the platform from dataPlatformInstance or else the tool, the info aspect's properties
 * (title as name, the tool's URL as externalUrl when no externalUrl is given, the change stamps) and
 * the editable description; the schema fields each reads (aspect inputFields, InputFieldsMapper: a field's
 * dataset is the one its schema field URN names); a chart's query (aspect chartQuery); a dashboard's
 * `statsSummary` from its usage (dashboard-stats.ts), a chart's null.
 */
import { makeUrn, tryParseUrn } from '../../../spec/index.js';
import { auditStampRecord, customPropertiesRecords } from '../aspect-records.js';
import { numberOr, objectOf, objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { schemaFieldValueRecord } from '../schema-metadata-record.js';
import { dashboardStatsSummary } from './dashboard-stats.js';
import type { EntityAspects, EntityMapper, EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

interface ToolAsset {
  typeName: 'Chart' | 'Dashboard';
  entityType: 'CHART' | 'DASHBOARD';
  /** The field holding the id within the tool. */
  idField: 'chartId' | 'dashboardId';
  infoAspect: string;
  urlField: string;
  editableAspect: string;
  /** Fields of the properties only this kind has. */
  own: (info: JsonObject) => Record<string, unknown>;
  /** Fields of the entity only this kind has. */
  entityOwn: (view: EntityView, urn: string, stored: EntityAspects) => Record<string, unknown>;
}

function properties(view: EntityView, asset: ToolAsset, urn: string, info: JsonObject): OutputRecord {
  const stamps = objectOf(info.lastModified);
  const deleted = objectOf(stamps?.deleted);
  return view.shapes.record(`${asset.typeName}Properties`, {
    name: stringOr(info.title) ?? '',
    description: stringOr(info.description),
    externalUrl: stringOr(info.externalUrl) ?? stringOr(info[asset.urlField]),
    access: stringOr(info.access),
    customProperties: customPropertiesRecords(view, info.customProperties, urn),
    lastRefreshed: numberOr(info.lastRefreshed),
    created: auditStampRecord(view, stamps?.created),
    lastModified: auditStampRecord(view, stamps?.lastModified),
    deleted: deleted ? auditStampRecord(view, deleted) : null,
    ...asset.own(info),
  });
}

/** The schema fields an asset reads; each field's definition belongs to the dataset of its schema field URN. */
function inputFieldsRecord(view: EntityView, urn: string, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const fields = objectsOf(aspect.fields).map((field) => {
    const schemaFieldUrn = stringOr(field.schemaFieldUrn);
    const parsed = schemaFieldUrn ? tryParseUrn(schemaFieldUrn) : undefined;
    const parent = parsed?.entityType === 'schemaField' ? (parsed.parts[0] ?? urn) : urn;
    const definition = objectOf(field.schemaField);
    return view.shapes.record('InputField', {
      schemaFieldUrn,
      schemaField: definition ? schemaFieldValueRecord(view, definition, parent) : null,
    });
  });
  return view.shapes.record('InputFields', { fields });
}

function toolAssetMapper(asset: ToolAsset): EntityMapper {
  return (view, urn) => {
    const stored = view.aspectsOf(urn);
    const [tool = '', id = ''] = tryParseUrn(urn)?.parts ?? [];
    return view.shapes.recordWithShared(asset.typeName, pageFields(view, urn, stored), {
      urn,
      type: asset.entityType,
      tool,
      [asset.idField]: id,
      platform: () =>
        view.dataPlatform(
          stringOr(stored.aspect('dataPlatformInstance')?.platform) ?? makeUrn(view.urnPrefix, 'dataPlatform', [tool]),
        ),
      properties: () => {
        const info = stored.aspect(asset.infoAspect);
        return info ? properties(view, asset, urn, info) : null;
      },
      editableProperties: () => {
        const editable = stored.aspect(asset.editableAspect);
        return editable
          ? view.shapes.record(`${asset.typeName}EditableProperties`, { description: stringOr(editable.description) })
          : null;
      },
      inputFields: () => inputFieldsRecord(view, urn, stored.aspect('inputFields')),
      ...asset.entityOwn(view, urn, stored),
    });
  };
}

export const chartRecord = toolAssetMapper({
  typeName: 'Chart',
  entityType: 'CHART',
  idField: 'chartId',
  infoAspect: 'chartInfo',
  urlField: 'chartUrl',
  editableAspect: 'editableChartProperties',
  own: (info) => ({ type: stringOr(info.type) }),
  entityOwn: (view, _urn, stored) => ({
    query: () => {
      const query = stored.aspect('chartQuery');
      return query
        ? view.shapes.record('ChartQuery', { rawQuery: stringOr(query.rawQuery), type: stringOr(query.type) })
        : null;
    },
  }),
});

export const dashboardRecord = toolAssetMapper({
  typeName: 'Dashboard',
  entityType: 'DASHBOARD',
  idField: 'dashboardId',
  infoAspect: 'dashboardInfo',
  urlField: 'dashboardUrl',
  editableAspect: 'editableDashboardProperties',
  own: () => ({}),
  entityOwn: (view, urn) => ({ statsSummary: () => dashboardStatsSummary(view, urn) }),
});
