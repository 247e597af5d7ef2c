/**
 * The points of a time series aspect as a field such as `operations(startTimeMillis, endTimeMillis,
 * filter, limit)` reads them: upstream's TimeSeriesAspectResolver
 * (datahub-graphql-core/.../resolvers/load/TimeSeriesAspectResolver.java) asks getTimeseriesAspectValues
 * for the inclusive range, the filter's criteria (each a dotted path into the point) and the limit,
 * newest first unless the field names another sort.
 */
import { badRequest } from '../../errors.js';
import { MAX_TIMESERIES_LIMIT } from '../../handlers/aspects.js';
import { timeseriesPredicate } from '../../handlers/timeseries-filter.js';
import type { TimeseriesPoint } from '../../store/types.js';
import type { FacetFilterInput } from '../discovery/facet-filters.js';
import type { JsonObject } from '../json-values.js';
import type { EntityView } from './entity-view.js';

export interface TimeSeriesArgs {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  filter?: { and: readonly FacetFilterInput[] } | null;
  limit?: number | null;
}

/** The entity's points of `aspect` the arguments' range and filter select (not their limit), newest first. */
export function timeSeriesPoints(
  view: EntityView,
  urn: string,
  aspect: string,
  args: TimeSeriesArgs,
): TimeseriesPoint[] {
  if (args.limit != null && args.limit < 0) throw badRequest(`limit: must be 0 or more, got ${args.limit}`);
  const criteria = (args.filter?.and ?? []).map((c) => ({
    field: c.field,
    value: c.values?.[0] ?? '',
    ...(c.values ? { values: c.values } : {}),
    ...(c.condition ? { condition: c.condition } : {}),
    ...(c.negated ? { negated: true } : {}),
  }));
  const matches = timeseriesPredicate(
    { or: [{ and: criteria }] },
    view.contract.aspects.get(aspect),
    (_, j) => `filter.and[${j}]`,
  );
  return view.store
    .timeseries({
      urn,
      aspect,
      startTimeMillis: args.startTimeMillis ?? undefined,
      endTimeMillis: args.endTimeMillis ?? undefined,
      limit: Number.MAX_SAFE_INTEGER,
    })
    .filter((p) => matches(p.value));
}

/** How many points a field answers at most: its limit, within upstream's cap. */
export const timeSeriesLimit = (args: TimeSeriesArgs): number =>
  Math.min(args.limit ?? MAX_TIMESERIES_LIMIT, MAX_TIMESERIES_LIMIT);

/** The values of the entity's points of `aspect` the arguments select, newest first or in `order` (a stable sort of them). */
export function timeSeriesValues(
  view: EntityView,
  urn: string,
  aspect: string,
  args: TimeSeriesArgs,
  order?: (a: JsonObject, b: JsonObject) => number,
): JsonObject[] {
  const values = timeSeriesPoints(view, urn, aspect, args).map((p) => p.value);
  if (order) values.sort(order);
  return values.slice(0, timeSeriesLimit(args));
}
