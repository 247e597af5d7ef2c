/**
 * The checks every edit makes before it writes, with upstream's messages (LabelUtils.validateResource
 * and validateLabel, datahub-graphql-core .../resolvers/mutate/util/LabelUtils.java): the target must
 * exist, a sub-resource needs its type and must be a field of the dataset's schema, a label (tag or
 * term) must be of its type and exist. All are BAD_REQUEST, as upstream's IllegalArgumentException is.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import { targetUrn } from '../target-urn.js';
import type { WriteContext } from '../../store/types.js';

export interface ResourceRef {
  resourceUrn: string;
  subResourceType?: string | null;
  subResource?: string | null;
}

/**
 * The write permission for every target: EDIT_ENTITY or one of the edit's own privileges (`anyOf`) over each,
 * checked before anything else as upstream does (a reader gets 403 even for a missing target).
 */
export function authorizeAll(
  ctx: GraphqlContext,
  targets: readonly string[],
  anyOf: readonly string[] = [],
): WriteContext {
  let write: WriteContext | undefined;
  for (const target of targets) write = authorizeMutation(ctx, target, anyOf);
  return write ?? authorizeMutation(ctx, '');
}

/** The entity name of a well-formed URN of this namespace (a malformed one is a BAD_REQUEST naming it). */
export function entityNameOf(ctx: GraphqlContext, urn: string): string {
  return targetUrn(ctx, urn).entity.name;
}

export function validateResource(ctx: GraphqlContext, ref: ResourceRef): void {
  const urn = ref.resourceUrn;
  entityNameOf(ctx, urn);
  if (!ctx.store.entityExists(urn))
    throw badRequestError(`Failed to update resource with urn ${urn}. Entity does not exist.`);
  const subResource = ref.subResource ?? '';
  if (subResource === '' && ref.subResourceType == null) return;
  if (subResource === '')
    throw badRequestError(
      `Failed to update resource with urn ${urn}. SubResourceType (${ref.subResourceType}) provided without a subResource.`,
    );
  if (ref.subResourceType == null)
    throw badRequestError(
      `Failed to updates resource with urn ${urn}. SubResource (${subResource}) provided without a subResourceType.`,
    );
  // The sub-resource check of MutationUtils.validateSubresourceExists: a field path of the dataset's schema.
  const schema = ctx.store.getAspect(urn, 'schemaMetadata', 0)?.value;
  if (!schema) throw badRequestError(`Failed to update ${urn} & field ${subResource}. ${urn} has no schema.`);
  if (!objectsOf(schema.fields).some((field) => field.fieldPath === subResource)) {
    throw badRequestError(
      `Failed to update ${urn} & field ${subResource}. Field ${subResource} does not exist in the datasets schema.`,
    );
  }
}

export function validateLabel(ctx: GraphqlContext, urn: string, labelEntityType: string): void {
  if (tryParseUrn(urn)?.entityType !== labelEntityType)
    throw badRequestError(
      `Failed to validate label with urn ${urn}. Urn type does not match entity type ${labelEntityType}..`,
    );
  entityNameOf(ctx, urn);
  if (!ctx.store.entityExists(urn))
    throw badRequestError(`Failed to validate label with urn ${urn}. Urn does not exist.`);
}

/** The latest value of an aspect, copied so a change never touches the stored object. */
export function storedCopy(ctx: GraphqlContext, urn: string, aspect: string): Record<string, unknown> {
  const value = ctx.store.getAspect(urn, aspect, 0)?.value;
  return value ? structuredClone(value) : {};
}

/** A write of one aspect of a resource, as the entity type the URN names. */
export function writeAspect(
  ctx: GraphqlContext,
  urn: string,
  aspect: string,
  value: Record<string, unknown>,
  write: WriteContext,
): void {
  ctx.store.upsertAspect(entityNameOf(ctx, urn), urn, aspect, value, write);
}

export const stamp = (write: WriteContext): { time: number; actor: string } => ({
  time: write.now,
  actor: write.actor,
});
