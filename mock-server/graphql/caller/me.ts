/**
 * `me` (upstream's MeResolver): the caller's user, as `corpUser` shows it, and its platform privileges.
 * The mock has two roles rather than policies, so every privilege is the same: held by an admin, by
 * no reader, and by every caller with `--auth off` (where anyone may write). Without a token the caller
 * is the anonymous user (upstream responds 401 first).
 */
import { callerOf, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';

/** PlatformPrivileges' fields (upstream's app.graphql). */
const PRIVILEGES = [
  'viewAnalytics',
  'managePolicies',
  'manageIdentities',
  'generatePersonalAccessTokens',
  'createDomains',
  'manageDomains',
  'manageIngestion',
  'manageSecrets',
  'manageTokens',
  'viewTests',
  'manageTests',
  'manageGlossaries',
  'manageUserCredentials',
  'createTags',
  'manageTags',
  'manageGlobalViews',
  'manageOwnershipTypes',
  'manageGlobalAnnouncements',
  'createBusinessAttributes',
  'manageBusinessAttributes',
  'manageStructuredProperties',
  'viewStructuredPropertiesPage',
] as const;

export function me(ctx: GraphqlContext, view: EntityView): OutputRecord {
  const caller = callerOf(ctx);
  const holds = ctx.auth.mode === 'off' || caller.role === 'admin';
  return view.shapes.record('AuthenticatedUser', {
    corpUser: () => view.corpUser(caller.user),
    platformPrivileges: view.shapes.record(
      'PlatformPrivileges',
      Object.fromEntries(PRIVILEGES.map((privilege) => [privilege, holds])),
    ),
  });
}
