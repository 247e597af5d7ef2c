/**
 * The `search` action over the search tables: the hits of the parsed query (every clause must
 * match), narrowed by the filter and by soft delete, ordered by relevance and then urn (or, given
 * sort criteria, by those and then urn: sort-order.ts), paged by start/count. Tokens are matched in
 * the token index and ranked with BM25 weighted by the boosts of the fields they matched
 * (ranking.ts), so a match on `id` or `name` (boost 10) ranks above one on `description`; `field:value` clauses narrow the hits without changing their order. The total
 * and the aggregations cover the whole result; `pageSize` is the count asked for, as upstream reports it,
 * once bounded by the page limit.
 */
import { bestHits } from './best-hits.js';
import { aggregations, countFacets, type AggregationScope } from './aggregations.js';
import { clauseSql } from './clause-sql.js';
import { countHits, scanHits, type CountedHits } from './counting-pass.js';
import { facetConditions } from './facet-conditions.js';
import { rankedPage, type Hit } from './ranked-page.js';
import { compileFilter } from './filters.js';
import type { EntityIndexFields } from '../index-fields.js';
import { matchedFields } from './matched-fields.js';
import { parseQuery, type ParsedQuery } from './query-parser.js';
import { ranking, type RankedTerm } from './ranking.js';
import type { SearchRequest, SearchResultValue, SortCriterion } from '../requests.js';
import { sortHits, type SortedHit } from './sort-order.js';
import { walkedHits } from './sorted-walk.js';
import type { SearchTables } from '../tables.js';
import { onlyUrnEqualities, urnCriteriaExclude } from './urn-criteria.js';

/**
 * The largest page, upstream's `searchService.limit.results.max` (application.yaml): the document
 * profile serves a larger count as this page rather than refusing it, as a client asking for
 * "everything" expects; upstream serves its API default instead (upstreamSearchCount).
 */
export const MAX_SEARCH_RESULTS = 10000;
const UPSTREAM_API_DEFAULT_RESULTS = 5000;

/**
 * The count a current GMS searches with (the upstream profile): a count beyond the largest page is
 * replaced by the API default, 5000, with a warning, not bounded by the largest page
 * (metadata-service/configuration/.../config/ConfigUtils.java applyLimit, not strict;
 * `searchService.limit.results` in application.yaml: max 10000, apiDefault 5000, strict false).
 */
export function upstreamSearchCount(count: number): number {
  return count > MAX_SEARCH_RESULTS ? UPSTREAM_API_DEFAULT_RESULTS : count;
}

/** The old-style counting pass's row: a filter of several conjunctions or a negation, without ranking. */
interface CountedDocuments {
  n: number;
  facets: string | null;
}

/** Conditions without ranking are tested on every document when their holders are at least this share of the entities (1/32). */
const SCAN_SHARE = 32;

/**
 * Tokens are read from their posting lists when each is held by at most this many times the
 * entities of the rarest: a list read costs about 0.15 µs an entity, a probe of a token's rows for
 * one of the rarest token's entities about 2 µs (../../scripts/bench/README.md).
 */
const LISTS_BREADTH = 8;

/** The query's tokens to rank, each once: a prefix term is left out when the same token must match whole. */
function rankedTerms(query: ParsedQuery): RankedTerm[] {
  const whole = new Set(query.clauses.flatMap((c) => (c.kind === 'token' && !c.prefix ? [c.token] : [])));
  const prefixes = query.clauses.flatMap((c) =>
    c.kind === 'token' && c.prefix && !whole.has(c.token) ? [c.token] : [],
  );
  return [
    ...[...whole].map((token) => ({ token, prefix: false })),
    ...prefixes.map((token) => ({ token, prefix: true })),
  ];
}

/** The answer of a search without hits: no entity, no aggregation (a field without buckets is left out). */
function noHits(request: SearchRequest): SearchResultValue {
  return {
    numEntities: 0,
    pageSize: Math.min(Math.max(0, request.count), MAX_SEARCH_RESULTS),
    from: request.start,
    entities: [],
    metadata: { urns: [], matches: [], searchResultMetadatas: [] },
  };
}

