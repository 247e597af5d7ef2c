/**
 * The privileges the stored policies grant an actor, evaluated as upstream's authorizer does
 * (metadata-service/auth-impl/.../authorization/DataHubAuthorizer.java and PolicyEngine.java, v1.3.0.1), on
 * every request from what is stored, so a changed policy or role assignment counts at once:
 * - the policies are every dataHubPolicyInfo stored; only an ACTIVE one grants anything;
 * - an actor is a user with its groups (groupMembership, nativeGroupMembership) and its roles (its own
 *   roleMembership and its groups'); a policy applies to it when its actor filter names the user, every user,
 *   one of its groups or every group (when it has one), one of its roles, or the resource's owners (where the
 *   actor or one of its groups owns the resource, of the owner types named when some are);
 * - a PLATFORM policy and a policy without a resource filter match any request; a filter matches only a
 *   resource every criterion holds for (RESOURCE_TYPE/TYPE, RESOURCE_URN/URN, DOMAIN, CONTAINER, TAG; EQUALS,
 *   STARTS_WITH or NOT_EQUALS), and the deprecated `type`/`resources`/`allResources` fields are read as upstream
 *   reads them.
 * The boot step that stores the defaults is `../ingest/system-policies.ts`.
 */
import { tryParseUrn } from '../../spec/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { listOf, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from './json-values.js';

/** A user, the groups it belongs to and the roles it holds, directly or through a group. */
export interface Actor {
  urn: string;
  groups: readonly string[];
  roles: readonly string[];
}

export interface StoredPolicy {
  urn: string;
  info: JsonObject;
}

/** Every stored policy, by URN (DataHubAuthorizer caches them all; the mock reads them at each request). */
export function storedPolicies(store: CatalogStore): StoredPolicy[] {
  return store.latestOfAspect('dataHubPolicy', 'dataHubPolicyInfo').map(({ urn, value }) => ({ urn, info: value }));
}

/** The roles held through a roleMembership aspect. */
const rolesOf = (store: CatalogStore, urn: string): string[] =>
  stringsOf(store.getAspect(urn, 'roleMembership', 0)?.value.roles);

/** The user with its groups and roles, as stored now. */
export function actorOf(store: CatalogStore, urn: string): Actor {
  const groups = new Set([
    ...stringsOf(store.getAspect(urn, 'groupMembership', 0)?.value.groups),
    ...stringsOf(store.getAspect(urn, 'nativeGroupMembership', 0)?.value.nativeGroups),
  ]);
  const roles = new Set(rolesOf(store, urn));
  for (const group of groups) for (const role of rolesOf(store, group)) roles.add(role);
  return { urn, groups: [...groups], roles: [...roles] };
}

/** Whether the actor (or one of its groups) owns the resource, of one of `types` when any are named. */
export function owns(store: CatalogStore, actor: Actor, resourceUrn: string, types: readonly string[]): boolean {
  const owners = objectsOf(store.getAspect(resourceUrn, 'ownership', 0)?.value.owners);
  return owners.some((owner) => {
    const who = stringOr(owner.owner);
    if (who === null || (who !== actor.urn && !actor.groups.includes(who))) return false;
    return types.length === 0 || types.includes(stringOr(owner.typeUrn) ?? '');
  });
}

/** PolicyEngine.isActorMatch: any of the filter's kinds of actor. */
function actorMatches(store: CatalogStore, actors: JsonObject, actor: Actor, resourceUrn: string | undefined): boolean {
  if (actors.allUsers === true || stringsOf(actors.users).includes(actor.urn)) return true;
  if (actors.allGroups === true && actor.groups.length > 0) return true;
  if (stringsOf(actors.groups).some((group) => actor.groups.includes(group))) return true;
  if (stringsOf(actors.roles).some((role) => actor.roles.includes(role))) return true;
  return (
    actors.resourceOwners === true &&
    resourceUrn !== undefined &&
    owns(store, actor, resourceUrn, stringsOf(actors.resourceOwnersTypes))
  );
}

