/**
 * Conditions on aggregated values that a search can test on each hit's facet ids (the document
 * columns, ../memory/document-columns.ts) instead of reading the entities each condition selects from the
 * value index: an entity holds a value's facet id exactly when it has the value's `search_value`
 * row, since both are written from the same values of its aggregated fields (../write/document-rows.ts).
 * A filter's EQUAL criterion on such a field and a `field:value` clause on it qualify when they
 * compare values as stored (not as numbers, booleans or text tokens).
 */
import { urnLastPart } from '../../../spec/index.js';
import type { CriterionSet } from './filters.js';
import { NUMERIC_TYPES, TEXT_TYPES, URN_TYPES, type IndexField } from '../index-fields.js';
import type { FieldClause } from './query-parser.js';
import type { SearchTables } from '../tables.js';

/** An entity meets the condition when it holds one of `ids`; `holders` entities (not removed) hold one at most. */
export interface FacetCondition {
  ids: number[];
  holders: number;
}

/** A field with more aggregated values than this is tested from the value index instead. */
const MOST_VALUES = 4096;
/** More conditions than this are tested from the value index (a hit's conditions are bits of an integer). */
const MOST_CONDITIONS = 31;

type FacetRow = [id: number, value: string, n: number];

/** The facets of a field whose value passes `test`; undefined when the field has too many values to read. */
function matching(
  tables: SearchTables,
  entity: string,
  field: string,
  test: (value: string) => boolean,
): FacetCondition | undefined {
  const rows = tables
    .statement('SELECT id, value, n FROM search_facet WHERE entity = ? AND field = ? LIMIT ?')
    .raw()
    .all(entity, field, MOST_VALUES + 1) as FacetRow[];
  if (rows.length > MOST_VALUES) return undefined;
  const kept = rows.filter(([, value]) => test(value));
  return { ids: kept.map(([id]) => id), holders: kept.reduce((sum, [, , n]) => sum + n, 0) };
}

const comparedAsStored = (field: IndexField): boolean =>
  field.addToFilters && !NUMERIC_TYPES.has(field.type) && !TEXT_TYPES.has(field.type) && field.type !== 'BOOLEAN';

/** The condition of a `field:value` clause (clause-sql.ts): a URN field by the full URN or its last key part. */
function clauseCondition(
  tables: SearchTables,
  entity: string,
  { field, value }: FieldClause,
): FacetCondition | undefined {
  if (!comparedAsStored(field)) return undefined;
  const urn = URN_TYPES.has(field.type);
  return matching(tables, entity, field.name, (stored) => stored === value || (urn && urnLastPart(stored) === value));
}

/**
 * The facet conditions of a search's filter criteria (one conjunction without negation: `sets`)
 * and `field:value` clauses, when every one of them qualifies; undefined otherwise.
 */
export function facetConditions(
  tables: SearchTables,
  entity: string,
  sets: readonly CriterionSet[] | undefined,
  clauses: readonly FieldClause[],
): FacetCondition[] | undefined {
  if (!sets || sets.length + clauses.length > MOST_CONDITIONS) return undefined;
  const conditions: FacetCondition[] = [];
  for (const { facet } of sets) {
    const values = facet && new Set(facet.values);
    const condition = values && matching(tables, entity, facet.field, (stored) => values.has(stored));
    if (!condition) return undefined;
    conditions.push(condition);
  }
  for (const clause of clauses) {
    const condition = clauseCondition(tables, entity, clause);
    if (!condition) return undefined;
    conditions.push(condition);
  }
  return conditions;
}
