/** The discovery root fields as resolvers (see resolvers.ts). */
import type { EntityView } from '../entities/entity-view.js';
import type { Resolver } from '../resolver-types.js';
import { autoComplete, autoCompleteForMultiple, browse, browsePaths, search, searchAcrossEntities } from './resolvers.js';

type InputOf<F> = F extends (view: EntityView, input: infer I) => unknown ? I : never;

const withInput =
  <F extends (view: EntityView, input: never) => unknown>(view: EntityView, f: F): Resolver<{ input: InputOf<F> }> =>
  (_root, { input }) =>
    f(view, input as never);

export function discoveryResolvers(view: EntityView): Record<string, Resolver<never>> {
  return {
    search: withInput(view, search),
    searchAcrossEntities: withInput(view, searchAcrossEntities),
    autoComplete: withInput(view, autoComplete),
    autoCompleteForMultiple: withInput(view, autoCompleteForMultiple),
    browse: withInput(view, browse),
    browsePaths: withInput(view, browsePaths),
  };
}
