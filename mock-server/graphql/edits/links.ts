/**
 * Links, as upstream's AddLinkResolver and RemoveLinkResolver over LinkUtils
 * (datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/mutate/util/LinkUtils.java,
 * commit 06242d7a0e9b7bcb1bffbe1c64eed630eef96ea9): the caller must be allowed, then the URL must be a
 * URL and the resource exist, with upstream's messages. A link goes to the institutionalMemory aspect
 * with its label as description and a createStamp of the token's user; a link with the same URL and
 * the same label is not added again (the aspect is still written), while the same URL under another
 * label is a second link. Settings given with a link (LinkSettingsInput) are stored with it as upstream's
 * mapSettings does (showInAssetPreview when given, else an empty record). Removing with a label takes away
 * the links with that URL and that label, without one every link with the URL (LinkUtils.removeLink at
 * DataHub v1.3.0.1).
 * Upstream's URL check is `new Url(linkUrl)`, and that constructor (li-utils/src/main/javaPegasus/com/
 * linkedin/common/url/Url.java) rejects only null, so upstream stores any string; the mock keeps the
 * check so a string that is no URL is a BAD_REQUEST, in the words upstream wrote for it.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect } from './resources.js';

function validate(ctx: GraphqlContext, linkUrl: string, resourceUrn: string): void {
  entityNameOf(ctx, resourceUrn);
  if (!URL.canParse(linkUrl))
    throw badRequestError(`Failed to change institutional memory for resource ${resourceUrn}. Expected an url.`);
  if (!ctx.store.entityExists(resourceUrn))
    throw badRequestError(
      `Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`,
    );
}

export interface AddLinkInput {
  linkUrl: string;
  label: string;
  resourceUrn: string;
  settings?: { showInAssetPreview?: boolean | null } | null;
}

/** The settings given with a link, as upstream's mapSettings stores them (showInAssetPreview when given). */
function settingsOf(input: AddLinkInput): { settings?: Record<string, unknown> } {
  if (input.settings == null) return {};
  const show = input.settings.showInAssetPreview;
  return { settings: show == null ? {} : { showInAssetPreview: show } };
}

export function addLink(ctx: GraphqlContext, input: AddLinkInput): boolean {
  const write = authorizeAll(ctx, [input.resourceUrn], ['EDIT_ENTITY_DOC_LINKS']);
  validate(ctx, input.linkUrl, input.resourceUrn);
  ctx.store.transaction(() => {
    const memory = storedCopy(ctx, input.resourceUrn, 'institutionalMemory');
    const elements = objectsOf(memory.elements);
    if (!elements.some((e) => e.url === input.linkUrl && e.description === input.label)) {
      elements.push({ url: input.linkUrl, description: input.label, createStamp: stamp(write), ...settingsOf(input) });
    }
    writeAspect(ctx, input.resourceUrn, 'institutionalMemory', { ...memory, elements }, write);
  });
  return true;
}

export function removeLink(
  ctx: GraphqlContext,
  input: { linkUrl: string; label?: string | null; resourceUrn: string },
): boolean {
  const write = authorizeAll(ctx, [input.resourceUrn], ['EDIT_ENTITY_DOC_LINKS']);
  validate(ctx, input.linkUrl, input.resourceUrn);
  ctx.store.transaction(() => {
    const memory = storedCopy(ctx, input.resourceUrn, 'institutionalMemory');
    const label = input.label;
    const elements = objectsOf(memory.elements).filter(
      (e) => e.url !== input.linkUrl || (label != null && e.description !== label),
    );
    writeAspect(ctx, input.resourceUrn, 'institutionalMemory', { ...memory, elements }, write);
  });
  return true;
}

export interface UpdateLinkInput extends AddLinkInput {
  currentUrl: string;
  currentLabel: string;
}

/**
 * Replaces the link with the current URL and label (LinkUtils.updateLink at v1.3.0.1): it keeps its
 * createStamp and gets an updateStamp of the caller; a missing link, or a new URL and label another link
 * already has, is a BAD_REQUEST with upstream's words.
 */
export function updateLink(ctx: GraphqlContext, input: UpdateLinkInput): boolean {
  const write = authorizeAll(ctx, [input.resourceUrn]);
  validate(ctx, input.currentUrl, input.resourceUrn);
  validate(ctx, input.linkUrl, input.resourceUrn);
  ctx.store.transaction(() => {
    const memory = storedCopy(ctx, input.resourceUrn, 'institutionalMemory');
    const elements = objectsOf(memory.elements);
    const same = (e: Record<string, unknown>, url: string, label: string) => e.url === url && e.description === label;
    const index = elements.findIndex((e) => same(e, input.currentUrl, input.currentLabel));
    if (index < 0)
      throw badRequestError(
        `Failed to update the link '${input.currentUrl}' with label '${input.currentLabel}'. The link does not exist`,
      );
    if (elements.some((e, i) => i !== index && same(e, input.linkUrl, input.label)))
      throw badRequestError(`The link '${input.linkUrl}' with label '${input.label}' already exists`);
    elements[index] = {
      url: input.linkUrl,
      description: input.label,
      createStamp: elements[index]!.createStamp,
      updateStamp: stamp(write),
      ...settingsOf(input),
    };
    writeAspect(ctx, input.resourceUrn, 'institutionalMemory', { ...memory, elements }, write);
  });
  return true;
}
