/**
 * The optional `filter` of getTimeseriesAspectValues, applied to the time series values themselves
 * (upstream filters its time series index the same way, e.g. on `partitionSpec.partition`). A
 * criterion's field is a dotted path into the aspect value; numbers compare as numbers. The
 * conditions are those upstream's time series filter evaluates (ESUtils'
 * getQueryBuilderFromCriterionForSingleField, metadata-io/.../search/utils/ESUtils.java): EXISTS
 * holds when the field has a value, whatever the criterion's value; IN is EQUAL over several values,
 * as the mock's search treats it. Any other condition is a 400 naming it (upstream fails with
 * "Unsupported condition").
 */
import { valuesAt, type AspectSpec, type JsonSchema } from '../../spec/index.js';
import { badRequest } from '../errors.js';
import { filterAlternatives } from '../search/index.js';

interface Criterion {
  field: string;
  value: string;
  values?: readonly string[];
  condition?: string;
  negated?: boolean;
}

export interface TimeseriesFilter {
  or?: { and: Criterion[] }[];
  criteria?: Criterion[];
}

type Value = Record<string, unknown>;

function compare(actual: unknown, expected: string): number {
  const a = Number(actual);
  const b = Number(expected);
  if (typeof actual === 'number' || (actual !== '' && expected !== '' && !Number.isNaN(a) && !Number.isNaN(b)))
    return a - b;
  return String(actual).localeCompare(expected);
}

const CONDITIONS: Record<string, (actual: unknown, expected: string) => boolean> = {
  EQUAL: (a, e) => String(a) === e,
  CONTAIN: (a, e) => String(a).includes(e),
  START_WITH: (a, e) => String(a).startsWith(e),
  END_WITH: (a, e) => String(a).endsWith(e),
  GREATER_THAN: (a, e) => compare(a, e) > 0,
  GREATER_THAN_OR_EQUAL_TO: (a, e) => compare(a, e) >= 0,
  LESS_THAN: (a, e) => compare(a, e) < 0,
  LESS_THAN_OR_EQUAL_TO: (a, e) => compare(a, e) <= 0,
};

/** The test of a criterion's condition, EQUAL when it names none; undefined for a condition not evaluated here. */
function conditionTest(condition = 'EQUAL'): ((actual: unknown, expected: string) => boolean) | undefined {
  return CONDITIONS[condition === 'IN' ? 'EQUAL' : condition];
}

/**
 * A criterion as a test of a point's value, checked once for the whole range: 400 naming it (`at`)
 * when the aspect's schema has no such field or the condition is not evaluated here.
 */
function criterionTest(criterion: Criterion, aspect: AspectSpec | undefined, at: string): (value: Value) => boolean {
  const path = criterion.field.split('.');
  const properties = aspect ? ((aspect.schema.properties ?? {}) as Record<string, JsonSchema>) : undefined;
  if (properties && !((path[0] ?? '') in properties))
    throw badRequest(`${at}.field: ${criterion.field} is not a field of ${aspect?.name}`);
  const negated = criterion.negated === true;
  if (criterion.condition === 'EXISTS') return (value) => valuesAt(value, path).length > 0 !== negated;
  const test = conditionTest(criterion.condition);
  if (!test)
    throw badRequest(
      `${at}.condition: ${criterion.condition} is not supported for time series; use one of EXISTS, IN, ${Object.keys(CONDITIONS).join(', ')}`,
    );
  const expected = criterion.values?.length ? criterion.values : [criterion.value];
  return (value) => valuesAt(value, path).some((a) => expected.some((e) => test(a, e))) !== negated;
}

/**
 * The predicate of a filter; 400 naming the criterion whose field the aspect's schema does not have,
 * or whose condition is not evaluated (`criterionAt` names the j-th criterion of the i-th clause as
 * the request spelled it).
 */
export function timeseriesPredicate(
  filter: TimeseriesFilter,
  aspect: AspectSpec | undefined,
  criterionAt = (i: number, j: number): string => `body.filter.or[${i}].and[${j}]`,
): (value: Value) => boolean {
  // Upstream ignores the deprecated `criteria` when `or` is present.
  const clauses = filterAlternatives(filter).map((clause, i) =>
    clause.and.map((criterion, j) => criterionTest(criterion, aspect, criterionAt(i, j))),
  );
  if (clauses.length === 0) return () => true;
  return (value) => clauses.some((tests) => tests.every((holds) => holds(value)));
}
