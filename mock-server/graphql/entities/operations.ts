/**
 * A dataset's `operations(startTimeMillis, endTimeMillis, filter, limit)`: the points of its operation
 * aspect as upstream's TimeSeriesAspectResolver reads them (GmsGraphQLEngine registers it for
 * `operations` with a sort on lastUpdatedTimestamp, descending: Constants.OPERATION_EVENT_TIME_FIELD_NAME)
 * and OperationMapper maps each (datahub-graphql-core/.../types/common/mappers/OperationMapper.java).
 */
import { badRequest } from '../../errors.js';
import { timeseriesPredicate } from '../../handlers/timeseries-filter.js';
import { numberOr, objectOf, stringOr, stringsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';

const OPERATION = 'operation';
/** getTimeseriesAspectValues' limit when none is given, and its most. */
const MOST_POINTS = 10_000;

export interface OperationsArgs {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  filter?: { and: { field: string; values?: string[] | null; condition?: string | null; negated?: boolean | null }[] } | null;
  limit?: number | null;
}

export function operationRecords(view: EntityView, urn: string, args: OperationsArgs): OutputRecord[] {
  if (args.limit != null && args.limit < 0) throw badRequest(`limit: must be 0 or more, got ${args.limit}`);
  const criteria = (args.filter?.and ?? []).map((c) => ({
    field: c.field,
    value: c.values?.[0] ?? '',
    ...(c.values ? { values: c.values } : {}),
    ...(c.condition ? { condition: c.condition } : {}),
    ...(c.negated ? { negated: true } : {}),
  }));
  const matches = timeseriesPredicate({ or: [{ and: criteria }] }, view.contract.aspects.get(OPERATION), (_, j) => `filter.and[${j}]`);
  const points = view.store
    .timeseries({ urn, aspect: OPERATION, startTimeMillis: args.startTimeMillis ?? undefined, endTimeMillis: args.endTimeMillis ?? undefined, limit: Number.MAX_SAFE_INTEGER })
    .filter((p) => matches(p.value));
  // Newest first by timestampMillis already; the sort is stable, so equal lastUpdatedTimestamps keep that order.
  const latestChangeFirst = points.sort((a, b) => (numberOr(b.value.lastUpdatedTimestamp) ?? 0) - (numberOr(a.value.lastUpdatedTimestamp) ?? 0));
  return latestChangeFirst.slice(0, Math.min(args.limit ?? MOST_POINTS, MOST_POINTS)).map(({ value }) => {
    const properties = objectOf(value.customProperties);
    return view.shapes.record('Operation', {
      timestampMillis: value.timestampMillis,
      lastUpdatedTimestamp: numberOr(value.lastUpdatedTimestamp),
      actor: stringOr(value.actor),
      operationType: stringOr(value.operationType),
      customOperationType: stringOr(value.customOperationType),
      sourceType: stringOr(value.sourceType),
      partition: stringOr(objectOf(value.partitionSpec)?.partition),
      customProperties: properties ? Object.entries(properties).map(([key, entry]) => view.shapes.record('StringMapEntry', { key, value: stringOr(entry) })) : null,
      numAffectedRows: numberOr(value.numAffectedRows),
      affectedDatasets: value.affectedDatasets === undefined ? null : stringsOf(value.affectedDatasets),
    });
  });
}
