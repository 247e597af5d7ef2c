/**
 * scrollAcrossLineage (upstream's ScrollAcrossLineageResolver, v1.3.0.1: count 10 and keepAlive 5m by default): the
 * search of searchAcrossLineage (search-across-lineage.ts) paged by scroll ids as scrollAcrossEntities pages
 * (scroll-across-entities.ts): a full page names the next, a shorter one none. The input has no saved view and no
 * sort: results come nearest first.
 */
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { checkKeepAlive, offsetOf, scrollIdAt } from './scroll-across-entities.js';
import { searchAcrossLineage, type SearchAcrossLineageInput } from './search-across-lineage.js';
import { nonNegative } from './search-results.js';

const DEFAULT_COUNT = 10;

interface ScrollAcrossLineageInput extends Omit<SearchAcrossLineageInput, 'start' | 'viewUrn' | 'sortInput'> {
  scrollId?: string | null;
  keepAlive?: string | null;
}

export function scrollAcrossLineage(view: EntityView, input: ScrollAcrossLineageInput): OutputRecord {
  checkKeepAlive(input.keepAlive, 'input.keepAlive');
  const start = offsetOf(input.scrollId, 'input.scrollId');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const page = searchAcrossLineage(view, { ...input, start, count });
  const results = page.searchResults as unknown[];
  return view.shapes.record('ScrollAcrossLineageResults', {
    nextScrollId: count > 0 && results.length === count ? scrollIdAt(start + count) : null,
    count: results.length,
    total: page.total,
    searchResults: results,
    facets: page.facets,
  });
}
