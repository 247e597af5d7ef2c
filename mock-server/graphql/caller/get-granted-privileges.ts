/**
 * `getGrantedPrivileges` (upstream's GetGrantedPrivilegesResolver): what the default policies grant a user,
 * over the platform or over one resource. A caller may ask about itself, or about anyone when it may manage
 * policies; otherwise UNAUTHORIZED, as upstream. A resource URN that is not a URN is a BAD_REQUEST naming it.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { QueryGetGrantedPrivilegesArgs } from '../../../generated/graphql/resolvers.js';
import { callerOf, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError, CatalogGraphqlError, UNAUTHORIZED_MESSAGE } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { actorNamed, actorOf, grantedPrivileges } from './granted-privileges.js';

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
  const asker = actorOf(caller);
  const self = input.actorUrn === caller.user;
  if (!self && ctx.auth.mode !== 'off' && !grantedPrivileges(ctx, asker).includes('MANAGE_POLICIES'))
    throw new CatalogGraphqlError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  const actor = self ? asker : actorNamed(ctx, input.actorUrn);
  return view.shapes.record('Privileges', { privileges: grantedPrivileges(ctx, actor, resourceUrn) });
}