export function search(
  tables: SearchTables,
  fields: EntityIndexFields,
  request: SearchRequest,
  fieldsOf: (entity: string) => EntityIndexFields | undefined,
): SearchResultValue {
  // Nothing to check against the type's fields: URN criteria that leave out the type answer at once.
  if (onlyUrnEqualities(request) && urnCriteriaExclude(fields, request.filter)) return noHits(request);
  const query = parseQuery(request.input ?? '', fields, request.fulltext === true);
  const rank = query.clauses.some((c) => c.kind === 'token') ? ranking(tables, rankedTerms(query)) : undefined;
  // A ranked search reads its driving token's entities in order and tests the other conditions on
  // each (the `+` keeps SQLite from looking the token up again for every entity a condition selects).
  const docId = rank ? '+m0.doc_id' : 'd.doc_id';
  const filter = compileFilter(fields, request.filter, docId);
  const fieldClauses = query.clauses.flatMap((c) => (c.kind === 'field' ? [clauseSql(c)] : []));
  // The input checked: URN criteria that leave out every entity of the type have no hit to read (urn-criteria.ts).
  if (urnCriteriaExclude(fields, request.filter)) return noHits(request);
  const narrowed = fieldClauses.length > 0 || filter.params.length > 0;
  // Without ranking, a pass over the whole result should start from the rows a clause or filter
  // selects (a `+` keeps SQLite from reading every document of the type through the entity index
  // instead); the page, in urn order, reads that index and stops at its last row.
  const conditionsOf = (hinted: boolean): string =>
    [
      hinted ? '+d.entity = ?' : 'd.entity = ?',
      ...(filter.namesRemoved ? [] : [hinted ? '+d.removed = 0' : 'd.removed = 0']),
      filter.sql,
      ...fieldClauses.map((c) => `${docId} IN (SELECT doc_id FROM (${c.sql}))`),
    ].join(' AND ');
  const fromOf = (hinted: boolean): string =>
    rank
      ? `FROM ${rank.from} WHERE ${rank.where} AND ${conditionsOf(hinted)}`
      : `FROM search_document d WHERE ${conditionsOf(hinted)}`;
  const from = fromOf(false);
  const params = [...(rank?.params ?? []), fields.entity, ...filter.params, ...fieldClauses.flatMap((c) => c.params)];
  // A ranked search narrowed by a conjunction reads the driving token's entities and each
  // condition's, all in doc_id order from their indexes, as one merged INTERSECT: cheaper than
  // building a set of every condition's entities to test the token's against.
  const sets =
    narrowed && filter.sets
      ? [...filter.sets, ...fieldClauses.map((c) => ({ sql: `SELECT doc_id FROM (${c.sql})`, params: c.params }))]
      : undefined;
  const clauseTests = fieldClauses.map((c) => ` AND ${docId} IN (SELECT doc_id FROM (${c.sql}))`).join('');
  // Conditions on aggregated values alone are tested on each hit's facet ids (facet-conditions.ts):
  // a ranked search tests its tokens' hits; one without ranking tests every document of the type
  // when the conditions hold a large share of them (fewer are read from the value index).
  const conditions = narrowed
    ? facetConditions(
        tables,
        fields.entity,
        filter.sets,
        query.clauses.filter((c) => c.kind === 'field'),
      )
    : undefined;
  const requiredFacets = conditions?.map((c) => c.ids);
  const scans =
    !rank &&
    conditions !== undefined &&
    Math.min(...conditions.map((c) => c.holders)) * SCAN_SHARE >= tables.totals().docs;
  // Where the counting pass reads its candidates: a ranked search from its tokens' rows, tested by
  // the facet conditions, merged with the conjunction's sets, or tested by the filter's SQL; one
  // without ranking from its conjunction's sets (undefined: another pass counts it).
  const candidatesOf = (): { from: string; params: unknown[] } | undefined => {
    if (!rank) {
      if (!sets || sets.length === 0) return undefined;
      return {
        from: `FROM (${sets.map((s) => s.sql).join(' INTERSECT ')}${sets.length > 1 ? ' ORDER BY 1' : ''})`,
        params: sets.flatMap((s) => s.params),
      };
    }
    if (requiredFacets) return { from: `FROM ${rank.tokens} WHERE ${rank.where}`, params: rank.params };
    if (sets) {
      return {
        from: `FROM (${rank.driving.sql} ${sets.map((s) => `INTERSECT ${s.sql} `).join('')}ORDER BY 1) h CROSS JOIN ${rank.tokens} WHERE m0.doc_id = h.doc_id AND ${rank.where}`,
        params: [...rank.driving.params, ...sets.flatMap((s) => s.params), ...rank.params],
      };
    }
    return {
      from: `FROM ${rank.tokens} WHERE ${rank.where} AND ${filter.sql}${clauseTests}`,
      params: [...rank.params, ...filter.params, ...fieldClauses.flatMap((c) => c.params)],
    };
  };
  const candidates = candidatesOf();
  // A ranked search narrowed by nothing or by facet conditions alone reads its tokens' posting lists
  // (../memory/term-lists.ts), when it has one token or tokens held by comparable numbers of entities: reading
  // another token's list costs less than probing its rows for each of the driving token's entities.
  const listed =
    rank &&
    (requiredFacets || (filter.sql === '1' && fieldClauses.length === 0)) &&
    rank.held.every((h) => h.docs <= LISTS_BREADTH * rank.held[0]!.docs);
  const lists = listed
    ? rank.held.map((h) => (h.prefix ? tables.terms.lists.prefixList(h.token) : tables.terms.lists.list(h.token)))
    : undefined;

  const start = Math.max(0, request.start);
  const count = Math.min(Math.max(0, request.count), MAX_SEARCH_RESULTS);
  const matchesEverything = query.matchAll && filter.params.length === 0;
  // One pass over the whole result, without ranking it, gives its size and the facet counts of its
  // hits; for a ranked page, also each hit's id and the integers of its score, from which bestHits
  // keeps the few hits the page can hold: the page ranks those instead of reading every hit again.
  const counted = matchesEverything
    ? undefined
    : scans && requiredFacets
      ? scanHits(tables, fields.entity, requiredFacets)
      : !candidates
        ? undefined
        : countHits(tables, {
            ...candidates,
            idColumn: rank ? 'm0.doc_id' : 'doc_id',
            frequencyColumns: rank && count > 0 ? rank.frequencies : [],
            entity: fields.entity,
            withRemoved: filter.namesRemoved,
            repeats: !rank,
            ...(rank && requiredFacets ? { requiredFacets } : {}),
            ...(lists ? { lists } : {}),
          });
  // Other filters without ranking (several conjunctions, a negation) test every document of the type.
  const documents =
    matchesEverything || counted
      ? undefined
      : (tables
          .statement(`SELECT COUNT(*) AS n, group_concat(NULLIF(d.facets, '')) AS facets ${fromOf(narrowed)}`)
          .get(...params) as CountedDocuments);
  // Matching everything: the entity's documents that are not soft-deleted, counted as the columns follow the table (../memory/live-counts.ts).
  const total = counted?.n ?? documents?.n ?? tables.columns().liveDocuments(fields.entity);
  // Without ranking, the page walks the entity's documents in urn order until it has found its
  // rows: the hits the counting pass marked are told apart by their marks (a call per document
  // walked) where that walk is short against building the result's set of entities again, which a
  // deep page or a sparse result would rather pay.
  const markedPage = (stamp: number): Hit[] =>
    tables
      .statement(
        'SELECT d.doc_id AS doc_id, d.urn AS urn FROM search_document d WHERE d.entity = ? AND d.removed = 0 AND search_hit(d.doc_id, ?) ORDER BY urn LIMIT ? OFFSET ?',
      )
      .all(fields.entity, stamp, count, start) as Hit[];
  const walksShort = (hits: number): boolean => (start + count) * tables.totals().docs < hits * hits;
  // Sorted by fields: the hits the walk of the first criterion's values in index order meets first
  // (sorted-walk.ts) where that walk is short against the result, as for a page in urn order;
  // otherwise every hit, ordered by their values (the result's size is bounded by the catalog's).
  const sortedPage = (sort: readonly SortCriterion[]): Hit[] => {
    const isHit = walksShort(total) ? hitTest() : undefined;
    const walked = isHit && walkedHits(tables, fields, sort, start + count, isHit);
    const hits = walked
      ? (tables
          .statement('SELECT doc_id, urn, entity FROM search_document WHERE doc_id IN (SELECT value FROM json_each(?))')
          .all(JSON.stringify(walked)) as SortedHit[])
      : (tables
          .statement(`SELECT d.doc_id AS doc_id, d.urn AS urn, d.entity AS entity ${from}`)
          .all(...params) as SortedHit[]);
    return sortHits(tables, fieldsOf, hits, sort, start + count).slice(start);
  };
  // Whether a document is a hit, from the columns: matching everything, a live document of the type;
  // else one the counting pass marked, or a ranked hit it listed (marked here); undefined when another pass counted.
  const hitTest = (): ((docId: number) => boolean) | undefined => {
    const c = tables.columns();
    if (matchesEverything) {
      const code = c.entityCode(fields.entity);
      return (id) => code !== 0 && c.entity[id] === code && c.removed[id] === 0;
    }
    if (!counted) return undefined;
    let stamp = counted.stamp;
    if (stamp === undefined) {
      stamp = c.stamp();
      for (let i = 0; i < counted.n; i++) c.seen[counted.ids[i]!] = stamp;
    }
    const marked = stamp;
    return (id) => c.seen[id] === marked;
  };
  const page =
    count > 0 && start < total
      ? request.sort && request.sort.length > 0
        ? sortedPage(request.sort)
        : rank && counted
          ? rankedPage(
              tables.terms.lists,
              counted.list,
              bestHits(counted.n, start + count, counted.ids, counted.frequencies, counted.lengths, rank.weights),
              start,
              count,
            )
          : counted?.stamp !== undefined && !filter.namesRemoved && walksShort(counted.n)
            ? markedPage(counted.stamp)
            : (tables
                .statement(`SELECT d.doc_id AS doc_id, d.urn AS urn ${from} ORDER BY urn LIMIT ? OFFSET ?`)
                .all(...params, count, start) as Hit[])
      : [];
  const matches = matchedFields(
    tables,
    query,
    page.map((h) => h.doc_id),
  );
  const scope: AggregationScope = counted
    ? { kind: 'hits', counts: counted.facetCounts }
    : documents
      ? { kind: 'hits', counts: countFacets(documents.facets ?? '') }
      : { kind: 'entity' };
  const urns = page.map((h) => h.urn);
  return {
    numEntities: total,
    pageSize: count,
    from: request.start,
    entities: urns,
    metadata: {
      urns,
      matches: page.map((h) => ({ matchedFields: matches.get(h.doc_id) ?? [] })),
      searchResultMetadatas: aggregations(tables, fields, scope),
    },
  };
}
