/**
 * `getGrantedPrivileges` (upstream's GetGrantedPrivilegesResolver): what the stored policies grant a user,
 * over the platform or over one resource. A caller may ask about itself, or about anyone when it may manage
 * policies; otherwise UNAUTHORIZED, as upstream. A resource URN that is not a URN is a BAD_REQUEST naming it.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { QueryGetGrantedPrivilegesArgs } from '../../../generated/graphql/resolvers.js';
import { callerOf, holdsPrivilege, unauthorized, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { actorOf, grantedPrivileges } from '../policy-engine.js';
import type { OutputRecord } from '../records.js';

export function getGrantedPrivileges(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryGetGrantedPrivilegesArgs,
): OutputRecord {
  if (!tryParseUrn(input.actorUrn)) throw badRequestError(`input.actorUrn: '${input.actorUrn}' is not a URN`);
  const resourceUrn = input.resourceSpec?.resourceUrn;
  if (resourceUrn !== undefined && !tryParseUrn(resourceUrn))
    throw badRequestError(`input.resourceSpec.resourceUrn: '${resourceUrn}' is not a URN`);
  const caller = callerOf(ctx);
  if (input.actorUrn !== caller.user && !holdsPrivilege(ctx, caller, ['MANAGE_POLICIES'])) throw unauthorized();
  const actor = actorOf(ctx.store, input.actorUrn);
  return view.shapes.record('Privileges', { privileges: grantedPrivileges(ctx.store, actor, resourceUrn) });
}
