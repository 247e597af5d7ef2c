/**
 * The privileges the default policies grant an actor (upstream's DataHubAuthorizer and PolicyEngine over the
 * policies of boot/policies.json, default-policies.ts): a policy applies to every user, to the holders of a
 * built-in role, to named users, or to a resource's owners, and grants its privileges where its resources
 * match (grantedPrivileges). The mock's token
 * roles are upstream's built-in roles: `admin` is Admin, `reader` Reader.
 */
import { tryParseUrn, urnLastPart } from '../../../spec/index.js';
import type { Caller } from '../../auth/bearer-auth.js';
import type { GraphqlContext } from '../context.js';
import { objectOf, stringOr } from '../json-values.js';
import { DEFAULT_POLICIES, type DefaultPolicy } from './default-policies.js';

/** The built-in role of each of the mock's token roles. */
const BUILT_IN_ROLE: Readonly<Record<string, string>> = { admin: 'Admin', reader: 'Reader' };

/** An actor and the built-in role it holds, if any. */
export interface Actor {
  urn: string;
  role: string | undefined;
}

export const actorOf = (caller: Caller): Actor => ({ urn: caller.user, role: BUILT_IN_ROLE[caller.role] });

/** The role of a user as the mock knows it: the role of a token granted to that user; none for other users. */
export function actorNamed(ctx: GraphqlContext, urn: string): Actor {
  for (const grant of ctx.auth.tokens.values()) if (grant.user === urn) return { urn, role: BUILT_IN_ROLE[grant.role] };
  return { urn, role: undefined };
}

const appliesTo = (policy: DefaultPolicy, actor: Actor): boolean =>
  policy.allUsers ||
  (actor.role !== undefined && policy.roles.includes(actor.role)) ||
  policy.users.includes(urnLastPart(actor.urn));

/** Whether the actor is one of the resource's owners (its ownership aspect). */
function owns(ctx: GraphqlContext, actor: Actor, resourceUrn: string): boolean {
  const owners = ctx.store.getAspect(resourceUrn, 'ownership', 0)?.value.owners;
  return Array.isArray(owners) && owners.some((owner) => stringOr(objectOf(owner)?.owner) === actor.urn);
}

/**
 * The privileges granted without a resource, or over one resource, each once, in policy order (upstream's
 * PolicyEngine.isResourceMatch): a platform policy matches any request, a metadata policy without a resource
 * filter too, one with a filter (entity types here) only a resource it covers, and the owners' policy only a
 * resource the actor owns.
 */
export function grantedPrivileges(ctx: GraphqlContext, actor: Actor, resourceUrn?: string): string[] {
  const resourceType = resourceUrn === undefined ? undefined : tryParseUrn(resourceUrn)?.entityType;
  const granted = new Set<string>();
  for (const policy of DEFAULT_POLICIES) {
    if (policy.resourceOwners) {
      if (resourceUrn === undefined || !owns(ctx, actor, resourceUrn)) continue;
    } else if (!appliesTo(policy, actor)) continue;
    if (
      policy.type === 'METADATA' &&
      policy.resourceTypes &&
      (resourceType === undefined || !policy.resourceTypes.includes(resourceType))
    )
      continue;
    for (const privilege of policy.privileges) granted.add(privilege);
  }
  return [...granted];
}

/** Whether any metadata policy grants the actor a privilege over every resource of an entity type. */
export function grantsOverEntityType(actor: Actor, privilege: string, entityType: string): boolean {
  return DEFAULT_POLICIES.some(
    (policy) =>
      policy.type === 'METADATA' &&
      !policy.resourceOwners &&
      appliesTo(policy, actor) &&
      (policy.resourceTypes === null || policy.resourceTypes.includes(entityType)) &&
      policy.privileges.includes(privilege),
  );
}
