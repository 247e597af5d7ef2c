/**
 * The caller's type family (upstream's MeResolver, GetGrantedPrivilegesResolver and UpdateUserSettingResolver):
 * `me`, the caller's user and platform privileges (me.ts), the privileges the default policies grant a user
 * (get-granted-privileges.ts), the caller's own appearance settings (user-setting.ts), and what the caller
 * may do on an entity page's entity (entity-privileges.ts, upstream's EntityPrivilegesResolver), and whether the
 * caller sees a connection's settings (MANAGE_CONNECTIONS, upstream's ConnectionUtils.canManageConnections).
 */
import type {
  MutationUpdateUserSettingArgs,
  QueryGetGrantedPrivilegesArgs,
} from '../../../generated/graphql/resolvers.js';
import type { OutputRecord } from '../records.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { entityPrivileges } from './entity-privileges.js';
import { getGrantedPrivileges } from './get-granted-privileges.js';
import { holdsPlatformPrivilege, me } from './me.js';
import { updateUserSetting } from './user-setting.js';

/** The entity types whose `privileges` field answers what the caller may do on the entity. */
const ENTITY_PAGE_TYPES = ['Dataset', 'Chart', 'Dashboard', 'DataFlow', 'DataJob', 'Container'];

export const callerFamily: ResolverFamily = (viewOf) => ({
  Query: {
    me: ((_root, _args, ctx) => me(ctx, viewOf(ctx))) satisfies Resolver<Record<string, never>>,
    getGrantedPrivileges: ((_root, args, ctx) =>
      getGrantedPrivileges(ctx, viewOf(ctx), args)) satisfies Resolver<QueryGetGrantedPrivilegesArgs>,
  },
  ...Object.fromEntries(
    ENTITY_PAGE_TYPES.map((typeName) => [
      typeName,
      {
        privileges: ((entity: OutputRecord, _args, ctx) =>
          entityPrivileges(ctx, viewOf(ctx), String(entity.urn))) as Resolver<Record<string, never>>,
      },
    ]),
  ),
  DataHubConnectionDetails: {
    json: ((details: OutputRecord, _args, ctx) => {
      if (!holdsPlatformPrivilege(ctx, 'MANAGE_CONNECTIONS')) return null;
      return typeof details.json === 'function' ? (details.json as () => unknown)() : details.json;
    }) as Resolver<Record<string, never>>,
  },
  Mutation: {
    updateUserSetting: ((_root, args, ctx) =>
      updateUserSetting(ctx, args)) satisfies Resolver<MutationUpdateUserSettingArgs>,
  },
});
