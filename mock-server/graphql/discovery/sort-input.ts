/**
 * A search's `sortInput` as the index's sort criteria (upstream's SearchUtils.getSortCriteria,
 * datahub-graphql-core/.../resolvers/search/SearchUtils.java): the `sortCriteria` list when given,
 * else the one deprecated `sortCriterion`, else none (relevance). A field none of the searched entity
 * types can sort on is a BAD_REQUEST naming it: upstream hands it to Elasticsearch as is
 * (ESUtils.buildSortOrder only logs "Sort criterion field ... was not found in any entity spec"),
 * whose search then fails for want of a mapping to sort on. A type that lacks a field another
 * searched type has sorts its hits as missing that value (upstream's `unmappedType`).
 */
import type { SortCriterion } from '../../search/index.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { entityTypeOf } from './entity-types.js';

interface SortCriterionInput {
  field: string;
  sortOrder: SortCriterion['order'];
}

export interface SortInputArgs {
  sortInput?: { sortCriterion?: SortCriterionInput | null; sortCriteria?: readonly SortCriterionInput[] | null } | null;
}

/** The criteria of `input.sortInput` over the entity types searched (registry names); undefined for relevance. */
export function sortCriteria(view: EntityView, args: SortInputArgs, entities: readonly string[]): SortCriterion[] | undefined {
  const input = args.sortInput;
  const given = input?.sortCriteria
    ? input.sortCriteria.map((c, i) => ({ criterion: c, at: `input.sortInput.sortCriteria[${i}].field` }))
    : input?.sortCriterion
      ? [{ criterion: input.sortCriterion, at: 'input.sortInput.sortCriterion.field' }]
      : [];
  if (given.length === 0) return undefined;
  return given.map(({ criterion, at }) => {
    if (!entities.some((entity) => view.discovery.sortable(entity, criterion.field))) {
      const types = entities.map(entityTypeOf).join(', ');
      throw badRequestError(
        `${at}: ${criterion.field} is not a field the search can sort on for ${types || 'the types searched'} ` +
          '(a keyword, text, number, date or boolean search field, `<field>.keyword` of a text or URN field, or urn)',
      );
    }
    return { field: criterion.field, order: criterion.sortOrder };
  });
}
