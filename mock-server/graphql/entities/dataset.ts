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
import { entityOf, schemaMetadataAt } from './catalog-fields.js';
import type { EntityAspects, EntityView } from './entity-view.js';
import { assetContract } from './data-contract.js';
import { datasetProfileRecords } from './dataset-profiles.js';
import { operationsStatsRecord, timeseriesCapabilitiesRecord, type OperationsStatsArgs } from './dataset-stats.js';
import { fineGrainedLineageRecords } from './fine-grained-lineages.js';
import { testResultsRecord } from './metadata-tests.js';
import { operationRecords } from './operations.js';
import { PAGE_METHODS } from './page-fields.js';
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

/** The latest datasetProperties aspect of the dataset a method is called on. */
const propertiesOf = (record: OutputRecord): JsonObject | undefined =>
  entityOf(record).stored.aspect('datasetProperties');

/** A dataset's own fields beside the page's, as methods of its records (each reads the dataset's state). */
const DATASET_METHODS = {
  ...PAGE_METHODS,
  platform(this: OutputRecord) {
    const { view, urn } = entityOf(this);
    return view.dataPlatform(tryParseUrn(urn)?.parts[0] ?? '');
  },
  properties(this: OutputRecord) {
    const { view, urn } = entityOf(this);
    const aspect = propertiesOf(this);
    return aspect ? datasetProperties(view, urn, aspect, this.name as string, this.origin as string) : null;
  },
  editableProperties(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return datasetEditableProperties(view, stored.aspect('editableDatasetProperties'));
  },
  schemaMetadata(this: OutputRecord, { version }: { version?: number | null }) {
    const { view, urn, stored } = entityOf(this);
    return schemaMetadataAt(view, urn, stored, version);
  },
  editableSchemaMetadata(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return editableSchemaMetadata(view, urn, stored);
  },
  externalUrl(this: OutputRecord) {
    return stringOr(propertiesOf(this)?.externalUrl);
  },
  description(this: OutputRecord) {
    return stringOr(propertiesOf(this)?.description);
  },
  uri(this: OutputRecord) {
    return stringOr(propertiesOf(this)?.uri);
  },
  operations(this: OutputRecord, args: TimeSeriesArgs) {
    const { view, urn } = entityOf(this);
    return operationRecords(view, urn, args);
  },
  datasetProfiles(this: OutputRecord, args: TimeSeriesArgs) {
    const { view, urn } = entityOf(this);
    return datasetProfileRecords(view, urn, args);
  },
  usageStats(this: OutputRecord, args: UsageStatsArgs) {
    const { view, urn } = entityOf(this);
    return usageStatsRecord(view, urn, args);
  },
  statsSummary(this: OutputRecord) {
    const { view, urn } = entityOf(this);
    return statsSummaryRecord(view, urn);
  },
  operationsStats(this: OutputRecord, args: OperationsStatsArgs) {
    const { view, urn } = entityOf(this);
    return operationsStatsRecord(view, urn, args);
  },
  timeseriesCapabilities(this: OutputRecord) {
    const { view, urn } = entityOf(this);
    return timeseriesCapabilitiesRecord(view, urn);
  },
  runs(this: OutputRecord, args: RunsArgs & { direction: string }) {
    const { view, urn } = entityOf(this);
    return assetRuns(view, urn, args);
  },
  viewProperties(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return viewProperties(view, stored.aspect('viewProperties'));
  },
  testResults(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return testResultsRecord(view, stored.aspect('testResults'));
  },
  fineGrainedLineages(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    const lineage = stored.aspect('upstreamLineage');
    return lineage ? (fineGrainedLineageRecords(view, lineage.fineGrainedLineages) ?? []) : null;
  },
  contract(this: OutputRecord) {
    const { view, urn } = entityOf(this);
    return assetContract(view, urn);
  },
};

export function datasetRecord(view: EntityView, urn: string): OutputRecord {
  const [, name = '', origin = ''] = tryParseUrn(urn)?.parts ?? [];
  // The aspect-backed fields are methods: a query reads, parses and maps only the aspects it selects.
  return view.shapes.recordWithShared(
    'Dataset',
    { methods: DATASET_METHODS, state: { view, urn, stored: view.aspectsOf(urn) } },
    { urn, type: 'DATASET', name, origin },
  );
}
