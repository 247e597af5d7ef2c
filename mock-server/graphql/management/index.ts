/**
 * The management screens' type family (upstream's resolvers/policy/, role/, user/, group/, auth/, ownership/
 * and test/): policies, roles and invitations, users, groups, access tokens, ownership types and metadata
 * tests, each check of who may act made against the stored policies (../context.ts, ../policy-engine.ts).
 */
import type * as Args from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { createAccessToken, getAccessToken, listAccessTokens, revokeAccessToken } from './access-tokens.js';
import {
  addGroupMembers,
  createGroup,
  listGroups,
  removeGroup,
  removeGroupMembers,
  updateCorpGroupProperties,
} from './groups.js';
import {
  createOwnershipType,
  deleteOwnershipType,
  listOwnershipTypes,
  updateOwnershipType,
} from './ownership-types.js';
import { createPolicy, deletePolicy, listPolicies, updatePolicy } from './policies.js';
import { acceptRole, batchAssignRole, createInviteToken, getInviteToken, listRoles } from './roles.js';
import { createTest, deleteTest, listTests, test } from './tests.js';
import {
  createNativeUserResetToken,
  listUsers,
  removeUser,
  updateCorpUserProperties,
  updateUserHomePageSettings,
  updateUserStatus,
} from './users.js';

export const managementFamily: ResolverFamily = (viewOf) => ({
  Query: {
    listPolicies: ((_root, args, ctx) =>
      listPolicies(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListPoliciesArgs>,
    listRoles: ((_root, args, ctx) => listRoles(viewOf(ctx), ctx, args)) satisfies Resolver<Args.QueryListRolesArgs>,
    getInviteToken: ((_root, args, ctx) =>
      getInviteToken(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryGetInviteTokenArgs>,
    listUsers: ((_root, args, ctx) => listUsers(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListUsersArgs>,
    listGroups: ((_root, args, ctx) => listGroups(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListGroupsArgs>,
    getAccessToken: ((_root, args, ctx) =>
      getAccessToken(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryGetAccessTokenArgs>,
    listAccessTokens: ((_root, args, ctx) =>
      listAccessTokens(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListAccessTokensArgs>,
    listOwnershipTypes: ((_root, args, ctx) =>
      listOwnershipTypes(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListOwnershipTypesArgs>,
    test: ((_root, args, ctx) => test(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryTestArgs>,
    listTests: ((_root, args, ctx) => listTests(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListTestsArgs>,
  },
  Mutation: {
    createPolicy: ((_root, args, ctx) => createPolicy(ctx, args)) satisfies Resolver<Args.MutationCreatePolicyArgs>,
    updatePolicy: ((_root, args, ctx) => updatePolicy(ctx, args)) satisfies Resolver<Args.MutationUpdatePolicyArgs>,
    deletePolicy: ((_root, args, ctx) => deletePolicy(ctx, args)) satisfies Resolver<Args.MutationDeletePolicyArgs>,
    batchAssignRole: ((_root, args, ctx) =>
      batchAssignRole(ctx, args)) satisfies Resolver<Args.MutationBatchAssignRoleArgs>,
    acceptRole: ((_root, args, ctx) => acceptRole(ctx, args)) satisfies Resolver<Args.MutationAcceptRoleArgs>,
    createInviteToken: ((_root, args, ctx) =>
      createInviteToken(ctx, viewOf(ctx), args)) satisfies Resolver<Args.MutationCreateInviteTokenArgs>,
    removeUser: ((_root, args, ctx) => removeUser(ctx, args)) satisfies Resolver<Args.MutationRemoveUserArgs>,
    updateUserStatus: ((_root, args, ctx) =>
      updateUserStatus(ctx, args)) satisfies Resolver<Args.MutationUpdateUserStatusArgs>,
    updateCorpUserProperties: ((_root, args, ctx) =>
      updateCorpUserProperties(ctx, viewOf(ctx), args)) satisfies Resolver<Args.MutationUpdateCorpUserPropertiesArgs>,
    createNativeUserResetToken: ((_root, args, ctx) =>
      createNativeUserResetToken(
        ctx,
        viewOf(ctx),
        args,
      )) satisfies Resolver<Args.MutationCreateNativeUserResetTokenArgs>,
    updateUserHomePageSettings: ((_root, args, ctx) =>
      updateUserHomePageSettings(ctx, args)) satisfies Resolver<Args.MutationUpdateUserHomePageSettingsArgs>,
    createGroup: ((_root, args, ctx) => createGroup(ctx, args)) satisfies Resolver<Args.MutationCreateGroupArgs>,
    removeGroup: ((_root, args, ctx) => removeGroup(ctx, args)) satisfies Resolver<Args.MutationRemoveGroupArgs>,
    addGroupMembers: ((_root, args, ctx) =>
      addGroupMembers(ctx, args)) satisfies Resolver<Args.MutationAddGroupMembersArgs>,
    removeGroupMembers: ((_root, args, ctx) =>
      removeGroupMembers(ctx, args)) satisfies Resolver<Args.MutationRemoveGroupMembersArgs>,
    updateCorpGroupProperties: ((_root, args, ctx) =>
      updateCorpGroupProperties(ctx, viewOf(ctx), args)) satisfies Resolver<Args.MutationUpdateCorpGroupPropertiesArgs>,
    createAccessToken: ((_root, args, ctx) =>
      createAccessToken(ctx, viewOf(ctx), args)) satisfies Resolver<Args.MutationCreateAccessTokenArgs>,
    revokeAccessToken: ((_root, args, ctx) =>
      revokeAccessToken(ctx, args)) satisfies Resolver<Args.MutationRevokeAccessTokenArgs>,
    createOwnershipType: ((_root, args, ctx) =>
      createOwnershipType(ctx, viewOf(ctx), args)) satisfies Resolver<Args.MutationCreateOwnershipTypeArgs>,
    updateOwnershipType: ((_root, args, ctx) =>
      updateOwnershipType(ctx, viewOf(ctx), args)) satisfies Resolver<Args.MutationUpdateOwnershipTypeArgs>,
    deleteOwnershipType: ((_root, args, ctx) =>
      deleteOwnershipType(ctx, args)) satisfies Resolver<Args.MutationDeleteOwnershipTypeArgs>,
    createTest: ((_root, args, ctx) => createTest(ctx, args)) satisfies Resolver<Args.MutationCreateTestArgs>,
    deleteTest: ((_root, args, ctx) => deleteTest(ctx, args)) satisfies Resolver<Args.MutationDeleteTestArgs>,
  },
});
