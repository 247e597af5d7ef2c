/**
 * The `_entityType` facet and filter of a GraphQL search. Upstream aggregates every search by the
 * index each hit came from (metadata-io/.../search/elasticsearch/query/request/AggregationQueryBuilder.java:
 * `_entityType` is a default facet, a terms aggregation on `_index` with minDocCount 0, display name
 * "Type"), so each searched entity type is a value, with 0 when it has no hit; the GraphQL mapper
 * turns each value into its EntityType (datahub-graphql-core/.../types/mappers/MapperUtils.java,
 * convertFilterValue, commit d0846a0328b1f2257b92cf3a21e4a6882495476d). A filter on `_entityType`
 * keeps the types it names; the mock accepts an EntityType (`DATASET`) or an entity name (`dataset`).
 */
import type { Criterion, Filter } from '../../search/index.js';

export const ENTITY_TYPE_FIELD = '_entityType';
export const ENTITY_TYPE_DISPLAY_NAME = 'Type';

function holdsFor(criterion: Criterion, entityName: string, entityType: string): boolean {
  const values = criterion.values ?? (criterion.value === undefined ? [] : [criterion.value]);
  const named = values.some((value) => value === entityType || value.toLowerCase() === entityName.toLowerCase());
  return criterion.negated ? !named : named;
}

/**
 * The filter as the search of one entity type sees it: its `_entityType` criteria decided for that
 * type and left out. `null` when no alternative can hold for the type (the type is not searched).
 */
export function filterForType(
  filter: Filter | undefined,
  entityName: string,
  entityType: string,
): Filter | undefined | null {
  if (!filter?.or) return filter;
  const alternatives = filter.or.flatMap(({ and }) => {
    const typeCriteria = and.filter((c) => c.field === ENTITY_TYPE_FIELD);
    if (!typeCriteria.every((c) => holdsFor(c, entityName, entityType))) return [];
    return [{ and: and.filter((c) => c.field !== ENTITY_TYPE_FIELD) }];
  });
  if (alternatives.length === 0) return null;
  return alternatives.every(({ and }) => and.length === 0) ? undefined : { or: alternatives };
}
