/**
 * `Dataset.siblingsSearch(input)` (upstream's SiblingsSearchResolver,
 * datahub-graphql-core/.../resolvers/siblings/SiblingsSearchResolver.java, v1.3.0.1): scrollAcrossEntities with the
 * input's filters and one more criterion, `siblings` equal to the dataset's URN: the entities whose siblings aspect
 * names it. The mock has no index field for siblings, so the candidates are the dataset's own siblings, kept when
 * their siblings aspect names it back (ingestion writes both sides), and the criterion is one on their URNs.
 */
import { stringsOf } from '../json-values.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { scrollWithCriterion, type scrollAcrossEntities } from './scroll-across-entities.js';

type ScrollInput = Parameters<typeof scrollAcrossEntities>[1];

/** The entities whose siblings aspect names `urn`, among those `urn`'s own siblings aspect names. */
function siblingsNaming(view: EntityView, urn: string): string[] {
  const siblingsOf = (of: string) => stringsOf(view.aspectsOf(of).aspect('siblings')?.siblings);
  return siblingsOf(urn).filter((sibling) => sibling !== urn && siblingsOf(sibling).includes(urn));
}

export function siblingsSearch(view: EntityView, urn: string, input: ScrollInput): OutputRecord {
  return scrollWithCriterion(view, input, { field: 'urn', values: siblingsNaming(view, urn), condition: 'EQUAL' });
}
