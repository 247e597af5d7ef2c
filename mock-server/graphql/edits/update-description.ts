/**
 * mutation updateDescription (graphql-facts §3.4, document §4.1): the description of a dataset
 * schema field, written to the field's entry in editableSchemaMetadata (the ingested schema is left
 * as it is), or of a container, written to editableContainerProperties. The target must exist.
 * The upstream profile also accepts the other entity types upstream's resolver supports
 * (upstream-descriptions.ts); any other type is a BAD_REQUEST (upstream-differences:
 * update-description-entity-types).
 */
import type { MutationUpdateDescriptionArgs } from '../../../generated/graphql/resolvers.js';
import type { WriteContext } from '../../store/types.js';
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import { targetUrn } from '../target-urn.js';
import { hasUpstreamDescription, updateUpstreamDescription } from './upstream-descriptions.js';

type DescriptionUpdateInput = MutationUpdateDescriptionArgs['input'];

function mustExist(ctx: GraphqlContext, urn: string): void {
  if (!ctx.store.entityExists(urn)) throw badRequestError(`Failed to update ${urn}. ${urn} does not exist.`);
}

function updateFieldDescription(ctx: GraphqlContext, input: DescriptionUpdateInput, write: WriteContext): void {
  const urn = input.resourceUrn;
  if (input.subResourceType == null)
    throw badRequestError('Update description without subresource is not currently supported');
  mustExist(ctx, urn);
  const fieldPath = input.subResource ?? '';
  const failed = `Failed to update ${urn} & field ${fieldPath}.`;
  const schema = ctx.store.getAspect(urn, 'schemaMetadata', 0)?.value;
  if (!schema) throw badRequestError(`${failed} ${urn} has no schema.`);
  if (!objectsOf(schema.fields).some((field) => field.fieldPath === fieldPath)) {
    throw badRequestError(`${failed} Field ${fieldPath} does not exist in the datasets schema.`);
  }
  const stored = ctx.store.getAspect(urn, 'editableSchemaMetadata', 0)?.value;
  const infos = objectsOf(stored?.editableSchemaFieldInfo).map((info) => ({ ...info }));
  const entry = infos.find((info) => info.fieldPath === fieldPath);
  if (entry) entry.description = input.description;
  else infos.push({ fieldPath, description: input.description });
  const stampNow = { time: write.now, actor: write.actor };
  const value = {
    ...stored,
    editableSchemaFieldInfo: infos,
    created: stored?.created ?? stampNow,
    lastModified: stampNow,
  };
  ctx.store.upsertAspect('dataset', urn, 'editableSchemaMetadata', value, write);
}

function updateContainerDescription(ctx: GraphqlContext, input: DescriptionUpdateInput, write: WriteContext): void {
  const urn = input.resourceUrn;
  mustExist(ctx, urn);
  const stored = ctx.store.getAspect(urn, 'editableContainerProperties', 0)?.value;
  ctx.store.upsertAspect(
    'container',
    urn,
    'editableContainerProperties',
    { ...stored, description: input.description },
    write,
  );
}

export function updateDescription(ctx: GraphqlContext, { input }: MutationUpdateDescriptionArgs): boolean {
  const write = authorizeMutation(ctx, input.resourceUrn, ['EDIT_ENTITY_DOCS', 'EDIT_DATASET_COL_DESCRIPTION']);
  const { entity } = targetUrn(ctx, input.resourceUrn);
  ctx.store.transaction(() => {
    if (entity.name === 'dataset') updateFieldDescription(ctx, input, write);
    else if (entity.name === 'container') updateContainerDescription(ctx, input, write);
    else if (ctx.profile === 'upstream' && hasUpstreamDescription(entity.name)) {
      mustExist(ctx, input.resourceUrn);
      updateUpstreamDescription(ctx, entity.name, input.resourceUrn, input.description, write);
    } else
      throw badRequestError(
        `Failed to update description. Unsupported resource type ${entity.name} of ${input.resourceUrn} provided.`,
      );
  });
  return true;
}
