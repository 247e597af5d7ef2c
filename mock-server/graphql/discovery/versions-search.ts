/**
 * `VersionSet.versionsSearch(input)` (upstream's VersionsSearchResolver,
 * datahub-graphql-core/.../resolvers/versioning/VersionsSearchResolver.java, v1.3.0.1): searchAcrossEntities
 * with the input's `orFilters` (its deprecated `filters` left out, as upstream builds the filter from
 * `orFilters` only), each group joined by `versionSet` equal to the set's URN (the versionProperties
 * field), and the input's sort followed by the version sort id, descending: the newest version first.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { searchAcrossEntities, type CrossEntityArgs } from './resolvers.js';

export function versionsSearch(view: EntityView, versionSetUrn: string, input: CrossEntityArgs): OutputRecord {
  const criterion = { field: 'versionSet', values: [versionSetUrn], condition: 'EQUAL' as const };
  const groups = input.orFilters && input.orFilters.length > 0 ? input.orFilters : [{ and: [] }];
  const sort = input.sortInput;
  const given = sort?.sortCriteria ?? (sort?.sortCriterion ? [sort.sortCriterion] : []);
  return searchAcrossEntities(view, {
    ...input,
    filters: null,
    orFilters: groups.map((group) => ({ and: [...(group.and ?? []), criterion] })),
    sortInput: { sortCriteria: [...given, { field: 'versionSortId', sortOrder: 'DESCENDING' }] },
  });
}
