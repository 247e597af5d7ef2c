/**
 * The users screen, as upstream's user resolvers do it (datahub-graphql-core/.../resolvers/user/
 * ListUsersResolver.java, RemoveUserResolver.java, UpdateUserStatusResolver.java,
 * CreateNativeUserResetTokenResolver.java, types/corpuser/CorpUserType.java (update), resolvers/settings/
 * homePage/UpdateUserHomePageSettingsResolver.java, v1.3.0.1):
 * - listUsers (MANAGE_USERS_AND_GROUPS): a search of the users;
 * - removeUser (MANAGE_USERS_AND_GROUPS) deletes the user and the references to it (owners, ...), as
 *   RemoveUserResolver does through deleteEntityReferences (../lifecycle/delete-entity.ts); updateUserStatus (the same) writes corpUserStatus;
 * - updateCorpUserProperties: the user itself, a holder of MANAGE_USERS_AND_GROUPS, or one the policies let
 *   edit the user's profile, sets the given fields of corpUserEditableInfo;
 * - createNativeUserResetToken (MANAGE_USER_CREDENTIALS): a native user's (one with corpUserCredentials) reset
 *   token, valid 24 hours, stored encrypted in the credentials;
 * - updateUserHomePageSettings: the caller's corpUserSettings.homePage: its template, or none, and the
 *   announcements dismissed (added to those dismissed before).
 */
import { tryParseUrn } from '../../../spec/index.js';
import type {
  MutationCreateNativeUserResetTokenArgs,
  MutationRemoveUserArgs,
  MutationUpdateCorpUserPropertiesArgs,
  MutationUpdateUserHomePageSettingsArgs,
  MutationUpdateUserStatusArgs,
  QueryListUsersArgs,
} from '../../../generated/graphql/resolvers.js';
import { writeContext } from '../../handlers/context.js';
import {
  authorizeMutation,
  authorizePlatform,
  callerOf,
  holdsPrivilege,
  unauthorized,
  type GraphqlContext,
} from '../context.js';
import { deleteEntityAndReferences } from '../lifecycle/delete-entity.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf, stringsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { encrypt, randomToken } from './cipher.js';
import { searchPage } from './lists.js';

const USER = 'corpuser';
export const MANAGE_USERS_AND_GROUPS = ['MANAGE_USERS_AND_GROUPS'];
/** How long a reset token lasts (NativeUserService's one day). */
const RESET_TOKEN_MS = 24 * 60 * 60 * 1000;

export function listUsers(ctx: GraphqlContext, view: EntityView, { input }: QueryListUsersArgs): OutputRecord {
  if (!holdsPrivilege(ctx, callerOf(ctx, true), MANAGE_USERS_AND_GROUPS)) throw unauthorized();
  const page = searchPage(ctx, USER, input);
  return view.shapes.record('ListUsersResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    users: page.urns.map((urn) => view.corpUser(urn)),
  });
}

export function removeUser(ctx: GraphqlContext, { urn }: MutationRemoveUserArgs): boolean {
  const write = authorizePlatform(ctx, MANAGE_USERS_AND_GROUPS);
  targetUrn(ctx, urn, USER);
  ctx.store.transaction(() => deleteEntityAndReferences(ctx, urn, write));
  return true;
}

export function updateUserStatus(ctx: GraphqlContext, { urn, status }: MutationUpdateUserStatusArgs): string {
  const write = authorizePlatform(ctx, MANAGE_USERS_AND_GROUPS);
  targetUrn(ctx, urn, USER);
  const aspect = { status, lastModified: { time: write.now, actor: write.actor } };
  ctx.store.upsertAspect(USER, urn, 'corpUserStatus', aspect, { ...write, valueRoot: 'input' });
  return urn;
}

