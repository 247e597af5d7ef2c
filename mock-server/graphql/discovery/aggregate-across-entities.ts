/**
 * aggregateAcrossEntities, the facets of the search page's sidebar (upstream's AggregateAcrossEntitiesResolver,
 * v1.3.0.1): the search of searchAcrossEntities without its results, answering only its facets. With `facets` named,
 * only those are aggregated, in the order given (AggregationQueryBuilder.getAggregations: the default facets are
 * left out when any is named, and a name that is not a filterable field of a searched type is dropped, as upstream
 * only logs it); without, the default ones: `_entityType` and every filterable field. A sub-aggregation
 * (`_entityType␞typeNames`) is not computed by the mock and is left out the same way.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { crossEntityPage, type CrossEntityArgs } from './resolvers.js';
import { searchHits } from './search-results.js';

interface AggregateArgs extends Omit<CrossEntityArgs, 'start' | 'count' | 'sortInput'> {
  facets?: readonly (string | null)[] | null;
}

export function aggregateAcrossEntities(view: EntityView, input: AggregateArgs): OutputRecord {
  const { entities, page } = crossEntityPage(view, { ...input, start: 0, count: 0 });
  const named = (input.facets ?? []).filter((facet): facet is string => facet != null && facet !== '');
  const facets = () => {
    if (entities.length === 0) return [];
    const all = searchHits(view, entities, page, true).facets();
    if (named.length === 0) return all;
    const byField = new Map(all.map((facet) => [facet.field as string, facet]));
    return [...new Set(named)].flatMap((field) => byField.get(field) ?? []);
  };
  return view.shapes.record('AggregateResults', { facets });
}
