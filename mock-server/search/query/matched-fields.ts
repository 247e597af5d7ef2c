/**
 * `matchedFields` of the hits of one page, as upstream's highlighting reports them: one
 * `{name, value}` per (field queried by default, stored value) that a query token matched, and for
 * a `field:value` clause the field with the full stored value it matched (e.g. the whole tag URN);
 * a prefix term matches the values holding a token it begins.
 */
import { indexTokens, queryTokens } from '../analyzer.js';
import { clauseSql } from './clause-sql.js';
import { TEXT_TYPES, URN_TYPES } from '../index-fields.js';
import type { ParsedQuery } from './query-parser.js';
import type { MatchedField } from '../requests.js';
import type { SearchTables } from '../tables.js';

/** A row as an array (`.raw()`): a page's hits have a few hundred text rows, and an object per row cost more than the rest. */
type Row = [docId: number, field: string, value: string];

const DEFAULT_FIELD_ROWS =
  'SELECT doc_id, field, value FROM search_text_row WHERE query_by_default = 1 AND doc_id IN (SELECT value FROM json_each(?)) ORDER BY id';

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Whether a value may hold one of the tokens: every token of an ASCII value is a piece of the value
 * lower-cased, so one that holds none of them is passed over without being analyzed (most values
 * of a page's hits are, and analyzing them was most of the cost). Other values are analyzed.
 */
function mayHold(value: string, tokens: ReadonlySet<string>): boolean {
  if (!ASCII.test(value)) return true;
  const lower = value.toLowerCase();
  for (const t of tokens) if (lower.includes(t)) return true;
  return false;
}

export function matchedFields(
  tables: SearchTables,
  query: ParsedQuery,
  docIds: readonly number[],
): Map<number, MatchedField[]> {
  const out = new Map<number, MatchedField[]>(docIds.map((id) => [id, []]));
  if (docIds.length === 0 || query.matchAll) return out;
  const seen = new Set<string>();
  const add = ([docId, field, value]: Row): void => {
    const key = JSON.stringify([docId, field, value]);
    if (seen.has(key)) return;
    seen.add(key);
    out.get(docId)?.push({ name: field, value });
  };
  const ids = JSON.stringify(docIds);
  const tokens = new Set(query.clauses.flatMap((c) => (c.kind === 'token' ? [c.token] : [])));
  // A prefix term (a full-text search's last word) matches the tokens it begins.
  const prefixes = query.clauses.flatMap((c) => (c.kind === 'token' && c.prefix ? [c.token] : []));
  const matches = (t: string): boolean => tokens.has(t) || prefixes.some((p) => t.startsWith(p));
  if (tokens.size > 0) {
    for (const row of tables.statement(DEFAULT_FIELD_ROWS).raw().all(ids) as Row[]) {
      if (mayHold(row[2], tokens) && indexTokens(row[2]).some(matches)) add(row);
    }
  }
  for (const clause of query.clauses) {
    if (clause.kind !== 'field') continue;
    const { sql, params } = clauseSql(clause);
    // A URN clause reads two indexes one after the other; its rows come in the order of one.
    const order = URN_TYPES.has(clause.field.type) ? ' ORDER BY doc_id, field, value' : '';
    const rows = tables
      .statement(`SELECT doc_id, field, value FROM (${sql}) WHERE doc_id IN (SELECT value FROM json_each(?))${order}`)
      .raw()
      .all(...params, ids) as Row[];
    // A text clause matches the field as a whole: the values it names are those holding one of its tokens.
    const wanted = TEXT_TYPES.has(clause.field.type) ? new Set(queryTokens(clause.value)) : undefined;
    for (const row of rows)
      if (!wanted || (mayHold(row[2], wanted) && indexTokens(row[2]).some((t) => wanted.has(t)))) add(row);
  }
  return out;
}
