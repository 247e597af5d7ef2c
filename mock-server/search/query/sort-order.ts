/**
 * The order of a search sorted by fields, as upstream builds it (ESUtils.buildSortOrder,
 * metadata-io/src/main/java/com/linkedin/metadata/search/utils/ESUtils.java): the criteria in turn,
 * then the urn ascending (upstream adds that sort unless a criterion names `urn`); relevance plays no
 * part once a criterion is given. The values compare as upstream's mappings index them
 * (MappingsBuilder.getMappingsForField, metadata-io/.../search/elasticsearch/indexbuilder/MappingsBuilder.java):
 * - KEYWORD, TEXT, TEXT_PARTIAL and WORD_GRAM fields are keyword fields with the lower-casing
 *   `keyword_normalizer`: compared lower-cased; their `<field>.keyword` subfield as stored;
 * - URN and URN_PARTIAL fields are text fields, which Elasticsearch will not sort on: only their
 *   `<field>.keyword` subfield sorts, as stored; `urn` itself is a keyword field;
 * - DATETIME and COUNT fields (date, long) as numbers, BOOLEAN fields (hasValues flags too) false first;
 * - other types (browse paths, maps) do not sort;
 * - an alias of a field (the annotations' fieldNameAliases: `_entityName`, which upstream's search
 *   screens sort by name with) sorts as the field;
 * - `_index` sorts by the name of the entity type's index (`glossarynodeindex_v2` before
 *   `glossarytermindex_v2`), as Elasticsearch sorts on its `_index` field: the web app lists a
 *   glossary node's child nodes before its terms that way.
 * Strings compare by their UTF-8 bytes, as Elasticsearch compares keyword terms. An entity with several
 * values sorts by the smallest ascending and by the largest descending (Elasticsearch's default sort
 * mode), one without a value after every other in either order (its default `missing: _last`).
 */
import type { SearchableFieldType } from '../../../spec/index.js';
import { badRequest } from '../../errors.js';
import {
  ENTITY_INDEX_FIELD,
  NUMERIC_TYPES,
  URN_FIELD,
  URN_TYPES,
  entityIndexName,
  type EntityIndexFields,
} from '../index-fields.js';
import { compareUrns, firstInOrder } from '../memory/page-order.js';
import type { SortCriterion } from '../requests.js';
import type { SearchTables } from '../tables.js';

/** How the values of a sort field compare. */
export type SortKind = 'lowerCased' | 'stored' | 'number' | 'boolean';

const KEYWORD_TYPES: ReadonlySet<SearchableFieldType> = new Set(['KEYWORD', 'TEXT', 'TEXT_PARTIAL', 'WORD_GRAM']);
const KEYWORD_SUFFIX = '.keyword';

/** The index field a sort field reads, and how its values compare; undefined when the entity cannot sort on it. */
export function sortField(fields: EntityIndexFields, name: string): { field: string; kind: SortKind } | undefined {
  if (name === URN_FIELD || name === ENTITY_INDEX_FIELD) return { field: name, kind: 'stored' };
  const subfield = name.endsWith(KEYWORD_SUFFIX);
  const named = subfield ? name.slice(0, -KEYWORD_SUFFIX.length) : name;
  const field = fields.aliases.get(named) ?? named;
  const type = field === URN_FIELD ? undefined : fields.fields.get(field)?.type;
  if (type === undefined) return undefined;
  if (subfield) return KEYWORD_TYPES.has(type) || URN_TYPES.has(type) ? { field, kind: 'stored' } : undefined;
  if (KEYWORD_TYPES.has(type)) return { field, kind: 'lowerCased' };
  if (NUMERIC_TYPES.has(type)) return { field, kind: 'number' };
  if (type === 'BOOLEAN') return { field, kind: 'boolean' };
  return undefined;
}

/** A criterion as a request gives it, with the name of its field in the request (for messages). */
export interface GivenSortCriterion extends SortCriterion {
  at: string;
}

/**
 * The criteria a search was given, picked from its two inputs as upstream picks them (the REST
 * search's EntityResource.getSortCriteria, GraphQL's SearchUtils.getSortCriteria): the list when
 * given (empty: relevance), else the one criterion, else none; each named by where the request holds it.
 */
export function givenSort(
  list: readonly SortCriterion[] | undefined,
  single: SortCriterion | undefined,
  listAt: string,
  singleAt: string,
): GivenSortCriterion[] {
  if (list) return list.map(({ field, order }, i) => ({ field, order, at: `${listAt}[${i}].field` }));
  return single ? [{ field: single.field, order: single.order, at: `${singleAt}.field` }] : [];
}

/** The criteria of a search over these entity types; a field none of them can sort on is a 400 naming it. */
export function checkedSort(
  fieldsOf: (entity: string) => EntityIndexFields,
  entities: readonly string[],
  given: readonly GivenSortCriterion[],
): SortCriterion[] {
  return given.map(({ field, order, at }) => {
    if (!entities.some((entity) => sortField(fieldsOf(entity), field))) {
      throw badRequest(
        `${at}: ${field} is not a field ${entities.join(', ') || 'the entity types searched'} can be sorted on ` +
          '(a keyword, text, number, date or boolean search field or its alias, `<field>.keyword` of a text or URN field, urn or _index)',
      );
    }
    return { field, order };
  });
}

