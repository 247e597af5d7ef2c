/**
 * Whether a filter's criteria on `urn` leave no entity of a type: every alternative holds an EQUAL
 * criterion on the URN (not negated) whose values are none of them a URN of that type. An entity's
 * `urn` value is its own URN, compared as stored (filters.ts), so such a search has no hit, and is
 * answered without reading the index: a search across every entity type scoped to a few URNs (an
 * entity's siblings, upstream's SiblingsSearchResolver) asks it of each type, for each entity of a
 * lineage graph. When the request holds nothing else that a type's fields could refuse (a query matching
 * everything, criteria all URN equalities), the check comes before the query is parsed and the filter
 * compiled: a lineage hop asks it of some thirty types for each entity it reaches.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { URN_FIELD, indexFieldName, type EntityIndexFields } from '../index-fields.js';
import { filterAlternatives, type Filter, type SearchRequest } from '../requests.js';

export function urnCriteriaExclude(fields: EntityIndexFields, filter: Filter | undefined): boolean {
  // Compared as stored only while the URN is not an aggregated value (facet-conditions.ts also matches a last key part).
  if (fields.fields.get(URN_FIELD)?.addToFilters) return false;
  const alternatives = filterAlternatives(filter);
  return (
    alternatives.length > 0 &&
    alternatives.every(({ and }) =>
      (and ?? []).some(
        (criterion) =>
          indexFieldName(criterion.field) === URN_FIELD &&
          (criterion.condition ?? 'EQUAL') === 'EQUAL' &&
          !criterion.negated &&
          (criterion.values && criterion.values.length > 0 ? criterion.values : [criterion.value ?? '']).every(
            (value) => tryParseUrn(value)?.entityType !== fields.entity,
          ),
      ),
    )
  );
}

/** Whether a request holds nothing a type's fields could refuse: a query matching everything, and only URN equalities. */
export function onlyUrnEqualities(request: SearchRequest): boolean {
  const input = (request.input ?? '').trim();
  return (
    (input === '' || input === '*') &&
    filterAlternatives(request.filter).every(({ and }) =>
      (and ?? []).every(
        (criterion) => indexFieldName(criterion.field) === URN_FIELD && (criterion.condition ?? 'EQUAL') === 'EQUAL',
      ),
    )
  );
}
