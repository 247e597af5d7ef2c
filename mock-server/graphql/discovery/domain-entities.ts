/**
 * `Domain.entities(input)` (upstream's DomainEntitiesResolver,
 * datahub-graphql-core/.../resolvers/domain/DomainEntitiesResolver.java, v1.3.0.1): a search across the
 * searchable entity types for the entities whose `domains` field holds the domain, narrowed by the input's
 * filters (an `_entityType` filter keeps the types it names), query `*`, start 0 and count 20 by default.
 * The `domains` field is searchable once the domains aspect's schema indexes it; until then no entity has it.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { SEARCHABLE_TYPES, servedEntityName } from './entity-types.js';
import { searchFilter, withCriterion, type FacetFilterInput } from './facet-filters.js';
import { nonNegative, searchResults } from './search-results.js';

export interface DomainEntitiesInput {
  query?: string | null;
  start?: number | null;
  count?: number | null;
  filters?: readonly FacetFilterInput[] | null;
}

const DEFAULT_COUNT = 20;

export function domainEntities(view: EntityView, urn: string, input: DomainEntitiesInput): OutputRecord {
  const filter = withCriterion(searchFilter(input, 'input'), { field: 'domains', values: [urn], condition: 'EQUAL' });
  const types = SEARCHABLE_TYPES.flatMap((type) => servedEntityName(type) ?? []);
  return searchResults(
    view,
    types,
    {
      query: input.query ?? '*',
      filter,
      start: nonNegative(input.start, 0, 'input.start'),
      count: nonNegative(input.count, DEFAULT_COUNT, 'input.count'),
    },
    true,
  );
}
