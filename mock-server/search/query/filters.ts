/**
 * Compiles a search filter (`{or: [{and: [{field, value, condition}]}]}`) into a SQL condition on
 * the document alias `d`. A criterion holds when any stored value of the field satisfies it.
 * EQUAL is exact (a URN field compares the full URN; the last-key-part shortcut belongs to
 * `field:value` queries only). CONTAIN, START_WITH and END_WITH ignore case, as upstream's
 * case-insensitive wildcard queries do. Range conditions compare numbers on COUNT and DATETIME
 * fields and strings otherwise. EXISTS holds when the entity has any value of the field, as
 * upstream's `exists` query (ESUtils.getQueryBuilderFromCriterionForSingleField, metadata-io, v1.3.0.1);
 * its values are not read, and `negated` makes it upstream's "does not exist". Only search fields of
 * the entity may be named (400 otherwise).
 */
import { badRequest } from '../../errors.js';
import {
  NUMERIC_TYPES,
  REMOVED_FIELD,
  indexFieldName,
  type EntityIndexFields,
  type IndexField,
} from '../index-fields.js';
import { filterAlternatives, type Condition, type Criterion, type Filter } from '../requests.js';

export interface CompiledFilter {
  /** SQL condition on the document id (`d.doc_id` unless told), `1` when there is no filter. */
  sql: string;
  params: unknown[];
  /** Whether a criterion names `removed`; then soft-deleted entities are not hidden. */
  namesRemoved: boolean;
  /**
   * For a filter of one conjunction without negation (or none): the SELECT of each criterion's
   * entities (`doc_id`), whose intersection is the filter's, so that a search can merge them.
   */
  sets?: CriterionSet[];
}

export interface CriterionSet {
  sql: string;
  params: unknown[];
  /**
   * For an EQUAL criterion on an aggregated field compared as stored (not a number, not a boolean):
   * its field and values, whose facet ids an entity holds exactly when it has one of these values.
   */
  facet?: { field: string; values: string[] };
}

const RANGE: Partial<Record<Condition, string>> = {
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL_TO: '>=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL_TO: '<=',
};

const likePattern = (value: string): string => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

function valueCondition(field: IndexField, condition: Condition, value: string): { sql: string; params: unknown[] } {
  const numeric = NUMERIC_TYPES.has(field.type);
  if (numeric && (condition === 'EQUAL' || RANGE[condition])) {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n))
      throw badRequest(`filter field '${field.name}': value '${value}' is not a number`);
    return { sql: `num ${RANGE[condition] ?? '='} ?`, params: [n] };
  }
  switch (condition) {
    case 'EQUAL':
      return { sql: 'value = ?', params: [field.type === 'BOOLEAN' ? value.toLowerCase() : value] };
    case 'CONTAIN':
      return { sql: 'instr(lower(value), ?) > 0', params: [value.toLowerCase()] };
    case 'START_WITH':
      return { sql: "lower(value) LIKE ? ESCAPE '\\'", params: [`${likePattern(value)}%`] };
    case 'END_WITH':
      return { sql: "lower(value) LIKE ? ESCAPE '\\'", params: [`%${likePattern(value)}`] };
    default: {
      const op = RANGE[condition];
      if (!op) throw badRequest(`filter condition '${String(condition)}' is not supported`);
      return { sql: `value ${op} ?`, params: [value] };
    }
  }
}

function criterionSet(fields: EntityIndexFields, criterion: Criterion): CriterionSet {
  const field = fields.fields.get(indexFieldName(criterion.field));
  if (!field)
    throw badRequest(`filter field '${criterion.field}' is not a searchable field of entity ${fields.entity}`);
  const condition = criterion.condition ?? 'EQUAL';
  if (condition === 'EXISTS') return { sql: 'SELECT doc_id FROM search_value WHERE field = ?', params: [field.name] };
  const values = criterion.values && criterion.values.length > 0 ? criterion.values : [criterion.value ?? ''];
  const alternatives = values.map((v) => valueCondition(field, condition, v));
  const sql = `SELECT doc_id FROM search_value WHERE field = ? AND (${alternatives.map((a) => a.sql).join(' OR ')})`;
  const asStored =
    condition === 'EQUAL' && field.addToFilters && !NUMERIC_TYPES.has(field.type) && field.type !== 'BOOLEAN';
  return {
    sql,
    params: [field.name, ...alternatives.flatMap((a) => a.params)],
    ...(asStored ? { facet: { field: field.name, values } } : {}),
  };
}

/**
 * `parts` joined by `operator` as a balanced tree of parentheses: SQLite refuses an expression deeper than
 * 1000, which a plain chain of a filter's 1,024 alternatives is.
 */
function balanced(parts: readonly string[], operator: 'AND' | 'OR'): string {
  if (parts.length <= 2) return `(${parts.join(` ${operator} `)})`;
  const half = Math.ceil(parts.length / 2);
  return `(${balanced(parts.slice(0, half), operator)} ${operator} ${balanced(parts.slice(half), operator)})`;
}

/** `docId` is the SQL expression of the document id the criteria test (a ranked search hints its own column). */
export function compileFilter(
  fields: EntityIndexFields,
  filter: Filter | undefined,
  docId = 'd.doc_id',
): CompiledFilter {
  const conjunctions = filterAlternatives(filter);
  if (conjunctions.length === 0) return { sql: '1', params: [], namesRemoved: false, sets: [] };
  const params: unknown[] = [];
  let namesRemoved = false;
  const groups = conjunctions.map((group) =>
    group.and.map((criterion) => {
      if (indexFieldName(criterion.field) === REMOVED_FIELD) namesRemoved = true;
      return { set: criterionSet(fields, criterion), negated: Boolean(criterion.negated) };
    }),
  );
  const ors = groups.map((group) => {
    // An empty conjunction is true, as an empty bool query is upstream.
    if (group.length === 0) return '1';
    const ands = group.map(({ set, negated }) => {
      params.push(...set.params);
      return `${docId} ${negated ? 'NOT IN' : 'IN'} (${set.sql})`;
    });
    return balanced(ands, 'AND');
  });
  const only = groups.length === 1 ? groups[0]! : undefined;
  const sets = only && !only.some((c) => c.negated) ? only.map((c) => c.set) : undefined;
  return { sql: balanced(ors, 'OR'), params, namesRemoved, sets };
}
