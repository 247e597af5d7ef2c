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

export function addLink(ctx: GraphqlContext, input: AddLinkInput): boolean {
  const write = authorizeAll(ctx, [input.resourceUrn], ['EDIT_ENTITY_DOC_LINKS']);
  validate(ctx, input.linkUrl, input.resourceUrn);
  ctx.store.transaction(() => {
    const memory = storedCopy(ctx, input.resourceUrn, 'institutionalMemory');
    const elements = objectsOf(memory.elements);
    if (!elements.some((e) => e.url === input.linkUrl && e.description === input.label)) {
      const settings =
        input.settings == null
          ? undefined
          : input.settings.showInAssetPreview == null
            ? {}
            : { showInAssetPreview: input.settings.showInAssetPreview };
      elements.push({
        url: input.linkUrl,
        description: input.label,
        createStamp: stamp(write),
        ...(settings ? { settings } : {}),
      });
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
