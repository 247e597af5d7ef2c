/**
 * The caller's type family (upstream's MeResolver, GetGrantedPrivilegesResolver and UpdateUserSettingResolver):
 * `me`, the caller's user and platform privileges (me.ts), the privileges the default policies grant a user
 * (get-granted-privileges.ts), and the caller's own appearance settings (user-setting.ts).
 */
import type {
  MutationUpdateUserSettingArgs,
  QueryGetGrantedPrivilegesArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { getGrantedPrivileges } from './get-granted-privileges.js';
import { me } from './me.js';
import { updateUserSetting } from './user-setting.js';

export const callerFamily: ResolverFamily = (viewOf) => ({
  Query: {
    me: ((_root, _args, ctx) => me(ctx, viewOf(ctx))) satisfies Resolver<Record<string, never>>,
    getGrantedPrivileges: ((_root, args, ctx) =>
      getGrantedPrivileges(ctx, viewOf(ctx), args)) satisfies Resolver<QueryGetGrantedPrivilegesArgs>,
  },
  Mutation: {
    updateUserSetting: ((_root, args, ctx) =>
      updateUserSetting(ctx, args)) satisfies Resolver<MutationUpdateUserSettingArgs>,
  },
});
