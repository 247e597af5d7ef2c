/**
 * The caller's type family (upstream's MeResolver, GetGrantedPrivilegesResolver and UpdateUserSettingResolver):
 * `me`, the caller's user and platform privileges (me.ts), the privileges the default policies grant a user
 * (get-granted-privileges.ts), the caller's own appearance settings (user-setting.ts), and what the caller
 * may do on a dataset (entity-privileges.ts, upstream's EntityPrivilegesResolver).
 */
import type {
  MutationUpdateUserSettingArgs,
  QueryGetGrantedPrivilegesArgs,
} from '../../../generated/graphql/resolvers.js';
import type { OutputRecord } from '../records.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { datasetPrivileges } from './entity-privileges.js';
import { getGrantedPrivileges } from './get-granted-privileges.js';
import { me } from './me.js';
import { updateUserSetting } from './user-setting.js';

export const callerFamily: ResolverFamily = (viewOf) => ({
  Query: {
    me: ((_root, _args, ctx) => me(ctx, viewOf(ctx))) satisfies Resolver<Record<string, never>>,
    getGrantedPrivileges: ((_root, args, ctx) =>
      getGrantedPrivileges(ctx, viewOf(ctx), args)) satisfies Resolver<QueryGetGrantedPrivilegesArgs>,
  },
  Dataset: {
    privileges: ((dataset: OutputRecord, _args, ctx) =>
      datasetPrivileges(ctx, viewOf(ctx), String(dataset.urn))) as Resolver<Record<string, never>>,
  },
  Mutation: {
    updateUserSetting: ((_root, args, ctx) =>
      updateUserSetting(ctx, args)) satisfies Resolver<MutationUpdateUserSettingArgs>,
  },
});
