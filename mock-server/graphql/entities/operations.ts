/**
 * A dataset's `operations(startTimeMillis, endTimeMillis, filter, limit)`: the points of its operation
 * aspect as upstream's TimeSeriesAspectResolver reads them (GmsGraphQLEngine registers it for
 * `operations` with a sort on lastUpdatedTimestamp, descending: Constants.OPERATION_EVENT_TIME_FIELD_NAME)
 * and OperationMapper maps each (datahub-graphql-core/.../types/common/mappers/OperationMapper.java).
 */
import { numberOr, objectOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { timeSeriesValues, type TimeSeriesArgs } from './time-series-values.js';

/** The latest change first; points that tie keep their order, the newest report first. */
const latestChangeFirst = (a: JsonObject, b: JsonObject): number =>
  (numberOr(b.lastUpdatedTimestamp) ?? 0) - (numberOr(a.lastUpdatedTimestamp) ?? 0);

export function operationRecords(view: EntityView, urn: string, args: TimeSeriesArgs): OutputRecord[] {
  return timeSeriesValues(view, urn, 'operation', args, latestChangeFirst).map((value) => {
    const properties = objectOf(value.customProperties);
    return view.shapes.record('Operation', {
      timestampMillis: value.timestampMillis,
      lastUpdatedTimestamp: numberOr(value.lastUpdatedTimestamp),
      actor: stringOr(value.actor),
      operationType: stringOr(value.operationType),
      customOperationType: stringOr(value.customOperationType),
      sourceType: stringOr(value.sourceType),
      partition: stringOr(objectOf(value.partitionSpec)?.partition),
      customProperties: properties
        ? Object.entries(properties).map(([key, entry]) =>
            view.shapes.record('StringMapEntry', { key, value: stringOr(entry) }),
          )
        : null,
      numAffectedRows: numberOr(value.numAffectedRows),
      affectedDatasets: value.affectedDatasets === undefined ? null : stringsOf(value.affectedDatasets),
    });
  });
}
