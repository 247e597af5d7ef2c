/**
 * The `search` action over the search tables: the hits of the parsed query (every clause must
 * match), narrowed by the filter and by soft delete, ordered by relevance and then urn, paged by
 * start/count. Tokens are matched in the full-text table and ranked with BM25 weighted by the
 * boosts of the fields they matched, so a match on `id` or `name` (boost 10) ranks above one on
 * `description`; `field:value` clauses narrow the hits without changing their order. The total
 * and the aggregations cover the whole result; `pageSize` is the count asked for, as upstream reports it.
 */
import { aggregations, type AggregationScope } from './aggregations.js';
import { ftsTerm } from './analyzer.js';
import { clauseSql } from './clause-sql.js';
import { compileFilter } from './filters.js';
import type { EntityIndexFields } from './index-fields.js';
import { matchedFields } from './matched-fields.js';
import { parseQuery } from './query-parser.js';
import type { SearchRequest, SearchResultValue } from './requests.js';
import type { SearchTables } from './tables.js';

interface Hit {
  doc_id: number;
  urn: string;
}

export function search(tables: SearchTables, fields: EntityIndexFields, request: SearchRequest): SearchResultValue {
  const query = parseQuery(request.input ?? '', fields);
  const filter = compileFilter(fields, request.filter);
  const tokens = query.clauses.flatMap((c) => (c.kind === 'token' ? [ftsTerm(c.token)] : []));
  const fieldClauses = query.clauses.flatMap((c) => (c.kind === 'field' ? [clauseSql(c)] : []));
  const conditions = [
    'd.entity = ?',
    ...(filter.namesRemoved ? [] : ['d.removed = 0']),
    filter.sql,
    ...fieldClauses.map((c) => `d.doc_id IN (SELECT doc_id FROM (${c.sql}))`),
  ].join(' AND ');
  const conditionParams = [fields.entity, ...filter.params, ...fieldClauses.flatMap((c) => c.params)];
  const ranked = tokens.length > 0;
  const from = ranked
    ? `FROM search_fulltext JOIN search_document d ON d.doc_id = search_fulltext.rowid WHERE search_fulltext MATCH ? AND ${conditions}`
    : `FROM search_document d WHERE ${conditions}`;
  const members = `SELECT d.doc_id AS doc_id ${from}`;
  const hits = `SELECT d.doc_id AS doc_id, d.urn AS urn${ranked ? `, ${tables.relevance} AS score` : ''} ${from}`;
  const params = ranked ? [tokens.join(' AND '), ...conditionParams] : conditionParams;

  const start = Math.max(0, request.start);
  const count = Math.max(0, request.count);
  const total = (tables.statement(`SELECT COUNT(*) AS n FROM (${members})`).get(...params) as { n: number }).n;
  const order = ranked ? 'ORDER BY score DESC, urn' : 'ORDER BY urn';
  const page = count > 0 && start < total ? (tables.statement(`${hits} ${order} LIMIT ? OFFSET ?`).all(...params, count, start) as Hit[]) : [];
  const matches = matchedFields(tables, query, page.map((h) => h.doc_id));
  const scope: AggregationScope = query.matchAll && filter.params.length === 0 ? { kind: 'entity' } : { kind: 'hits', sql: members, params };
  const urns = page.map((h) => h.urn);
  return {
    numEntities: total,
    pageSize: request.count,
    from: request.start,
    entities: urns,
    metadata: {
      urns,
      matches: page.map((h) => ({ matchedFields: matches.get(h.doc_id) ?? [] })),
      searchResultMetadatas: aggregations(tables, fields, scope),
    },
  };
}
