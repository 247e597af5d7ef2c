/**
 * How an entity page shows an entity: the URL it embeds (upstream's UpdateEmbedResolver, resolvers/embed/),
 * its color and icon (UpdateDisplayPropertiesResolver, resolvers/mutate/) and a tag's color
 * (SetTagColorResolver, resolvers/tag/), datahub-graphql-core at v1.3.0.1. Each keeps the aspect's other
 * fields and changes only what the input gives; the entity must exist, with upstream's messages.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectOf } from '../json-values.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, entityNameOf, storedCopy, writeAspect } from './resources.js';

function mustExist(ctx: GraphqlContext, urn: string, message: string): void {
  entityNameOf(ctx, urn);
  if (!ctx.store.entityExists(urn)) throw badRequestError(message);
}

export function updateEmbed(ctx: GraphqlContext, input: { urn: string; renderUrl?: string | null }): boolean {
  const write = authorizeAll(ctx, [input.urn]);
  mustExist(ctx, input.urn, `Failed to update embed for entity with urn ${input.urn}. Entity does not exist!`);
  const embed = storedCopy(ctx, input.urn, 'embed');
  // Upstream sets renderUrl only when given: an absent one keeps the stored URL.
  if (input.renderUrl != null) embed.renderUrl = input.renderUrl;
  ctx.store.transaction(() => writeAspect(ctx, input.urn, 'embed', embed, write));
  return true;
}

export interface DisplayPropertiesInput {
  colorHex?: string | null;
  icon?: { iconLibrary?: string | null; name?: string | null; style?: string | null } | null;
}

export function updateDisplayProperties(ctx: GraphqlContext, urn: string, input: DisplayPropertiesInput): boolean {
  mustExist(ctx, urn, `Failed to update ${urn}. ${urn} does not exist.`);
  const write = authorizeAll(ctx, [urn]);
  const properties = storedCopy(ctx, urn, 'displayProperties');
  if (input.colorHex != null) properties.colorHex = input.colorHex;
  if (input.icon != null) {
    const icon = { ...objectOf(properties.icon) };
    for (const key of ['iconLibrary', 'name', 'style'] as const)
      if (input.icon[key] != null) icon[key] = input.icon[key];
    properties.icon = icon;
  }
  ctx.store.transaction(() => writeAspect(ctx, urn, 'displayProperties', properties, write));
  return true;
}

export function setTagColor(ctx: GraphqlContext, urn: string, colorHex: string): boolean {
  const write = authorizeAll(ctx, [urn]);
  const name = targetUrn(ctx, urn, 'tag').parsed.parts[0];
  mustExist(ctx, urn, `Failed to set Tag ${urn} color. Tag does not exist.`);
  const properties = ctx.store.getAspect(urn, 'tagProperties', 0)?.value;
  // Without tagProperties upstream starts from one named after the tag's id.
  ctx.store.transaction(() => writeAspect(ctx, urn, 'tagProperties', { ...(properties ?? { name }), colorHex }, write));
  return true;
}
