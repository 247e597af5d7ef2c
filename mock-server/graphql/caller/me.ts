/**
 * `me` (upstream's MeResolver): the caller's user, as `corpUser` shows it, and its platform privileges:
 * what the stored policies grant the caller (../policy-engine.ts), each field held when the
 * caller holds any of the privileges upstream's AuthorizationUtils checks for it. With `--auth off` every
 * caller holds each (anyone may write). Without a token the caller is the anonymous user (upstream responds
 * 401 first), who holds what the policies grant every user.
 */
import { callerOf, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { actorOf, grantedPrivileges, grantsOverEntityType, type Actor } from '../policy-engine.js';
import type { OutputRecord } from '../records.js';

/** PlatformPrivileges' fields and the platform privileges any of which grants each (upstream's MeResolver). */
const PLATFORM_FIELDS: Readonly<Record<string, readonly string[]>> = {
  viewAnalytics: ['VIEW_ANALYTICS'],
  managePolicies: ['MANAGE_POLICIES'],
  manageIdentities: ['MANAGE_USERS_AND_GROUPS'],
  generatePersonalAccessTokens: ['GENERATE_PERSONAL_ACCESS_TOKENS'],
  createDomains: ['CREATE_DOMAINS', 'MANAGE_DOMAINS'],
  manageDomains: ['MANAGE_DOMAINS'],
  manageIngestion: ['MANAGE_INGESTION'],
  manageSecrets: ['MANAGE_SECRETS'],
  manageTokens: ['MANAGE_ACCESS_TOKENS'],
  viewTests: ['VIEW_TESTS'],
  manageTests: ['MANAGE_TESTS'],
  manageGlossaries: ['MANAGE_GLOSSARIES'],
  manageUserCredentials: ['MANAGE_USER_CREDENTIALS'],
  createTags: ['CREATE_TAGS', 'MANAGE_TAGS'],
  manageTags: ['MANAGE_TAGS'],
  viewManageTags: ['VIEW_MANAGE_TAGS'],
  manageGlobalViews: ['MANAGE_GLOBAL_VIEWS'],
  manageOwnershipTypes: ['MANAGE_GLOBAL_OWNERSHIP_TYPES'],
  manageGlobalAnnouncements: ['MANAGE_GLOBAL_ANNOUNCEMENTS'],
  createBusinessAttributes: ['CREATE_BUSINESS_ATTRIBUTE', 'MANAGE_BUSINESS_ATTRIBUTE'],
  manageBusinessAttributes: ['MANAGE_BUSINESS_ATTRIBUTE'],
  manageStructuredProperties: ['MANAGE_STRUCTURED_PROPERTIES'],
  viewStructuredPropertiesPage: ['VIEW_STRUCTURED_PROPERTIES_PAGE', 'MANAGE_STRUCTURED_PROPERTIES'],
  manageFeatures: ['MANAGE_FEATURES'],
  manageHomePageTemplates: ['MANAGE_HOME_PAGE_TEMPLATES'],
};

function platformPrivileges(ctx: GraphqlContext, view: EntityView, actor: Actor): OutputRecord {
  const everything = ctx.auth.mode === 'off';
  const granted = new Set(everything ? [] : grantedPrivileges(ctx.store, actor));
  const fields: Record<string, boolean> = {};
  for (const [field, privileges] of Object.entries(PLATFORM_FIELDS))
    fields[field] = everything || privileges.some((privilege) => granted.has(privilege));
  // Upstream's ApplicationAuthorizationUtils: editing applications, a metadata privilege over their type.
  fields.manageApplications = everything || grantsOverEntityType(ctx.store, actor, 'EDIT_ENTITY', 'application');
  return view.shapes.record('PlatformPrivileges', fields);
}

export function me(ctx: GraphqlContext, view: EntityView): OutputRecord {
  const caller = callerOf(ctx);
  return view.shapes.record('AuthenticatedUser', {
    corpUser: () => view.corpUser(caller.user),
    platformPrivileges: () => platformPrivileges(ctx, view, actorOf(ctx.store, caller.user)),
  });
}
