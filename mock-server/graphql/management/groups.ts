/**
 * The groups screen, as upstream's group resolvers do it (datahub-graphql-core/.../resolvers/group/
 * ListGroupsResolver.java, CreateGroupResolver.java, RemoveGroupResolver.java, AddGroupMembersResolver.java,
 * RemoveGroupMembersResolver.java, types/corpgroup/CorpGroupType.java (update); metadata-service/auth-impl/
 * .../GroupService.java, v1.3.0.1):
 * - listGroups (MANAGE_USERS_AND_GROUPS): a search of the groups;
 * - createGroup (the same) writes corpGroupInfo and origin NATIVE at `corpGroup:<id or random UUID>` (an
 *   existing group is a BAD_REQUEST); removeGroup (the same) deletes it and the references to
 *   it (users' group memberships, owners), as RemoveGroupResolver through deleteEntityReferences;
 * - addGroupMembers / removeGroupMembers (MANAGE_USERS_AND_GROUPS, or EDIT_GROUP_MEMBERS over the group):
 *   each user's nativeGroupMembership gains or loses the group (a group brought from another system keeps its
 *   members there: adding is refused, removing edits groupMembership); the group must exist;
 * - updateCorpGroupProperties (MANAGE_USERS_AND_GROUPS, or an edit the policies allow over the group) sets
 *   the given fields of corpGroupEditableInfo.
 */
import type {
  MutationAddGroupMembersArgs,
  MutationCreateGroupArgs,
  MutationRemoveGroupArgs,
  MutationRemoveGroupMembersArgs,
  MutationUpdateCorpGroupPropertiesArgs,
  QueryListGroupsArgs,
} from '../../../generated/graphql/resolvers.js';
import { writeContext } from '../../handlers/context.js';
import type { WriteContext } from '../../store/types.js';
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
import { stringsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { searchPage } from './lists.js';
import { newUrn } from './stored-entities.js';
import { MANAGE_USERS_AND_GROUPS } from './users.js';

const GROUP = 'corpGroup';

export function listGroups(ctx: GraphqlContext, view: EntityView, { input }: QueryListGroupsArgs): OutputRecord {
  if (!holdsPrivilege(ctx, callerOf(ctx, true), MANAGE_USERS_AND_GROUPS)) throw unauthorized();
  const page = searchPage(ctx, GROUP, input);
  return view.shapes.record('ListGroupsResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    groups: page.urns.flatMap((urn) => view.entity(urn) ?? []),
  });
}

export function createGroup(ctx: GraphqlContext, { input }: MutationCreateGroupArgs): string {
  const write = authorizePlatform(ctx, MANAGE_USERS_AND_GROUPS);
  const urn = newUrn(ctx, GROUP, input.id);
  targetUrn(ctx, urn, GROUP);
  if (ctx.store.entityExists(urn)) throw badRequestError(`input.id: group ${urn} already exists`);
  const info: Record<string, unknown> = {
    displayName: input.name,
    admins: [],
    members: [],
    groups: [],
    created: { time: write.now, actor: write.actor },
  };
  if (input.description != null) info.description = input.description;
  ctx.store.transaction(() => {
    ctx.store.upsertAspect(GROUP, urn, 'corpGroupInfo', info, { ...write, valueRoot: 'input' });
    ctx.store.upsertAspect(GROUP, urn, 'origin', { type: 'NATIVE' }, write);
  });
  return urn;
}

export function removeGroup(ctx: GraphqlContext, { urn }: MutationRemoveGroupArgs): boolean {
  const write = authorizePlatform(ctx, MANAGE_USERS_AND_GROUPS);
  targetUrn(ctx, urn, GROUP);
  ctx.store.transaction(() => deleteEntityAndReferences(ctx, urn, write));
  return true;
}

