/**
 * How many entities hold each value of an aggregated field over several entity types, the types' counts summed
 * (upstream's EntitySearchService.aggregateByValue, and the aggregations of a cross-entity search): for the
 * recommendation modules and the analytics charts. A type the registry does not know, or that lacks a field the
 * filter names, adds nothing, as an index without the field matches nothing.
 */
import type { Filter } from '../../search/index.js';
import type { EntityView } from '../entities/entity-view.js';
import { isUnknownField } from './search-results.js';

/** The entity types searched by default (QueryUtils.getQueryByDefaultEntitySpecs), by registry name. */
export const DEFAULT_SEARCH_ENTITIES: readonly string[] = [
  'dataset',
  'dashboard',
  'chart',
  'mlModel',
  'mlModelGroup',
  'mlFeatureTable',
  'mlFeature',
  'mlPrimaryKey',
  'dataFlow',
  'dataJob',
  'glossaryTerm',
  'glossaryNode',
  'tag',
  'corpuser',
  'corpGroup',
  'container',
  'domain',
  'dataProduct',
  'notebook',
];

export function countsByValue(
  view: EntityView,
  entityTypes: readonly string[],
  field: string,
  search: { query?: string; filter?: Filter | undefined } = {},
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entity of entityTypes) {
    if (!view.contract.entity(entity)) continue;
    let result;
    try {
      result = view.discovery.search({
        input: search.query ?? '*',
        entity,
        start: 0,
        count: 0,
        ...(search.filter ? { filter: search.filter } : {}),
      });
    } catch (error) {
      if (isUnknownField(error)) continue;
      throw error;
    }
    const aggregation = result.metadata.searchResultMetadatas.find((metadata) => metadata.name === field);
    for (const [value, count] of Object.entries(aggregation?.aggregations ?? {}))
      counts.set(value, (counts.get(value) ?? 0) + count);
  }
  return counts;
}

/** Values by count, most first, ties by value. */
export const byCount = (counts: Map<string, number>): [string, number][] =>
  [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
