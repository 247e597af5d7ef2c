/**
 * GraphQL filters as the search index's filter (upstream's ResolverUtils.buildFilter): `orFilters` when
 * given, else `filters` as one conjunction; each FacetFilterInput becomes a criterion on its field with
 * its values (its deprecated single `value` when `values` is absent), negation and condition. IN is EQUAL over
 * several values, as upstream treats it; EXISTS (with `negated`, "does not exist") needs no values; the
 * conditions the index cannot evaluate (IEQUAL, the hierarchy ones) are a BAD_REQUEST naming them.
 */
import type { Condition, Criterion, Filter } from '../../search/index.js';
import { badRequestError } from '../errors.js';

export interface FacetFilterInput {
  field: string;
  /** The deprecated single value, read when `values` is absent. */
  value?: string | null;
  values?: readonly string[] | null;
  negated?: boolean | null;
  condition?: string | null;
}

export interface FilterArgs {
  filters?: readonly FacetFilterInput[] | null;
  orFilters?: readonly { and?: readonly FacetFilterInput[] | null }[] | null;
}

const CONDITIONS: ReadonlySet<string> = new Set([
  'CONTAIN',
  'EQUAL',
  'EXISTS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'START_WITH',
  'END_WITH',
]);

/** A criterion as upstream stores it (a saved view's): IN kept as given. */
export interface StoredCriterion extends Omit<Criterion, 'condition'> {
  condition?: Condition | 'IN';
}

/** A FacetFilterInput as upstream's ResolverUtils.criterionFromFilter makes it (EQUAL when absent), its condition checked. */
export function storedCriterion(filter: FacetFilterInput, at: string): StoredCriterion {
  const condition = filter.condition ?? 'EQUAL';
  if (condition !== 'IN' && !CONDITIONS.has(condition))
    throw badRequestError(
      `${at}.condition: ${condition} is not supported by the mock; use one of IN, ${[...CONDITIONS].join(', ')}`,
    );
  return {
    field: filter.field,
    values: [...(filter.values ?? (filter.value != null ? [filter.value] : []))],
    condition: condition as StoredCriterion['condition'],
    negated: filter.negated === true,
  };
}

/** A stored criterion as the search index takes it: IN is EQUAL over the values. */
export const searched = (c: StoredCriterion): Criterion =>
  c.condition === 'IN' ? { ...c, condition: 'EQUAL' } : (c as Criterion);

const criterion = (filter: FacetFilterInput, at: string): Criterion => searched(storedCriterion(filter, at));

/** The filter of the input, or undefined when it has none; `field` names the input in messages. */
export function searchFilter(args: FilterArgs, field: string): Filter | undefined {
  if (args.orFilters && args.orFilters.length > 0) {
    return {
      or: args.orFilters.map((group, i) => ({
        and: (group.and ?? []).map((f, j) => criterion(f, `${field}.orFilters[${i}].and[${j}]`)),
      })),
    };
  }
  if (args.filters && args.filters.length > 0)
    return { or: [{ and: args.filters.map((f, j) => criterion(f, `${field}.filters[${j}]`)) }] };
  return undefined;
}

/** The filter and one more criterion that must hold in every alternative (a container's entities). */
export function withCriterion(filter: Filter | undefined, extra: Criterion): Filter {
  return { or: (filter?.or ?? [{ and: [] }]).map((group) => ({ and: [...group.and, extra] })) };
}
