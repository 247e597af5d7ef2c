/**
 * `GlossaryNode.glossaryChildrenSearch(input)` (upstream's GlossaryChildrenSearchResolver,
 * datahub-graphql-core/.../resolvers/glossary/GlossaryChildrenSearchResolver.java, v1.3.0.1): scrollAcrossEntities
 * with the input's types, query and filters and one more criterion, the indexed `parentNode` equal to the node's
 * URN: the terms and nodes directly in it.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { scrollWithCriterion } from './scroll-across-entities.js';

export function glossaryChildrenSearch(
  view: EntityView,
  urn: string,
  input: Parameters<typeof scrollWithCriterion>[1],
): OutputRecord {
  return scrollWithCriterion(view, input, { field: 'parentNode', values: [urn], condition: 'EQUAL' });
}
