/** Request bodies and result records of the discovery actions (document §4.6), as the search index takes and returns them. */
export type Condition =
  | 'CONTAIN'
  | 'END_WITH'
  | 'EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL_TO'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL_TO'
  | 'START_WITH';

export interface Criterion {
  field: string;
  value?: string;
  /** Upstream's multi-value form: any of these values; `value` is ignored when it is set. */
  values?: string[];
  condition?: Condition;
  negated?: boolean;
}

export interface Filter {
  or?: { and: Criterion[] }[];
  /** Upstream's deprecated form, one conjunction; ignored when `or` is present. */
  criteria?: Criterion[];
}

/** A filter's alternatives as upstream reads them: `or`, else the deprecated `criteria` as one (none without either). */
export function filterAlternatives<C>(filter: { or?: { and: C[] }[]; criteria?: C[] } | undefined): { and: C[] }[] {
  return filter?.or ?? (filter?.criteria ? [{ and: filter.criteria }] : []);
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
}

export interface BrowseResultValue {
  numEntities: number;
  pageSize: number;
  from: number;
  metadata: { totalNumEntities: number; groups: { name: string; count: number }[]; path: string };
  entities: { name: string; urn: string }[];
}
