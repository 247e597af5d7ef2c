/**
 * searchAcrossLineage (upstream's SearchAcrossLineageResolver over LineageSearchService,
 * datahub-graphql-core/.../resolvers/search/SearchAcrossLineageResolver.java and
 * metadata-io/.../search/LineageSearchService.java): the lineage graph walked from the source in one
 * direction (lineage-walk.ts: every hop through the edges of the lineage flags' time window, each
 * entity reached with the fewest hops as its degree and the path that reached it, shaped by
 * ignoreAsHops and entitiesExploredPerHopLimit); then a search of the query over those
 * entities (so soft-deleted ones are left out, as in every search), with the input's types and filters.
 * A filter on `degree` keeps the entities at the degrees it names ("1", "2", "3+" for three and more).
 * Results come nearest first, or with a `sortInput` in its order (sort-input.ts), as upstream hands the
 * sort criteria to the search of the entities reached (LineageSearchService.getSearchResultInBatches). The facets are the search's, then upstream's `degree` group
 * ("Degree of Dependencies": 1, 2, 3+), which upstream always sends with count 0 and the document
 * profile fills with the counts of the results (upstream-differences: graphql-lineage-degree-counts);
 * the search flags shape the search's facets, not the `degree` group, which upstream adds to whatever
 * the search returned (LineageSearchService.getSearchResultInBatches).
 * The urn is required (UrnUtils.requireUrn: an IllegalArgumentException, so BAD_REQUEST upstream too).
 * `lineageSearchPath` is TORTOISE, upstream's search over the walk; its LIGHTNING path (LineageSearchService.
 * canDoLightning: large walks, query `*`, platform and origin filters only) is not reproduced.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { Criterion, Filter } from '../../search/index.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { entityNameOf, SERVED_TYPES } from './entity-types.js';
import { searchFilter, type FilterArgs } from './facet-filters.js';
import { facetShape, type SearchFlagsArgs } from './search-flags.js';
import { matchedFieldRecords, nonNegative, searchHits } from './search-results.js';
import { sortCriteria, type SortInputArgs } from './sort-input.js';
import { walkLineage, type Reached, type WalkInput } from './lineage-walk.js';
import { savedView, withViewFilter } from './saved-views.js';

export interface SearchAcrossLineageInput extends FilterArgs, SearchFlagsArgs, SortInputArgs, WalkInput {
  urn?: string | null;
  types?: readonly string[] | null;
  query?: string | null;
  start?: number | null;
  count?: number | null;
  viewUrn?: string | null;
}

const DEFAULT_COUNT = 10;
const DEGREE_FIELDS: ReadonlySet<string> = new Set(['degree', 'degree.keyword']);
const DEGREE_VALUES = ['1', '2', '3+'] as const;

const degreeValue = (degree: number): string => (degree >= 3 ? '3+' : String(degree));

/** Whether an entity at this degree meets a degree criterion: a property of the walk, not of the index. */
const holds = (criterion: Criterion, degree: number): boolean =>
  (criterion.values ?? []).includes(degreeValue(degree)) !== (criterion.negated === true);

/**
 * The filter of the search over the walk: each alternative keeps its criteria on indexed fields and
 * gains the walk's entities of the searched types that meet its degree criteria, as a criterion on
 * the index's urn field (upstream also searches the hops it found by URN). Null when no alternative
 * has an entity left.
 */
function walkFilter(
  filter: Filter | undefined,
  reached: ReadonlyMap<string, Reached>,
  types: readonly string[],
): Filter | null {
  const inTypes = [...reached].filter(([urn]) => types.includes(tryParseUrn(urn)?.entityType ?? ''));
  const alternatives = (filter?.or ?? [{ and: [] }]).flatMap(({ and }) => {
    const degrees = and.filter((c) => DEGREE_FIELDS.has(c.field));
    const urns = inTypes.filter(([, { degree }]) => degrees.every((c) => holds(c, degree))).map(([urn]) => urn);
    if (urns.length === 0) return [];
    return [
      {
        and: [
          ...and.filter((c) => !DEGREE_FIELDS.has(c.field)),
          { field: 'urn', values: urns, condition: 'EQUAL' as const },
        ],
      },
    ];
  });
  return alternatives.length > 0 ? { or: alternatives } : null;
}

export function searchAcrossLineage(view: EntityView, input: SearchAcrossLineageInput): OutputRecord {
  const source = input.urn ?? '';
  if (source.trim() === '') throw badRequestError('URN must not be null or empty');
  if (!tryParseUrn(source)) throw badRequestError(`Failed to parse URN ${source}`);
  const types = (input.types && input.types.length > 0 ? input.types : SERVED_TYPES).map((type) =>
    entityNameOf(type, 'input.types'),
  );
  // A saved view adds its filter, not its types (SearchAcrossLineageResolver).
  const filterInput = withViewFilter(searchFilter(input, 'input'), savedView(view, input.viewUrn, 'input.viewUrn'));
  const degreeValues = (filterInput?.or ?? []).flatMap(({ and }) =>
    and.filter((c) => c.field === 'degree').flatMap((c) => c.values ?? []),
  );
  const reached = walkLineage(view, source, input, degreeValues);
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const filter = walkFilter(filterInput, reached, types);
  const searched = filter
    ? types.filter((type) => [...reached.keys()].some((urn) => tryParseUrn(urn)?.entityType === type))
    : [];
  const sort = sortCriteria(view, input, types);
  const page = {
    query: input.query || '*',
    filter: filter ?? undefined,
    start: 0,
    count: reached.size,
    facets: facetShape(input),
    ...(sort ? { sort } : {}),
  };
  const found = searchHits(view, searched, page, true);
  const degreeOf = (urn: string) => reached.get(urn)?.degree ?? 0;
  const ordered = sort ? found.hits : [...found.hits].sort((a, b) => degreeOf(a.urn) - degreeOf(b.urn));
  const results = ordered.slice(start, start + count).map(({ urn, matched }) => {
    const { degree, path, explored, ignoredAsHop, truncatedChildren } = reached.get(urn) ?? {
      degree: 0,
      path: [],
      explored: false,
      ignoredAsHop: false,
      truncatedChildren: false,
    };
    return view.shapes.record('SearchAcrossLineageResult', {
      entity: () => view.entity(urn),
      matchedFields: matchedFieldRecords(view, matched),
      paths: () => [view.shapes.record('EntityPath', { path: path.map((step) => view.entity(step)) })],
      degree,
      degrees: [degree],
      explored,
      truncatedChildren,
      ignoredAsHop,
    });
  });
  const degreeFacet = view.shapes.record('FacetMetadata', {
    field: 'degree',
    displayName: 'Degree of Dependencies',
    entity: null,
    aggregations: DEGREE_VALUES.map((value) =>
      view.shapes.record('AggregationMetadata', {
        value,
        count:
          view.profile === 'upstream' ? 0 : ordered.filter(({ urn }) => degreeValue(degreeOf(urn)) === value).length,
        entity: null,
      }),
    ),
  });
  return view.shapes.record('SearchAcrossLineageResults', {
    start,
    count: results.length,
    total: found.total,
    searchResults: results,
    facets: () => [...found.facets(), degreeFacet],
    lineageSearchPath: 'TORTOISE',
  });
}