/** A hit to order: its document, urn and entity type. */
export interface SortedHit {
  doc_id: number;
  urn: string;
  entity: string;
}

export type Key = string | number | undefined;

export interface ValueRow {
  doc_id: number;
  value: string;
  num: number | null;
}

export function keyOf(kind: SortKind, row: ValueRow): Key {
  switch (kind) {
    case 'lowerCased':
      return row.value.toLowerCase();
    case 'stored':
      return row.value;
    case 'number':
      return row.num ?? undefined;
    case 'boolean':
      return row.value === 'true' ? 1 : 0;
  }
}

/** Numbers before strings (a field of one name may be of two kinds across entity types). */
export function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return compareUrns(a, b);
}

/** Hits that are at least this share of the entities read their field's values from the whole field (one index range) instead of one lookup each. */
const SCAN_SHARE = 8;

/** The value rows of a field for these documents (and, when the field is read whole, others). */
function valueRows(tables: SearchTables, field: string, kind: SortKind, docs: ReadonlyMap<number, number>): ValueRow[] {
  if (docs.size * SCAN_SHARE >= tables.totals().docs) {
    // The (field, value, doc_id) and (field, num, doc_id) indexes hold what is read: no table row is looked up.
    const whole =
      kind === 'number'
        ? "SELECT doc_id, '' AS value, num FROM search_value WHERE field = ? AND num IS NOT NULL"
        : 'SELECT doc_id, value, NULL AS num FROM search_value WHERE field = ?';
    return tables.statement(whole).all(field) as ValueRow[];
  }
  return tables
    .statement(
      'SELECT v.doc_id AS doc_id, v.value AS value, v.num AS num FROM json_each(?) j CROSS JOIN search_value v ON v.doc_id = j.value AND v.field = ?',
    )
    .all(JSON.stringify([...docs.keys()]), field) as ValueRow[];
}

/**
 * Each hit's key for one criterion: the values of its field (the smallest ascending, the largest
 * descending), undefined for a hit whose entity type cannot sort on the field or has no value.
 */
function criterionKeys(
  tables: SearchTables,
  fieldsOf: (entity: string) => EntityIndexFields | undefined,
  hits: readonly SortedHit[],
  criterion: SortCriterion,
): Key[] {
  const descending = criterion.order === 'DESCENDING';
  const keys: Key[] = new Array<Key>(hits.length);
  const byField = new Map<string, { kind: SortKind; at: number[] }>();
  hits.forEach((hit, i) => {
    const fields = fieldsOf(hit.entity);
    const found = fields && sortField(fields, criterion.field);
    if (!found) return;
    if (found.field === URN_FIELD || found.field === ENTITY_INDEX_FIELD) {
      keys[i] = found.field === URN_FIELD ? hit.urn : entityIndexName(hit.entity);
      return;
    }
    const group = byField.get(`${found.kind}:${found.field}`) ?? { kind: found.kind, at: [] };
    byField.set(`${found.kind}:${found.field}`, group);
    group.at.push(i);
  });
  for (const [name, { kind, at }] of byField) {
    const field = name.slice(kind.length + 1);
    const position = new Map(at.map((i) => [hits[i]!.doc_id, i]));
    for (const row of valueRows(tables, field, kind, position)) {
      const i = position.get(row.doc_id);
      if (i === undefined) continue;
      const key = keyOf(kind, row);
      if (key === undefined) continue;
      const held = keys[i];
      if (held === undefined || compareKeys(key, held) * (descending ? -1 : 1) < 0) keys[i] = key;
    }
  }
  return keys;
}

/** The first `rows` hits (all by default) in the order of the criteria, then of their urns. */
export function sortHits<H extends SortedHit>(
  tables: SearchTables,
  fieldsOf: (entity: string) => EntityIndexFields | undefined,
  hits: readonly H[],
  sort: readonly SortCriterion[],
  rows = hits.length,
): H[] {
  const columns = sort.map((criterion) => ({
    sign: criterion.order === 'DESCENDING' ? -1 : 1,
    keys: criterionKeys(tables, fieldsOf, hits, criterion),
  }));
  const order = (i: number, j: number): number => {
    for (const { sign, keys } of columns) {
      const a = keys[i];
      const b = keys[j];
      // The missing values come last in either order.
      if (a === undefined || b === undefined) {
        if (a !== b) return a === undefined ? 1 : -1;
        continue;
      }
      const c = compareKeys(a, b) * sign;
      if (c !== 0) return c;
    }
    return compareUrns(hits[i]!.urn, hits[j]!.urn);
  };
  return firstInOrder(hits.length, rows, order).map((i) => hits[i]!);
}
