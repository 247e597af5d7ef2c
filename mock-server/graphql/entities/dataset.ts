/**
 * A dataset as upstream's DatasetMapper maps it: name, platform and origin from the URN, the rest from
 * aspects (viewProperties as its mapper reads it; testResults as TestResultsResolver; contract as
 * EntityDataContractResolver, data-contract.ts; embed, forms and the raw aspects with the page fields
 * every entity shares, page-fields.ts).
 */
import { tryParseUrn } from '../../../spec/index.js';
import { auditStampRecord, customPropertiesRecords, globalTagsRecord, glossaryTermsRecord } from '../aspect-records.js';
import { booleanOr, numberOr, objectOf, objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { schemaMetadataAt } from './catalog-fields.js';
import type { EntityAspects, EntityView } from './entity-view.js';
import { assetContract } from './data-contract.js';
import { datasetProfileRecords } from './dataset-profiles.js';
import { operationsStatsRecord, timeseriesCapabilitiesRecord, type OperationsStatsArgs } from './dataset-stats.js';
import { fineGrainedLineageRecords } from './fine-grained-lineages.js';
import { testResultsRecord } from './metadata-tests.js';
import { operationRecords } from './operations.js';
import { pageFields } from './page-fields.js';
import { assetRuns, type RunsArgs } from './process-instance.js';
import type { TimeSeriesArgs } from './time-series-values.js';
import { statsSummaryRecord, usageStatsRecord, type UsageStatsArgs } from './usage-stats.js';

export function datasetProperties(
  view: EntityView,
  urn: string,
  properties: JsonObject,
  keyName: string,
  origin: string,
): OutputRecord {
  const created = objectOf(properties.created);
  // Thunks for the nested records, built only when selected.
  return view.shapes.record('DatasetProperties', {
    name: stringOr(properties.name) ?? keyName,
    qualifiedName: stringOr(properties.qualifiedName),
    origin,
    description: stringOr(properties.description),
    customProperties: () => customPropertiesRecords(view, properties.customProperties, urn),
    externalUrl: stringOr(properties.externalUrl),
    created: numberOr(created?.time),
    createdActor: stringOr(created?.actor),
    lastModified: () => auditStampRecord(view, properties.lastModified),
    lastModifiedActor: stringOr(objectOf(properties.lastModified)?.actor),
  });
}

export function editableSchemaMetadata(view: EntityView, urn: string, stored: EntityAspects): OutputRecord | null {
  const aspect = stored.aspect('editableSchemaMetadata');
  if (!aspect) return null;
  const editableSchemaFieldInfo = objectsOf(aspect.editableSchemaFieldInfo).map((info) => {
    const tags = globalTagsRecord(view, objectOf(info.globalTags), urn);
    return view.shapes.record('EditableSchemaFieldInfo', {
      fieldPath: stringOr(info.fieldPath) ?? '',
      description: stringOr(info.description),
      globalTags: tags,
      tags,
      glossaryTerms: glossaryTermsRecord(view, objectOf(info.glossaryTerms), urn),
    });
  });
  return view.shapes.record('EditableSchemaMetadata', { editableSchemaFieldInfo });
}

/** A view's definition as DatasetMapper.mapViewProperties maps it; null without the aspect. */
export function viewProperties(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  return view.shapes.record('ViewProperties', {
    materialized: booleanOr(aspect.materialized),
    logic: stringOr(aspect.viewLogic),
    formattedLogic: stringOr(aspect.formattedViewLogic),
    language: stringOr(aspect.viewLanguage),
  });
}

/** The edited name and description (aspect editableDatasetProperties); null without it. */
export function datasetEditableProperties(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  return aspect
    ? view.shapes.record('DatasetEditableProperties', {
        description: stringOr(aspect.description),
        name: stringOr(aspect.name),
      })
    : null;
}

export function datasetRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [platformUrn = '', name = '', origin = ''] = tryParseUrn(urn)?.parts ?? [];
  const properties = () => stored.aspect('datasetProperties');
  // Thunks for the aspect-backed fields: a query reads, parses and maps only the aspects it selects.
  return view.shapes.recordWithShared('Dataset', pageFields(view, urn, stored), {
    urn,
    type: 'DATASET',
    platform: () => view.dataPlatform(platformUrn),
    name,
    origin,
    properties: () => {
      const aspect = properties();
      return aspect ? datasetProperties(view, urn, aspect, name, origin) : null;
    },
    editableProperties: () => datasetEditableProperties(view, stored.aspect('editableDatasetProperties')),
    schemaMetadata: ({ version }: { version?: number | null }) => schemaMetadataAt(view, urn, stored, version),
    editableSchemaMetadata: () => editableSchemaMetadata(view, urn, stored),
    externalUrl: () => stringOr(properties()?.externalUrl),
    description: () => stringOr(properties()?.description),
    uri: () => stringOr(properties()?.uri),
    operations: (args: TimeSeriesArgs) => operationRecords(view, urn, args),
    datasetProfiles: (args: TimeSeriesArgs) => datasetProfileRecords(view, urn, args),
    usageStats: (args: UsageStatsArgs) => usageStatsRecord(view, urn, args),
    statsSummary: () => statsSummaryRecord(view, urn),
    operationsStats: (args: OperationsStatsArgs) => operationsStatsRecord(view, urn, args),
    timeseriesCapabilities: () => timeseriesCapabilitiesRecord(view, urn),
    runs: (args: RunsArgs & { direction: string }) => assetRuns(view, urn, args),
    viewProperties: () => viewProperties(view, stored.aspect('viewProperties')),
    testResults: () => testResultsRecord(view, stored.aspect('testResults')),
    fineGrainedLineages: () => {
      const lineage = stored.aspect('upstreamLineage');
      return lineage ? (fineGrainedLineageRecords(view, lineage.fineGrainedLineages) ?? []) : null;
    },
    contract: () => assetContract(view, urn),
  });
}
