/**
 * What the update mutations of whole entities share (updateDataset, updateChart, updateDashboard,
 * updateDataFlow, updateDataJob; upstream's <Type>UpdateInputMapper classes and OwnershipUpdateMapper under
 * datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/types/ at v1.3.0.1): each present section
 * replaces its whole aspect, all in one transaction. By the document (§7) a missing entity is NOT_FOUND with
 * nothing written; the upstream profile writes it as upstream, which checks nothing
 * (upstream-differences: update-dataset-missing-entity).
 */
import type { GlobalTagsUpdate, OwnershipUpdate } from '../../../generated/graphql/resolvers.js';
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import { CatalogGraphqlError } from '../errors.js';
import { stamp } from './resources.js';

export type Aspects = [aspect: string, value: Record<string, unknown>][];

export function globalTags(update: GlobalTagsUpdate): Record<string, unknown> {
  return { tags: (update.tags ?? []).map(({ tag }) => ({ tag: tag.urn })) };
}

/** The ownership aspect an OwnershipUpdate replaces, the caller in lastModified. */
export function ownershipAspect(update: OwnershipUpdate, write: WriteContext): Record<string, unknown> {
  const owners = update.owners.map((owner) => ({
    owner: owner.owner,
    type: owner.type ?? (owner.ownershipTypeUrn ? 'CUSTOM' : 'NONE'),
    ...(owner.ownershipTypeUrn ? { typeUrn: owner.ownershipTypeUrn } : {}),
  }));
  return { owners, lastModified: stamp(write) };
}

/** Writes the sections' aspects of one entity in one transaction, after the existence rule of the profile. */
export function writeUpdate(
  ctx: GraphqlContext,
  entityType: string,
  urn: string,
  aspects: Aspects,
  write: WriteContext,
): void {
  ctx.store.transaction(() => {
    if (ctx.profile !== 'upstream' && !ctx.store.entityExists(urn))
      throw new CatalogGraphqlError('NOT_FOUND', `Failed to update ${urn}. ${urn} does not exist.`);
    for (const [aspect, value] of aspects) {
      ctx.store.upsertAspect(entityType, urn, aspect, value, { ...write, valueRoot: `input (aspect ${aspect})` });
    }
  });
}
