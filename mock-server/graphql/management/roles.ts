/**
 * Roles and invitations, as upstream's role resolvers do them (datahub-graphql-core/.../resolvers/role/
 * ListRolesResolver.java, BatchAssignRoleResolver.java, CreateInviteTokenResolver.java,
 * GetInviteTokenResolver.java, AcceptRoleResolver.java; metadata-service/auth-impl/.../RoleService.java and
 * InviteTokenService.java, v1.3.0.1):
 * - listRoles: the stored roles matching the query, by name; anyone may list them;
 * - batchAssignRole (MANAGE_POLICIES): each actor's roleMembership becomes the role, or no role when none is
 *   given; the role must be stored and each actor a user or group; all or none;
 * - an invite token is stored as `inviteToken:<SHA-256 of the token>` with the token encrypted and its role:
 *   createInviteToken (MANAGE_POLICIES) makes a new one, getInviteToken (MANAGE_POLICIES) gives the role's
 *   existing one or makes it; acceptRole gives the caller the token's role (an unknown token is a BAD_REQUEST).
 */
import type {
  MutationAcceptRoleArgs,
  MutationBatchAssignRoleArgs,
  MutationCreateInviteTokenArgs,
  QueryGetInviteTokenArgs,
  QueryListRolesArgs,
} from '../../../generated/graphql/resolvers.js';
import type { WriteContext } from '../../store/types.js';
import { authorizePlatform, callerOf, holdsPrivilege, unauthorized, type GraphqlContext } from '../context.js';
import { dataHubRoleRecord } from '../entities/datahub-role.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { decrypt, digestOf, encrypt, randomToken } from './cipher.js';
import { matchesQuery, pageOf } from './lists.js';
import { MANAGE_POLICIES } from './policies.js';
import { newUrn, storedOf } from './stored-entities.js';
import { writeContext } from '../../handlers/context.js';

const ROLE = 'dataHubRole';
const INVITE = 'inviteToken';

export function listRoles(view: EntityView, ctx: GraphqlContext, { input }: QueryListRolesArgs): OutputRecord {
  const roles = storedOf(ctx, ROLE, 'dataHubRoleInfo')
    .filter(({ value }) => matchesQuery(input.query, value.name, value.description))
    .sort((a, b) => String(a.value.name).localeCompare(String(b.value.name)));
  const page = pageOf(roles, input);
  return view.shapes.record('ListRolesResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    roles: page.items.flatMap(({ urn }) => dataHubRoleRecord(view, urn) ?? []),
  });
}

/** A role URN that names a stored role (BAD_REQUEST otherwise). */
function storedRole(ctx: GraphqlContext, roleUrn: string, at: string): string {
  targetUrn(ctx, roleUrn, ROLE);
  if (!ctx.store.getAspect(roleUrn, 'dataHubRoleInfo', 0))
    throw badRequestError(`${at}: role ${roleUrn} does not exist`);
  return roleUrn;
}

function assignRole(ctx: GraphqlContext, actor: string, roleUrn: string | null, write: WriteContext): void {
  const entity = targetUrn(ctx, actor).entity.name;
  ctx.store.upsertAspect(entity, actor, 'roleMembership', { roles: roleUrn ? [roleUrn] : [] }, write);
}

export function batchAssignRole(ctx: GraphqlContext, { input }: MutationBatchAssignRoleArgs): boolean {
  const write = authorizePlatform(ctx, MANAGE_POLICIES);
  const role = input.roleUrn ? storedRole(ctx, input.roleUrn, 'input.roleUrn') : null;
  input.actors.forEach((actor, i) => {
    const entity = targetUrn(ctx, actor).entity.name;
    if (entity !== 'corpuser' && entity !== 'corpGroup')
      throw badRequestError(`input.actors[${i}]: '${actor}' is neither a user nor a group`);
  });
  ctx.store.transaction(() => {
    for (const actor of input.actors) assignRole(ctx, actor, role, write);
  });
  return true;
}

function createToken(ctx: GraphqlContext, roleUrn: string | null, write: WriteContext): string {
  const token = randomToken();
  const aspect: Record<string, unknown> = { token: encrypt(token) };
  if (roleUrn) aspect.role = roleUrn;
  ctx.store.upsertAspect(INVITE, newUrn(ctx, INVITE, digestOf(token)), INVITE, aspect, write);
  return token;
}

function inviteTokenRecord(view: EntityView, token: string): OutputRecord {
  return view.shapes.record('InviteToken', { inviteToken: token });
}

export function createInviteToken(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationCreateInviteTokenArgs,
): OutputRecord {
  const write = authorizePlatform(ctx, MANAGE_POLICIES);
  const role = input.roleUrn ? storedRole(ctx, input.roleUrn, 'input.roleUrn') : null;
  return inviteTokenRecord(view, createToken(ctx, role, write));
}

export function getInviteToken(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryGetInviteTokenArgs,
): OutputRecord {
  const caller = callerOf(ctx, true);
  if (!holdsPrivilege(ctx, caller, MANAGE_POLICIES)) throw unauthorized();
  const role = input.roleUrn ? storedRole(ctx, input.roleUrn, 'input.roleUrn') : null;
  for (const { value } of storedOf(ctx, INVITE, INVITE)) {
    if ((stringOr(value.role) ?? null) !== role) continue;
    const token = decrypt(String(value.token));
    if (token !== undefined) return inviteTokenRecord(view, token);
  }
  return inviteTokenRecord(view, createToken(ctx, role, writeContext(caller)));
}

export function acceptRole(ctx: GraphqlContext, { input }: MutationAcceptRoleArgs): boolean {
  const caller = callerOf(ctx, true);
  const stored = ctx.store.getAspect(newUrn(ctx, INVITE, digestOf(input.inviteToken)), INVITE, 0)?.value;
  if (!stored) throw badRequestError(`input.inviteToken: invite token ${input.inviteToken} is invalid`);
  const role = stringOr(stored.role);
  if (role) assignRole(ctx, caller.user, role, writeContext(caller));
  return true;
}
