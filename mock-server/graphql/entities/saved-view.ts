/**
 * A saved view (upstream's DataHubViewMapper): its dataHubViewInfo as the DataHubView record, null when
 * none is stored. The filter shows as upstream maps it: one alternative is AND over its criteria, any
 * other number is OR over alternatives of one criterion each (an alternative of several criteria makes
 * the list empty, as upstream logs a malformed view); a criterion's field loses its `.keyword` suffix.
 */
import { filterAlternatives } from '../../search/index.js';
import type { StoredCriterion as Criterion } from '../discovery/facet-filters.js';
import { entityTypeOf } from '../discovery/entity-types.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

const KEYWORD_SUFFIX = '.keyword';

interface StoredViewInfo {
  type: string;
  name: string;
  description?: string;
  definition: { entityTypes: string[]; filter: { or?: { and: Criterion[] }[]; criteria?: Criterion[] } };
}

function facetFilterRecord(view: EntityView, criterion: Criterion): OutputRecord {
  const field = criterion.field.endsWith(KEYWORD_SUFFIX)
    ? criterion.field.slice(0, -KEYWORD_SUFFIX.length)
    : criterion.field;
  const values =
    criterion.values && criterion.values.length > 0
      ? criterion.values
      : criterion.value !== undefined
        ? [criterion.value]
        : [];
  return view.shapes.record('FacetFilter', {
    field,
    condition: criterion.condition ?? 'EQUAL',
    values,
    negated: criterion.negated ?? false,
  });
}

function viewFilterRecord(view: EntityView, filter: StoredViewInfo['definition']['filter']): OutputRecord {
  const alternatives = filterAlternatives(filter);
  if (alternatives.length === 1) {
    return view.shapes.record('DataHubViewFilter', {
      operator: 'AND',
      filters: alternatives[0]!.and.map((c) => facetFilterRecord(view, c)),
    });
  }
  const wellFormed = alternatives.every(({ and }) => and.length <= 1);
  const filters = wellFormed ? alternatives.flatMap(({ and }) => and.map((c) => facetFilterRecord(view, c))) : [];
  return view.shapes.record('DataHubViewFilter', { operator: 'OR', filters });
}

export function savedViewRecord(view: EntityView, urn: string): OutputRecord | null {
  const info = view.aspectsOf(urn).aspect('dataHubViewInfo') as unknown as StoredViewInfo | undefined;
  if (!info) return null;
  return view.shapes.record('DataHubView', {
    urn,
    type: 'DATAHUB_VIEW',
    viewType: info.type,
    name: info.name,
    description: info.description ?? null,
    definition: view.shapes.record('DataHubViewDefinition', {
      entityTypes: info.definition.entityTypes.map(entityTypeOf),
      filter: viewFilterRecord(view, info.definition.filter),
    }),
    relationships: relationshipsOf(view, urn),
  });
}
