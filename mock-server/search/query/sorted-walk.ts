/**
 * The hits a sorted page can hold, found by walking the first criterion's values in the order of
 * their index instead of reading every hit's value: the walk keeps the hits among the entities it
 * passes (told apart by the caller, from the document columns) until it holds `rows` of them and
 * every other entity of the last one's value, and stops. Those are the hits before every other in
 * the order of the criteria and urn (sort-order.ts), which orders them. An entity is met first at
 * its smallest value walking up, at its largest walking down: its key in that order.
 *
 * The index orders what SQLite can compare as the key compares: a number (`search_value_by_number`),
 * a value as stored, by its UTF-8 bytes (`search_value_by_value`), a lower-cased value of printable
 * ASCII by SQLite's `lower()`, which lower-cases ASCII letters alone (`search_value_by_lower`); the
 * other lower-cased values (a letter beyond ASCII may lower-case to anything; a name holds one rarely) are
 * read whole from the same index, keyed and ordered in JavaScript, and merged into the walk.
 */
import type { EntityIndexFields } from '../index-fields.js';
import { ENTITY_INDEX_FIELD, URN_FIELD } from '../index-fields.js';
import { compareKeys, keyOf, sortField, type Key, type SortKind, type ValueRow } from './sort-order.js';
import type { SortCriterion } from '../requests.js';
import type { SearchTables } from '../tables.js';

/** The values `search_value_by_lower` sets apart: any with a character other than printable ASCII. */
const BEYOND_ASCII = "(value GLOB '*[^ -~]*')";
/** The rows of a text field's values (`search_value_by_lower` holds those alone: no number, no URN's last part). */
const TEXT_ROWS = 'field = ? AND num IS NULL AND last_part IS NULL';

interface KeyedRow {
  doc_id: number;
  key: string | number;
}

/** The field's value rows in the order of their keys (with `descending`, the reverse), each keyed. */
function* keyedRows(tables: SearchTables, field: string, kind: SortKind, descending: boolean): Generator<KeyedRow> {
  const dir = descending ? 'DESC' : 'ASC';
  const keyed = (row: ValueRow): KeyedRow => ({ doc_id: row.doc_id, key: keyOf(kind, row)! });
  if (kind === 'number') {
    const sql = `SELECT doc_id, '' AS value, num FROM search_value WHERE field = ? AND num IS NOT NULL ORDER BY num ${dir}, doc_id ${dir}`;
    for (const row of tables.statement(sql).iterate(field) as IterableIterator<ValueRow>) yield keyed(row);
    return;
  }
  if (kind !== 'lowerCased') {
    const sql = `SELECT doc_id, value, NULL AS num FROM search_value WHERE field = ? ORDER BY value ${dir}, doc_id ${dir}`;
    for (const row of tables.statement(sql).iterate(field) as IterableIterator<ValueRow>) yield keyed(row);
    return;
  }
  const sign = descending ? -1 : 1;
  const others = (
    tables
      .statement(`SELECT doc_id, value, NULL AS num FROM search_value WHERE ${TEXT_ROWS} AND ${BEYOND_ASCII} = 1`)
      .all(field) as ValueRow[]
  )
    .map(keyed)
    .sort((a, b) => compareKeys(a.key, b.key) * sign || (a.doc_id - b.doc_id) * sign);
  let next = 0;
  const sql = `SELECT doc_id, value, NULL AS num FROM search_value WHERE ${TEXT_ROWS} AND ${BEYOND_ASCII} = 0 ORDER BY lower(value) ${dir}, doc_id ${dir}`;
  for (const row of tables.statement(sql).iterate(field) as IterableIterator<ValueRow>) {
    const ascii = keyed(row);
    while (next < others.length && compareKeys(others[next]!.key, ascii.key) * sign < 0) yield others[next++]!;
    yield ascii;
  }
  while (next < others.length) yield others[next++]!;
}

/**
 * The doc_ids of the hits before every other in the order of `sort` (at least `rows` of them, and
 * every hit sharing the first criterion's key with the last), or undefined when the walk cannot
 * tell them: the first criterion is the urn, `_index` or a field the entity cannot sort on, or fewer than
 * `rows` hits hold a value (those without one may be on the page).
 */
export function walkedHits(
  tables: SearchTables,
  fields: EntityIndexFields,
  sort: readonly SortCriterion[],
  rows: number,
  isHit: (docId: number) => boolean,
): number[] | undefined {
  const first = sort[0];
  const found = first && sortField(fields, first.field);
  if (!found || found.field === URN_FIELD || found.field === ENTITY_INDEX_FIELD) return undefined;
  const passed = new Set<number>();
  const hits: number[] = [];
  let last: Key;
  for (const { doc_id, key } of keyedRows(tables, found.field, found.kind, first.order === 'DESCENDING')) {
    if (hits.length >= rows && key !== last) return hits;
    if (passed.has(doc_id)) continue;
    passed.add(doc_id);
    if (!isHit(doc_id)) continue;
    hits.push(doc_id);
    if (hits.length === rows) last = key;
  }
  return undefined;
}
