/**
 * The management screens' type family (upstream's resolvers/policy/, role/, user/, group/, auth/, ownership/,
 * test/ and ingest/): policies, roles and invitations, users, groups, access tokens, ownership types, metadata
 * tests, ingestion sources, their execution requests and secrets; each check of who may act is made against
 * the stored policies (../context.ts, ../policy-engine.ts).
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
import {
  cancelIngestionExecutionRequest,
  createIngestionExecutionRequest,
  createTestConnectionRequest,
  executionRequest,
  listExecutionRequests,
  rollbackIngestion,
} from './execution-requests.js';
import {
  createIngestionSource,
  deleteIngestionSource,
  ingestionSource,
  listIngestionSources,
  updateIngestionSource,
} from './ingestion-sources.js';
import { createSecret, deleteSecret, listSecrets, updateSecret } from './secrets.js';
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
    listIngestionSources: ((_root, args, ctx) =>
      listIngestionSources(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListIngestionSourcesArgs>,
    ingestionSource: ((_root, args, ctx) =>
      ingestionSource(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryIngestionSourceArgs>,
    listExecutionRequests: ((_root, args, ctx) =>
      listExecutionRequests(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListExecutionRequestsArgs>,
    executionRequest: ((_root, args, ctx) =>
      executionRequest(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryExecutionRequestArgs>,
    listSecrets: ((_root, args, ctx) =>
      listSecrets(ctx, viewOf(ctx), args)) satisfies Resolver<Args.QueryListSecretsArgs>,
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
    createIngestionSource: ((_root, args, ctx) =>
      createIngestionSource(ctx, args)) satisfies Resolver<Args.MutationCreateIngestionSourceArgs>,
    updateIngestionSource: ((_root, args, ctx) =>
      updateIngestionSource(ctx, args)) satisfies Resolver<Args.MutationUpdateIngestionSourceArgs>,
    deleteIngestionSource: ((_root, args, ctx) =>
      deleteIngestionSource(ctx, args)) satisfies Resolver<Args.MutationDeleteIngestionSourceArgs>,
    createSecret: ((_root, args, ctx) => createSecret(ctx, args)) satisfies Resolver<Args.MutationCreateSecretArgs>,
    updateSecret: ((_root, args, ctx) => updateSecret(ctx, args)) satisfies Resolver<Args.MutationUpdateSecretArgs>,
    deleteSecret: ((_root, args, ctx) => deleteSecret(ctx, args)) satisfies Resolver<Args.MutationDeleteSecretArgs>,
    createIngestionExecutionRequest: ((_root, args, ctx) =>
      createIngestionExecutionRequest(ctx, args)) satisfies Resolver<Args.MutationCreateIngestionExecutionRequestArgs>,
    cancelIngestionExecutionRequest: ((_root, args, ctx) =>
      cancelIngestionExecutionRequest(
        ctx,
        viewOf(ctx),
        args,
      )) satisfies Resolver<Args.MutationCancelIngestionExecutionRequestArgs>,
    createTestConnectionRequest: ((_root, args, ctx) =>
      createTestConnectionRequest(ctx, args)) satisfies Resolver<Args.MutationCreateTestConnectionRequestArgs>,
    rollbackIngestion: ((_root, args, ctx) =>
      rollbackIngestion(ctx, viewOf(ctx), args)) satisfies Resolver<Args.MutationRollbackIngestionArgs>,
  },
});
