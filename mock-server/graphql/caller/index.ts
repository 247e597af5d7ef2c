/**
 * The caller's type family (upstream's MeResolver, GetGrantedPrivilegesResolver and UpdateUserSettingResolver):
 * `me`, the caller's user and platform privileges (me.ts), the privileges the default policies grant a user
 * (get-granted-privileges.ts), the caller's own appearance settings (user-setting.ts), and what the caller
 * may do on an entity page's entity (entity-privileges.ts, glossary-privileges.ts: upstream's
 * EntityPrivilegesResolver), and whether the
 * caller sees a connection's settings (MANAGE_CONNECTIONS, upstream's ConnectionUtils.canManageConnections).
 */
import type {
  MutationUpdateUserSettingArgs,
  QueryGetGrantedPrivilegesArgs,
} from '../../../generated/graphql/resolvers.js';
import { callerOf, holdsPrivilege, type GraphqlContext } from '../context.js';
import type { OutputRecord } from '../records.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import type { EntityView } from '../entities/entity-view.js';
import { entityPrivileges } from './entity-privileges.js';
import { getGrantedPrivileges } from './get-granted-privileges.js';
import { glossaryPrivileges } from './glossary-privileges.js';
import { me } from './me.js';
import { updateUserSetting } from './user-setting.js';

type PrivilegesOf = (ctx: GraphqlContext, view: EntityView, urn: string) => OutputRecord;

/** The entity types whose `privileges` field answers what the caller may do on the entity, and how. */
const ENTITY_PAGE_TYPES: Readonly<Record<string, PrivilegesOf>> = {
  Dataset: entityPrivileges,
  Chart: entityPrivileges,
  Dashboard: entityPrivileges,
  DataFlow: entityPrivileges,
  DataJob: entityPrivileges,
  Container: entityPrivileges,
  Domain: entityPrivileges,
  DataProduct: entityPrivileges,
  Application: entityPrivileges,
  GlossaryNode: glossaryPrivileges,
  GlossaryTerm: glossaryPrivileges,
  CorpUser: entityPrivileges,
  CorpGroup: entityPrivileges,
  MLFeature: entityPrivileges,
  MLFeatureTable: entityPrivileges,
  MLModel: entityPrivileges,
  MLModelGroup: entityPrivileges,
  MLPrimaryKey: entityPrivileges,
};

export const callerFamily: ResolverFamily = (viewOf) => ({
  Query: {
    me: ((_root, _args, ctx) => me(ctx, viewOf(ctx))) satisfies Resolver<Record<string, never>>,
    getGrantedPrivileges: ((_root, args, ctx) =>
      getGrantedPrivileges(ctx, viewOf(ctx), args)) satisfies Resolver<QueryGetGrantedPrivilegesArgs>,
  },
  ...Object.fromEntries(
    Object.entries(ENTITY_PAGE_TYPES).map(([typeName, privilegesOf]) => [
      typeName,
      {
        privileges: ((entity: OutputRecord, _args, ctx) =>
          privilegesOf(ctx, viewOf(ctx), String(entity.urn))) as Resolver<Record<string, never>>,
      },
    ]),
  ),
  DataHubConnectionDetails: {
    json: ((details: OutputRecord, _args, ctx) => {
      if (!holdsPrivilege(ctx, callerOf(ctx), ['MANAGE_CONNECTIONS'])) return null;
      return typeof details.json === 'function' ? (details.json as () => unknown)() : details.json;
    }) as Resolver<Record<string, never>>,
  },
  Mutation: {
    updateUserSetting: ((_root, args, ctx) =>
      updateUserSetting(ctx, args)) satisfies Resolver<MutationUpdateUserSettingArgs>,
  },
});
