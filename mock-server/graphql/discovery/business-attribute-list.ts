/**
 * listBusinessAttributes (upstream's ListBusinessAttributesResolver,
 * datahub-graphql-core/.../resolvers/businessattribute/ListBusinessAttributesResolver.java, v1.3.0.1): a full-text
 * search of the business attributes for `query` (every attribute when absent or empty), start 0 and count 20 by
 * default. As upstream, `count` answers the page size asked for (the search result's pageSize), `total` the number
 * found.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { nonNegative } from './search-results.js';

interface ListBusinessAttributesInput {
  start?: number | null;
  count?: number | null;
  query?: string | null;
}

const DEFAULT_COUNT = 20;

export function listBusinessAttributes(view: EntityView, input: ListBusinessAttributesInput): OutputRecord {
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const result = view.discovery.search({ input: input.query || '*', entity: 'businessAttribute', start, count });
  return view.shapes.record('ListBusinessAttributesResult', {
    start,
    count,
    total: result.numEntities,
    businessAttributes: result.entities.map((urn) => view.entity(urn)),
  });
}
