/**
 * Links (upstream's AddLinkResolver and RemoveLinkResolver over LinkUtils): the resource must exist and
 * the URL be a URL; a link goes to the institutionalMemory aspect with its label as description and a
 * create stamp of the token's user, replacing a link with the same URL; removing takes away every link
 * with the URL.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect } from './resources.js';

function validate(ctx: GraphqlContext, linkUrl: string, resourceUrn: string): void {
  entityNameOf(ctx, resourceUrn);
  if (!URL.canParse(linkUrl)) throw badRequestError(`Failed to change institutional memory for resource ${resourceUrn}. Expected a valid URL.`);
  if (!ctx.store.entityExists(resourceUrn)) throw badRequestError(`Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`);
}

export function addLink(ctx: GraphqlContext, input: { linkUrl: string; label: string; resourceUrn: string }): boolean {
  const write = authorizeAll(ctx, [input.resourceUrn]);
  validate(ctx, input.linkUrl, input.resourceUrn);
  ctx.store.transaction(() => {
    const memory = storedCopy(ctx, input.resourceUrn, 'institutionalMemory');
    const elements = objectsOf(memory.elements).filter((e) => e.url !== input.linkUrl);
    elements.push({ url: input.linkUrl, description: input.label, createStamp: stamp(write) });
    writeAspect(ctx, input.resourceUrn, 'institutionalMemory', { ...memory, elements }, write);
  });
  return true;
}

export function removeLink(ctx: GraphqlContext, input: { linkUrl: string; resourceUrn: string }): boolean {
  const write = authorizeAll(ctx, [input.resourceUrn]);
  validate(ctx, input.linkUrl, input.resourceUrn);
  ctx.store.transaction(() => {
    const memory = storedCopy(ctx, input.resourceUrn, 'institutionalMemory');
    const elements = objectsOf(memory.elements).filter((e) => e.url !== input.linkUrl);
    writeAspect(ctx, input.resourceUrn, 'institutionalMemory', { ...memory, elements }, write);
  });
  return true;
}
