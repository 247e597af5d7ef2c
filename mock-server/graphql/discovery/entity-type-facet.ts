/**
 * The `_entityType` facet and filter of a GraphQL search. Upstream aggregates every search by the
 * index each hit came from (metadata-io/.../search/elasticsearch/query/request/AggregationQueryBuilder.java:
 * `_entityType` is a default facet, a terms aggregation on `_index` with minDocCount 0, display name
 * "Type"), so each searched entity type is a value, with 0 when it has no hit; the GraphQL mapper
 * turns each value into its EntityType (datahub-graphql-core/.../types/mappers/MapperUtils.java,
 * convertFilterValue, commit d0846a0328b1f2257b92cf3a21e4a6882495476d). A filter on `_entityType`
 * keeps the types it names: upstream turns it into a filter on `_index`, each value without its
 * underscores taken as an entity name (SearchUtil.transformFilterForEntities, metadata-utils, v1.3.0.1),
 * so an EntityType (`GLOSSARY_TERM`) and an entity name (`glossaryTerm`) both name a type (the mock
 * also takes the EntityType of a type whose entity name differs, `CUSTOM_OWNERSHIP_TYPE`). A filter
 * on `_index` itself names index names (`glossarytermindex_v2`, the web app's ENTITY_INDEX_FILTER_NAME);
 * EXISTS on either holds for every type.
 */
import { ENTITY_INDEX_FIELD, entityIndexName, type Criterion, type Filter } from '../../search/index.js';

export const ENTITY_TYPE_FIELD = '_entityType';
export const ENTITY_TYPE_DISPLAY_NAME = 'Type';

/** Whether a criterion is on the entity type: `_entityType` (in any case, as upstream compares it) or `_index`. */
const onEntityType = (c: Criterion): boolean =>
  c.field.toLowerCase() === ENTITY_TYPE_FIELD.toLowerCase() || c.field === ENTITY_INDEX_FIELD;

function holdsFor(criterion: Criterion, entityName: string, entityType: string): boolean {
  const values = criterion.values ?? (criterion.value === undefined ? [] : [criterion.value]);
  const index = entityIndexName(entityName);
  const named =
    criterion.condition === 'EXISTS' ||
    values.some((value) =>
      criterion.field === ENTITY_INDEX_FIELD
        ? value === index
        : value === entityType || entityIndexName(value.split('_').join('')) === index,
    );
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
    if (!and.filter(onEntityType).every((c) => holdsFor(c, entityName, entityType))) return [];
    return [{ and: and.filter((c) => !onEntityType(c)) }];
  });
  if (alternatives.length === 0) return null;
  return alternatives.every(({ and }) => and.length === 0) ? undefined : { or: alternatives };
}
