/**
 * A search's `sortInput` as the index's sort criteria (upstream's SearchUtils.getSortCriteria,
 * datahub-graphql-core/.../resolvers/search/SearchUtils.java): the `sortCriteria` list when given,
 * else the one deprecated `sortCriterion`, else none (relevance). A field none of the searched entity
 * types can sort on is a BAD_REQUEST naming it (the search index's check, as for the REST search):
 * upstream hands it to Elasticsearch as is (ESUtils.buildSortOrder only logs "Sort criterion field
 * ... was not found in any entity spec"),
 * whose search then fails for want of a mapping to sort on. A type that lacks a field another
 * searched type has sorts its hits as missing that value (upstream's `unmappedType`).
 */
import { givenSort, type SortCriterion } from '../../search/index.js';
import type { EntityView } from '../entities/entity-view.js';

interface SortCriterionInput {
  field: string;
  sortOrder: SortCriterion['order'];
}

export interface SortInputArgs {
  sortInput?: { sortCriterion?: SortCriterionInput | null; sortCriteria?: readonly SortCriterionInput[] | null } | null;
}

/** The criteria of `input.sortInput` over the entity types searched (registry names); undefined for relevance. */
export function sortCriteria(
  view: EntityView,
  args: SortInputArgs,
  entities: readonly string[],
): SortCriterion[] | undefined {
  const input = args.sortInput;
  const criterion = ({ field, sortOrder }: SortCriterionInput): SortCriterion => ({ field, order: sortOrder });
  const given = givenSort(
    input?.sortCriteria?.map(criterion),
    input?.sortCriterion ? criterion(input.sortCriterion) : undefined,
    'input.sortInput.sortCriteria',
    'input.sortInput.sortCriterion',
  );
  return given.length > 0 ? view.discovery.sortCriteria(entities, given) : undefined;
}
