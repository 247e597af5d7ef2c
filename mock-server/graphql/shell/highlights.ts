/**
 * `getHighlights` (upstream's GetHighlightsResolver at v1.3.0.1): the numbers at the top of the analytics page.
 * - Weekly and monthly active users: upstream counts the distinct browsers of its usage events index over the
 *   last week (month) and compares with the one before; the mock keeps no usage events index, so, as upstream
 *   with an empty one, each is 0 with no comparison.
 * - Per entity type (datasets, dashboards, charts, pipelines, tasks, domains) that has any entity: how many,
 *   and which share have owners, tags, glossary terms, a description and (but for domains) a domain, counted
 *   on the search index's `has*` fields (soft-deleted entities left out); a type without one of these fields
 *   counts none for it, as an index without the field matches nothing.
 */
import type { Filter } from '../../search/index.js';
import { isUnknownField } from '../discovery/search-results.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';

/** The entity types with a highlight, by title and registry name, in upstream's order. */
const ENTITY_HIGHLIGHTS: readonly { title: string; entity: string }[] = [
  { title: 'Datasets', entity: 'dataset' },
  { title: 'Dashboards', entity: 'dashboard' },
  { title: 'Charts', entity: 'chart' },
  { title: 'Pipelines', entity: 'dataFlow' },
  { title: 'Tasks', entity: 'dataJob' },
  { title: 'Domains', entity: 'domain' },
];

/** How many entities of a type the index holds, where a `has*` field is true when one is named. */
export function countEntities(view: EntityView, entity: string, hasField?: string): number {
  const filter: Filter | undefined = hasField
    ? { or: [{ and: [{ field: hasField, value: 'true', condition: 'EQUAL' }] }] }
    : undefined;
  try {
    return view.discovery.search({ input: '*', entity, start: 0, count: 0, ...(filter ? { filter } : {}) }).numEntities;
  } catch (error) {
    if (isUnknownField(error)) return 0;
    throw error;
  }
}

const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(2)}%`;

function entityHighlight(view: EntityView, title: string, entity: string): OutputRecord | undefined {
  const total = countEntities(view, entity);
  if (total === 0) return undefined;
  const share = (field: string) => percent(countEntities(view, entity, field), total);
  const shares = [
    `${share('hasOwners')} have owners`,
    `${share('hasTags')} have tags`,
    `${share('hasGlossaryTerms')} have glossary terms`,
    `${share('hasDescription')} have description`,
  ];
  const body =
    entity === 'domain' ? `${shares.join(', ')}!` : `${shares.join(', ')}, ${share('hasDomain')} have domain assigned!`;
  return view.shapes.record('Highlight', { title, value: total, body });
}

export function getHighlights(view: EntityView): OutputRecord[] {
  const activeUsers = (title: string) => view.shapes.record('Highlight', { title, value: 0, body: '' });
  return [
    activeUsers('Weekly Active Users'),
    activeUsers('Monthly Active Users'),
    ...ENTITY_HIGHLIGHTS.flatMap(({ title, entity }) =>
      view.contract.entity(entity) ? (entityHighlight(view, title, entity) ?? []) : [],
    ),
  ];
}
