/** The discovery type family: search, autocomplete, browse and the lists of saved views, as root field resolvers (see resolvers.ts). */
import type { EntityView } from '../entities/entity-view.js';
import { callerOf } from '../context.js';
import type { Resolver, ResolverFamily, ViewOf } from '../resolver-types.js';
import {
  autoComplete,
  autoCompleteForMultiple,
  browse,
  browsePaths,
  search,
  searchAcrossEntities,
} from './resolvers.js';
import { aggregateAcrossEntities } from './aggregate-across-entities.js';
import type { AssetSearchInput } from './asset-search.js';
import { listDataProductAssets } from './data-product-assets.js';
import { browseV2 } from './browse-v2.js';
import { getQuickFilters } from './quick-filters.js';
import { listQueries } from './query-lists.js';
import { listGlobalViews, listMyViews } from './saved-view-lists.js';
import { getRootGlossaryTerms, listDomains } from './sidebar-lists.js';
import { scrollAcrossEntities } from './scroll-across-entities.js';
import { scrollAcrossLineage } from './scroll-across-lineage.js';
import { searchAcrossLineage } from './search-across-lineage.js';
import { siblingsSearch } from './siblings-search.js';
import { versionsSearch } from './versions-search.js';

type InputOf<F> = F extends (view: EntityView, input: infer I) => unknown ? I : never;

/** Every discovery read first takes in the writes whose index lag has passed, as the metadata-store API's search does. */
const withInput =
  <F extends (view: EntityView, input: never) => unknown>(viewOf: ViewOf, f: F): Resolver<{ input: InputOf<F> }> =>
  (_root, { input }, ctx) => {
    const view = viewOf(ctx);
    view.store.catchUp();
    return f(view, input as never);
  };

/** `viewOf` gives the view of the request's store (each session has its own). */
export const discoveryFamily: ResolverFamily = (viewOf) => ({
  Dataset: {
    siblingsSearch: ((source, { input }, ctx) => {
      const view = viewOf(ctx);
      view.store.catchUp();
      return siblingsSearch(view, (source as { urn: string }).urn, input);
    }) satisfies Resolver<{ input: Parameters<typeof siblingsSearch>[2] }>,
  },
  VersionSet: {
    versionsSearch: ((source, { input }, ctx) => {
      const view = viewOf(ctx);
      view.store.catchUp();
      return versionsSearch(view, (source as { urn: string }).urn, input);
    }) satisfies Resolver<{ input: Parameters<typeof versionsSearch>[2] }>,
  },
  Query: {
    search: withInput(viewOf, search),
    searchAcrossEntities: withInput(viewOf, searchAcrossEntities),
    scrollAcrossEntities: withInput(viewOf, scrollAcrossEntities),
    aggregateAcrossEntities: withInput(viewOf, aggregateAcrossEntities),
    getQuickFilters: withInput(viewOf, getQuickFilters),
    searchAcrossLineage: withInput(viewOf, searchAcrossLineage),
    scrollAcrossLineage: withInput(viewOf, scrollAcrossLineage),
    autoComplete: withInput(viewOf, autoComplete),
    autoCompleteForMultiple: withInput(viewOf, autoCompleteForMultiple),
    browse: withInput(viewOf, browse),
    browsePaths: withInput(viewOf, browsePaths),
    browseV2: withInput(viewOf, browseV2),
    listDomains: withInput(viewOf, listDomains),
    listQueries: withInput(viewOf, listQueries),
    listDataProductAssets: ((_root, { urn, input }, ctx) => {
      const view = viewOf(ctx);
      view.store.catchUp();
      return listDataProductAssets(view, urn, input);
    }) satisfies Resolver<{ urn: string; input: AssetSearchInput }>,
    getRootGlossaryTerms: withInput(viewOf, getRootGlossaryTerms),
    listGlobalViews: withInput(viewOf, listGlobalViews),
    listMyViews: ((_root, { input }, ctx) => {
      const view = viewOf(ctx);
      view.store.catchUp();
      return listMyViews(view, input, callerOf(ctx).user);
    }) satisfies Resolver<{ input: Parameters<typeof listMyViews>[1] }>,
  },
});