/** AuthorizationUtils.canEditGroupMembers: MANAGE_USERS_AND_GROUPS, or EDIT_GROUP_MEMBERS over the group. */
function membersWrite(ctx: GraphqlContext, groupUrn: string): WriteContext {
  const caller = callerOf(ctx, true);
  if (holdsPrivilege(ctx, caller, MANAGE_USERS_AND_GROUPS)) return writeContext(caller);
  return authorizeMutation(ctx, groupUrn, ['EDIT_GROUP_MEMBERS']);
}

/** The group, checked to exist; whether it is native (its origin is not EXTERNAL). */
function existingGroup(ctx: GraphqlContext, groupUrn: string): { native: boolean } {
  targetUrn(ctx, groupUrn, GROUP);
  if (!ctx.store.entityExists(groupUrn)) throw badRequestError(`input.groupUrn: group ${groupUrn} does not exist`);
  return { native: ctx.store.getAspect(groupUrn, 'origin', 0)?.value.type !== 'EXTERNAL' };
}

/** Each user URN well-formed (upstream does not ask that the user exists). */
function checkUsers(ctx: GraphqlContext, userUrns: readonly string[]): void {
  for (const urn of userUrns) targetUrn(ctx, urn, 'corpuser');
}

/** Adds or removes the group in one membership aspect of each user. */
function changeMembership(
  ctx: GraphqlContext,
  users: readonly string[],
  change: { aspect: string; list: string; group: string; add: boolean },
  write: WriteContext,
): void {
  ctx.store.transaction(() => {
    for (const user of users) {
      const stored = ctx.store.getAspect(user, change.aspect, 0)?.value;
      const groups = new Set(stringsOf(stored?.[change.list]));
      if (change.add) groups.add(change.group);
      else if (!groups.delete(change.group)) continue;
      ctx.store.upsertAspect('corpuser', user, change.aspect, { ...stored, [change.list]: [...groups] }, write);
    }
  });
}

export function addGroupMembers(ctx: GraphqlContext, { input }: MutationAddGroupMembersArgs): boolean {
  const write = membersWrite(ctx, input.groupUrn);
  if (!existingGroup(ctx, input.groupUrn).native)
    throw badRequestError(`input.groupUrn: group ${input.groupUrn} comes from another system; add its members there`);
  checkUsers(ctx, input.userUrns);
  const change = { aspect: 'nativeGroupMembership', list: 'nativeGroups', group: input.groupUrn, add: true };
  changeMembership(ctx, input.userUrns, change, write);
  return true;
}

export function removeGroupMembers(ctx: GraphqlContext, { input }: MutationRemoveGroupMembersArgs): boolean {
  const write = membersWrite(ctx, input.groupUrn);
  const { native } = existingGroup(ctx, input.groupUrn);
  checkUsers(ctx, input.userUrns);
  const change = native
    ? { aspect: 'nativeGroupMembership', list: 'nativeGroups', group: input.groupUrn, add: false }
    : { aspect: 'groupMembership', list: 'groups', group: input.groupUrn, add: false };
  changeMembership(ctx, input.userUrns, change, write);
  return true;
}

export function updateCorpGroupProperties(
  ctx: GraphqlContext,
  view: EntityView,
  { urn, input }: MutationUpdateCorpGroupPropertiesArgs,
): OutputRecord | null {
  targetUrn(ctx, urn, GROUP);
  const caller = callerOf(ctx, true);
  const write = holdsPrivilege(ctx, caller, MANAGE_USERS_AND_GROUPS)
    ? writeContext(caller)
    : authorizeMutation(ctx, urn, ['EDIT_ENTITY_DOCS', 'EDIT_CONTACT_INFO']);
  ctx.store.transaction(() => {
    const next: Record<string, unknown> = { ...ctx.store.getAspect(urn, 'corpGroupEditableInfo', 0)?.value };
    for (const field of ['description', 'slack', 'email', 'pictureLink'] as const)
      if (input[field] != null) next[field] = input[field];
    ctx.store.upsertAspect(GROUP, urn, 'corpGroupEditableInfo', next, { ...write, valueRoot: 'input' });
  });
  return view.entity(urn);
}
