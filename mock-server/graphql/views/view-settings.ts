/**
 * Default views, as upstream's settings resolvers keep them (datahub-graphql-core/.../resolvers/settings/
 * view/GlobalViewsSettingsResolver.java, UpdateGlobalViewsSettingsResolver.java, settings/user/
 * UpdateCorpUserViewsSettingsResolver.java):
 * - the organisation's default is `views.defaultView` of globalSettingsInfo at `<prefix>globalSettings:0`
 *   (SettingsService's global settings URN); setting it needs the right to manage global views
 *   (MANAGE_GLOBAL_VIEWS);
 * - a user's is `views.defaultView` of their corpUserSettings, which a user without settings gets with
 *   `appearance.showSimplifiedHomepage` false; any caller with a token sets their own.
 * An absent `defaultView` clears the default; one that is not a URN is a BAD_REQUEST naming it (upstream's
 * UrnUtils.getUrn fails inside the resolver, a server error). Neither checks that the view exists.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type {
  MutationUpdateCorpUserViewsSettingsArgs,
  MutationUpdateGlobalViewsSettingsArgs,
} from '../../../generated/graphql/resolvers.js';
import { writeContext } from '../../handlers/context.js';
import type { WriteContext } from '../../store/types.js';
import { authorizePlatform, callerOf, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { globalSettingsPart, globalSettingsUrn } from '../global-settings.js';
import { objectOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';

/**
 * Sets `views.defaultView` of the settings aspect stored at `urn` (of `fresh` when none is stored), or
 * removes it when the input gives none.
 */
function setDefaultView(
  ctx: GraphqlContext,
  at: { entityType: string; urn: string; aspect: string },
  fresh: Record<string, unknown>,
  defaultView: string | null | undefined,
  write: WriteContext,
): boolean {
  if (defaultView != null && !tryParseUrn(defaultView))
    throw badRequestError(`input.defaultView: '${defaultView}' is not a URN`);
  ctx.store.transaction(() => {
    const settings = ctx.store.getAspect(at.urn, at.aspect, 0)?.value ?? fresh;
    const { defaultView: _previous, ...views } = objectOf(settings.views) ?? {};
    const next = { ...settings, views: defaultView != null ? { ...views, defaultView } : views };
    ctx.store.upsertAspect(at.entityType, at.urn, at.aspect, next, { ...write, valueRoot: 'input' });
  });
  return true;
}

export function globalViewsSettings(ctx: GraphqlContext, view: EntityView): OutputRecord {
  const views = globalSettingsPart(ctx, 'views');
  return view.shapes.record('GlobalViewsSettings', {
    defaultView: typeof views?.defaultView === 'string' ? views.defaultView : null,
  });
}

export function updateGlobalViewsSettings(
  ctx: GraphqlContext,
  { input }: MutationUpdateGlobalViewsSettingsArgs,
): boolean {
  const urn = globalSettingsUrn(ctx);
  const write = authorizePlatform(ctx, ['MANAGE_GLOBAL_VIEWS']);
  return setDefaultView(
    ctx,
    { entityType: 'globalSettings', urn, aspect: 'globalSettingsInfo' },
    {},
    input.defaultView,
    write,
  );
}

export function updateCorpUserViewsSettings(
  ctx: GraphqlContext,
  { input }: MutationUpdateCorpUserViewsSettingsArgs,
): boolean {
  const caller = callerOf(ctx, true);
  const fresh = { appearance: { showSimplifiedHomepage: false } };
  return setDefaultView(
    ctx,
    { entityType: 'corpuser', urn: caller.user, aspect: 'corpUserSettings' },
    fresh,
    input.defaultView,
    writeContext(caller),
  );
}
