import { badRequest } from '../errors.js';

/** Request bodies and result records of the discovery actions (document §4.6), as the search index takes and returns them. */
export type Condition =
  | 'CONTAIN'
  | 'END_WITH'
  | 'EQUAL'
  | 'EXISTS'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL_TO'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL_TO'
  | 'START_WITH';

export interface Criterion {
  field: string;
  value?: string;
  /** Upstream's multi-value form: any of these values; `value` is ignored when it is set (and both by EXISTS). */
  values?: string[];
  condition?: Condition;
  negated?: boolean;
}

export interface Filter {
  or?: { and: Criterion[] }[];
  /** Upstream's deprecated form, one conjunction; ignored when `or` is present. */
  criteria?: Criterion[];
}

/**
 * The most conditions a filter may hold, over all its alternatives: Elasticsearch's default
 * `indices.query.bool.max_clause_count`, past which a deployment's search fails. The mock refuses more with
 * a 400 (SQLite's expression tree and its bound variables would give out a little further on).
 */
export const MAX_FILTER_CONDITIONS = 1024;
/** The most values a filter's conditions may list in all, as a GraphQL list argument may hold. */
export const MAX_FILTER_VALUES = 10_000;

/**
 * A filter's alternatives as upstream reads them: `or`, else the deprecated `criteria` as one (none without
 * either); a filter of more than MAX_FILTER_CONDITIONS conditions or MAX_FILTER_VALUES values is a 400.
 */
export function filterAlternatives<C extends { values?: readonly unknown[] }>(
  filter: { or?: { and: C[] }[]; criteria?: C[] } | undefined,
): { and: C[] }[] {
  const alternatives = filter?.or ?? (filter?.criteria ? [{ and: filter.criteria }] : []);
  let conditions = 0;
  let values = 0;
  for (const { and } of alternatives) {
    conditions += Math.max(1, and?.length ?? 0);
    for (const condition of and ?? []) values += condition?.values?.length ?? 1;
  }
  if (conditions > MAX_FILTER_CONDITIONS)
    throw badRequest(`filter: ${conditions} conditions, more than ${MAX_FILTER_CONDITIONS}`);
  if (values > MAX_FILTER_VALUES) throw badRequest(`filter: ${values} values, more than ${MAX_FILTER_VALUES}`);
  return alternatives;
}

/** Upstream's SortCriterion (metadata-models/.../metadata/query/filter/SortCriterion.pdl). */
export interface SortCriterion {
  field: string;
  order: 'ASCENDING' | 'DESCENDING';
}

export interface SearchRequest {
  input: string;
  entity: string;
  start: number;
  count: number;
  filter?: Filter;
  /** Fields to order the hits by, the first first, instead of relevance (query/sort-order.ts). */
  sort?: readonly SortCriterion[];
  /** A full-text search (upstream's `searchFlags.fulltext`): the input's last word matches as a prefix too (query/query-parser.ts). */
  fulltext?: boolean;
}

export interface MatchedField {
  name: string;
  value: string;
}

export interface SearchResultValue {
  numEntities: number;
  pageSize: number;
  from: number;
  entities: string[];
  metadata: {
    urns: string[];
    matches: { matchedFields: MatchedField[] }[];
    searchResultMetadatas: { name: string; aggregations: Record<string, number> }[];
  };
}

export interface AutocompleteRequest {
  query: string;
  entity: string;
  limit: number;
  start?: number;
  /** Upstream's optional parameter: suggest from this autocomplete field only. */
  field?: string;
  filter?: Filter;
}

export interface AutocompleteResultValue {
  suggestions: string[];
  query: string;
}

export interface BrowseRequest {
  path: string;
  entity: string;
  start: number;
  limit: number;
  filter?: Filter;
  /**
   * Where an entity is listed: `leaf` (the document's era, the default) in the folder above its path's last segment,
   * named by that segment; `path` (upstream's ESBrowseDAO) in the folder its path names, every path's segment a group.
   */
  listedAt?: 'leaf' | 'path';
}

export interface BrowseResultValue {
  numEntities: number;
  pageSize: number;
  from: number;
  metadata: { totalNumEntities: number; groups: { name: string; count: number }[]; path: string };
  entities: { name: string; urn: string }[];
}