/** The values of a resource a criterion's field names. */
function fieldValues(store: CatalogStore, field: string, resourceUrn: string): string[] {
  switch (field) {
    case 'TYPE':
    case 'RESOURCE_TYPE': {
      const type = tryParseUrn(resourceUrn)?.entityType;
      return type ? [type] : [];
    }
    case 'URN':
    case 'RESOURCE_URN':
      return [resourceUrn];
    case 'DOMAIN':
      return stringsOf(store.getAspect(resourceUrn, 'domains', 0)?.value.domains);
    case 'CONTAINER': {
      const container = stringOr(store.getAspect(resourceUrn, 'container', 0)?.value.container);
      return container ? [container] : [];
    }
    case 'TAG':
      return objectsOf(store.getAspect(resourceUrn, 'globalTags', 0)?.value.tags).flatMap((tag) =>
        typeof tag.tag === 'string' ? [tag.tag] : [],
      );
    default:
      return [];
  }
}

function criterionHolds(store: CatalogStore, criterion: JsonObject, resourceUrn: string): boolean {
  const have = fieldValues(store, stringOr(criterion.field) ?? '', resourceUrn);
  const wanted = stringsOf(criterion.values);
  switch (criterion.condition ?? 'EQUALS') {
    case 'STARTS_WITH':
      return have.some((value) => wanted.some((prefix) => value.startsWith(prefix)));
    case 'NOT_EQUALS':
      return !have.some((value) => wanted.includes(value));
    default:
      return have.some((value) => wanted.includes(value));
  }
}

/** PolicyEngine.isResourceMatch. */
function resourceMatches(store: CatalogStore, info: JsonObject, resourceUrn: string | undefined): boolean {
  if (info.type === 'PLATFORM') return true;
  const resources = objectOf(info.resources);
  if (!resources) return true;
  if (resourceUrn === undefined) return false;
  const filter = objectOf(resources.filter);
  if (filter) return objectsOf(filter.criteria).every((criterion) => criterionHolds(store, criterion, resourceUrn));
  if (resources.allResources === true) return true;
  // The deprecated form: a resource type, and either every resource of it or the URNs listed.
  const type = stringOr(resources.type);
  if (type !== null && tryParseUrn(resourceUrn)?.entityType !== type) return false;
  return (
    stringsOf(resources.resources).includes(resourceUrn) || (type !== null && listOf(resources.resources).length === 0)
  );
}

/** The privileges granted without a resource, or over one resource, each once, in the order of the policies. */
export function grantedPrivileges(store: CatalogStore, actor: Actor, resourceUrn?: string): string[] {
  const granted = new Set<string>();
  for (const { info } of storedPolicies(store)) {
    if (info.state !== 'ACTIVE') continue;
    if (!actorMatches(store, objectOf(info.actors) ?? {}, actor, resourceUrn)) continue;
    if (!resourceMatches(store, info, resourceUrn)) continue;
    for (const privilege of stringsOf(info.privileges)) granted.add(privilege);
  }
  return [...granted];
}

/**
 * Whether an active metadata policy grants the actor a privilege over every resource of an entity type (no
 * resource filter, or one whose only criteria are resource types including it), not as an owner.
 */
export function grantsOverEntityType(
  store: CatalogStore,
  actor: Actor,
  privilege: string,
  entityType: string,
): boolean {
  return storedPolicies(store).some(({ info }) => {
    if (info.state !== 'ACTIVE' || info.type !== 'METADATA' || !stringsOf(info.privileges).includes(privilege))
      return false;
    const actors = objectOf(info.actors) ?? {};
    if (!actorMatches(store, { ...actors, resourceOwners: false }, actor, undefined)) return false;
    const resources = objectOf(info.resources);
    if (!resources || resources.allResources === true) return true;
    const criteria = objectsOf(objectOf(resources.filter)?.criteria);
    return (
      criteria.length > 0 &&
      criteria.every(
        (c) => (c.field === 'RESOURCE_TYPE' || c.field === 'TYPE') && stringsOf(c.values).includes(entityType),
      )
    );
  });
}
