/**
 * An entity's `aspects(input)` as upstream's WeaklyTypedAspectsResolver answers it
 * (datahub-graphql-core/.../graphql/WeaklyTypedAspectsResolver.java, v1.3.0.1): each of the entity's
 * stored versioned aspects, in the registry's order, its latest value as JSON text (a time series has
 * no latest value there). `autoRenderOnly` keeps only
 * the aspects the registry marks for automatic rendering, and none of v1.3.0.1's aspects carries that
 * mark (nor a render spec), so it keeps none; `aspectNames` keeps the ones named.
 */
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';

export interface AspectParams {
  autoRenderOnly?: boolean | null;
  aspectNames?: readonly string[] | null;
}

export function rawAspectRecords(
  view: EntityView,
  urn: string,
  entityType: string,
  input: AspectParams | null | undefined,
): OutputRecord[] {
  if (input?.autoRenderOnly === true) return [];
  const names = input?.aspectNames && input.aspectNames.length > 0 ? new Set(input.aspectNames) : undefined;
  const stored = view.aspectsOf(urn);
  const spec = view.contract.entity(entityType);
  return (spec?.aspects ?? [])
    .filter((name) => !spec?.timeseriesAspects.includes(name) && (!names || names.has(name)))
    .flatMap((aspectName) => {
      const aspect = stored.aspect(aspectName);
      return aspect
        ? [view.shapes.record('RawAspect', { aspectName, payload: JSON.stringify(aspect), renderSpec: null })]
        : [];
    });
}
