/**
 * A tag's page edits (upstream's TagType.update over TagUpdateInputMapper under types/tag/, and
 * DeleteTagResolver under resolvers/tag/, datahub-graphql-core at v1.3.0.1). updateTag writes what upstream's
 * mapper writes: the caller becomes the tag's only owner (ownership type NONE, source SERVICE), and
 * tagProperties is replaced by the input's name and description (a color set before is not kept, as
 * upstream's new record does not keep it); the tag is answered as read after the write. deleteTag deletes
 * the tag and takes it off every entity tagged with it (their globalTags and schema field tags).
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { dropLabel, TAGS } from './labels.js';
import { systemTypeUrn } from './owners.js';
import { authorizeAll, stamp, writeAspect } from './resources.js';

export function updateTag(
  ctx: GraphqlContext,
  view: EntityView,
  urn: string,
  input: { name: string; description?: string | null },
): OutputRecord | null {
  const write = authorizeAll(ctx, [urn]);
  targetUrn(ctx, urn, 'tag');
  const owner = { owner: write.actor, type: 'NONE', typeUrn: systemTypeUrn(ctx, 'NONE'), source: { type: 'SERVICE' } };
  ctx.store.transaction(() => {
    writeAspect(ctx, urn, 'ownership', { owners: [owner], lastModified: stamp(write) }, write);
    const properties = { name: input.name, ...(input.description != null ? { description: input.description } : {}) };
    writeAspect(ctx, urn, 'tagProperties', properties, write);
  });
  return view.entity(urn);
}

export function deleteTag(ctx: GraphqlContext, urn: string): boolean {
  const write = authorizeAll(ctx, [urn]);
  const { entity } = targetUrn(ctx, urn, 'tag');
  if (!ctx.store.entityExists(urn)) throw badRequestError(`Failed to delete tag ${urn}. Tag does not exist.`);
  ctx.store.transaction(() => {
    const tagged = ctx.store.relationships({
      urn,
      direction: 'INCOMING',
      types: ['TaggedWith'],
      start: 0,
      count: 10_000,
    });
    for (const edge of new Set(tagged.relationships.map((r) => r.entity))) dropLabel(ctx, TAGS, edge, urn, write);
    ctx.store.deleteAspect(entity.name, urn, entity.keyAspect, write);
  });
  return true;
}
