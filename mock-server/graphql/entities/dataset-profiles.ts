/**
 * A dataset's `datasetProfiles(startTimeMillis, endTimeMillis, filter, limit)`: the points of its
 * datasetProfile aspect, newest first, as upstream's TimeSeriesAspectResolver reads them and
 * DatasetProfileMapper maps each (datahub-graphql-core/.../types/dataset/mappers/DatasetProfileMapper.java:
 * the counts, the size and each field's profile with its quantiles and value frequencies; it leaves the
 * partition out, so `partitionSpec` is null as upstream answers it).
 */
import { numberOr, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { timeSeriesValues, type TimeSeriesArgs } from './time-series-values.js';

function fieldProfile(view: EntityView, profile: JsonObject): OutputRecord {
  return view.shapes.record('DatasetFieldProfile', {
    fieldPath: stringOr(profile.fieldPath),
    uniqueCount: numberOr(profile.uniqueCount),
    uniqueProportion: numberOr(profile.uniqueProportion),
    nullCount: numberOr(profile.nullCount),
    nullProportion: numberOr(profile.nullProportion),
    min: stringOr(profile.min),
    max: stringOr(profile.max),
    mean: stringOr(profile.mean),
    median: stringOr(profile.median),
    stdev: stringOr(profile.stdev),
    sampleValues: profile.sampleValues === undefined ? null : stringsOf(profile.sampleValues),
    quantiles: Array.isArray(profile.quantiles)
      ? objectsOf(profile.quantiles).map((q) =>
          view.shapes.record('Quantile', { quantile: stringOr(q.quantile), value: stringOr(q.value) }),
        )
      : null,
    distinctValueFrequencies: Array.isArray(profile.distinctValueFrequencies)
      ? objectsOf(profile.distinctValueFrequencies).map((f) =>
          view.shapes.record('ValueFrequency', { value: stringOr(f.value), frequency: numberOr(f.frequency) }),
        )
      : null,
  });
}

export function datasetProfileRecords(view: EntityView, urn: string, args: TimeSeriesArgs): OutputRecord[] {
  return timeSeriesValues(view, urn, 'datasetProfile', args).map((value) =>
    view.shapes.record('DatasetProfile', {
      timestampMillis: value.timestampMillis,
      rowCount: numberOr(value.rowCount),
      columnCount: numberOr(value.columnCount),
      sizeInBytes: numberOr(value.sizeInBytes),
      fieldProfiles:
        value.fieldProfiles === undefined
          ? null
          : objectsOf(value.fieldProfiles).map((profile) => fieldProfile(view, profile)),
    }),
  );
}
