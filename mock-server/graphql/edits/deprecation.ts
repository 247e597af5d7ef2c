/**
 * Deprecation (upstream's UpdateDeprecationResolver under resolvers/deprecation/ and
 * BatchUpdateDeprecationResolver over DeprecationUtils under resolvers/mutate/, datahub-graphql-core at
 * v1.3.0.1): the deprecation aspect is replaced by {deprecated, note (empty when absent), decommissionTime
 * and replacement when given, the caller as actor}. A resource with a sub-resource marks that schema field:
 * the aspect goes to the schemaField entity `urn:<ns>:schemaField:(<dataset>,<fieldPath>)`, in the batch
 * only: the single mutation writes the entity's own aspect whatever sub-resource it names, as upstream's
 * does. Every target is checked before anything is written.
 */
import { makeUrn } from '../../../spec/index.js';
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { authorizeAll, entityNameOf, validateResource, writeAspect, type ResourceRef } from './resources.js';

export interface DeprecationChange {
  deprecated: boolean;
  decommissionTime?: number | null;
  note?: string | null;
  replacement?: string | null;
}

function deprecationOf(change: DeprecationChange, write: WriteContext): Record<string, unknown> {
  return {
    deprecated: change.deprecated,
    note: change.note ?? '',
    actor: write.actor,
    ...(change.decommissionTime != null ? { decommissionTime: change.decommissionTime } : {}),
    ...(change.replacement != null ? { replacement: change.replacement } : {}),
  };
}

function targetOf(ctx: GraphqlContext, ref: ResourceRef): string {
  if (ref.subResource == null) return ref.resourceUrn;
  return makeUrn(ctx.contract.names.urnPrefix, 'schemaField', [ref.resourceUrn, ref.subResource]);
}

function apply(ctx: GraphqlContext, change: DeprecationChange, refs: readonly ResourceRef[], write: WriteContext) {
  if (change.replacement != null) entityNameOf(ctx, change.replacement);
  ctx.store.transaction(() => {
    for (const ref of refs) writeAspect(ctx, targetOf(ctx, ref), 'deprecation', deprecationOf(change, write), write);
  });
  return true;
}

export function updateDeprecation(
  ctx: GraphqlContext,
  input: DeprecationChange & { urn: string; subResourceType?: string | null; subResource?: string | null },
): boolean {
  const write = authorizeAll(ctx, [input.urn]);
  entityNameOf(ctx, input.urn);
  if (!ctx.store.entityExists(input.urn))
    throw badRequestError(`Failed to update deprecation for Entity ${input.urn}. Entity does not exist.`);
  return apply(ctx, input, [{ resourceUrn: input.urn }], write);
}

export function batchUpdateDeprecation(
  ctx: GraphqlContext,
  input: DeprecationChange & { resources: readonly (ResourceRef | null)[] },
): boolean {
  const refs = input.resources.filter((r): r is ResourceRef => r != null);
  const write = authorizeAll(
    ctx,
    refs.map((r) => r.resourceUrn),
  );
  for (const ref of refs) validateResource(ctx, ref);
  return apply(ctx, input, refs, write);
}