/** The input's fields under the aspect's names (CorpUserType.mapCorpUserEditableInfo). */
const EDITABLE_FIELDS: Readonly<Record<string, string>> = {
  displayName: 'displayName',
  title: 'title',
  aboutMe: 'aboutMe',
  teams: 'teams',
  skills: 'skills',
  pictureLink: 'pictureLink',
  slack: 'slack',
  phone: 'phone',
  email: 'email',
  platformUrns: 'platforms',
  personaUrn: 'persona',
};

export function updateCorpUserProperties(
  ctx: GraphqlContext,
  view: EntityView,
  { urn, input }: MutationUpdateCorpUserPropertiesArgs,
): OutputRecord {
  targetUrn(ctx, urn, USER);
  const caller = callerOf(ctx, true);
  const write =
    caller.user === urn || holdsPrivilege(ctx, caller, MANAGE_USERS_AND_GROUPS)
      ? writeContext(caller)
      : authorizeMutation(ctx, urn, ['EDIT_USER_PROFILE', 'EDIT_CONTACT_INFO']);
  for (const [field, value] of Object.entries(input))
    if ((field === 'platformUrns' || field === 'personaUrn') && value != null)
      for (const one of [value].flat() as string[])
        if (!tryParseUrn(one)) throw badRequestError(`input.${field}: '${one}' is not a URN`);
  ctx.store.transaction(() => {
    const stored = ctx.store.getAspect(urn, 'corpUserEditableInfo', 0)?.value ?? {};
    const next: Record<string, unknown> = { ...stored };
    for (const [field, name] of Object.entries(EDITABLE_FIELDS)) {
      const value = (input as Record<string, unknown>)[field];
      if (value != null) next[name] = value;
    }
    ctx.store.upsertAspect(USER, urn, 'corpUserEditableInfo', next, { ...write, valueRoot: 'input' });
  });
  return view.corpUser(urn);
}

export function createNativeUserResetToken(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationCreateNativeUserResetTokenArgs,
): OutputRecord {
  const write = authorizePlatform(ctx, ['MANAGE_USER_CREDENTIALS']);
  targetUrn(ctx, input.userUrn, USER);
  const credentials = ctx.store.getAspect(input.userUrn, 'corpUserCredentials', 0)?.value;
  if (!credentials) throw badRequestError(`input.userUrn: ${input.userUrn} does not exist or is not a native user`);
  const resetToken = randomToken();
  const next = {
    ...credentials,
    passwordResetToken: encrypt(resetToken),
    passwordResetTokenExpirationTimeMillis: write.now + RESET_TOKEN_MS,
  };
  ctx.store.upsertAspect(USER, input.userUrn, 'corpUserCredentials', next, write);
  return view.shapes.record('ResetToken', { resetToken });
}

export function updateUserHomePageSettings(
  ctx: GraphqlContext,
  { input }: MutationUpdateUserHomePageSettingsArgs,
): boolean {
  const caller = callerOf(ctx, true);
  if (input.pageTemplate != null) targetUrn(ctx, input.pageTemplate, 'dataHubPageTemplate');
  (input.newDismissedAnnouncements ?? []).forEach((urn, i) => {
    if (urn != null && !tryParseUrn(urn))
      throw badRequestError(`input.newDismissedAnnouncements[${i}]: '${urn}' is not a URN`);
  });
  ctx.store.transaction(() => {
    const settings = ctx.store.getAspect(caller.user, 'corpUserSettings', 0)?.value ?? {
      appearance: { showSimplifiedHomepage: false },
    };
    const homePage: Record<string, unknown> = { ...objectOf(settings.homePage) };
    if (input.removePageTemplate === true) delete homePage.pageTemplate;
    else if (input.pageTemplate != null) homePage.pageTemplate = input.pageTemplate;
    const dismissed = new Set(stringsOf(homePage.dismissedAnnouncementUrns));
    for (const urn of input.newDismissedAnnouncements ?? []) if (urn != null) dismissed.add(urn);
    homePage.dismissedAnnouncementUrns = [...dismissed];
    ctx.store.upsertAspect(USER, caller.user, 'corpUserSettings', { ...settings, homePage }, writeContext(caller));
  });
  return true;
}
