/**
 * The policies screen, as upstream's policy resolvers do it (datahub-graphql-core/.../resolvers/policy/
 * ListPoliciesResolver.java, UpsertPolicyResolver.java, DeletePolicyResolver.java, mappers/
 * PolicyUpdateInputInfoMapper.java, v1.3.0.1), each needing MANAGE_POLICIES (PolicyAuthUtils.canManagePolicies):
 * - listPolicies: the stored policies matching the query (name, description) and any of the `orFilters` (each
 *   an AND of field filters on the policy's indexed fields: type, state, editable, privileges, users, groups,
 *   roles), by name;
 * - createPolicy writes dataHubPolicyInfo at `dataHubPolicy:<random UUID>`, updatePolicy replaces it at the URN
 *   given, both editable and stamped now; deletePolicy deletes the policy. Each answers the policy's URN, and
 *   the next request is evaluated under the change (../policy-engine.ts reads the policies at each request).
 */
import { tryParseUrn } from '../../../spec/index.js';
import type {
  ActorFilterInput,
  AndFilterInput,
  MutationCreatePolicyArgs,
  MutationDeletePolicyArgs,
  MutationUpdatePolicyArgs,
  PolicyMatchFilterInput,
  PolicyUpdateInput,
  QueryListPoliciesArgs,
  ResourceFilterInput,
} from '../../../generated/graphql/resolvers.js';
import { authorizePlatform, callerOf, holdsPrivilege, unauthorized, type GraphqlContext } from '../context.js';
import { policyRecord } from '../entities/policies-and-roles.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { matchesQuery, pageOf } from './lists.js';
import { newUrn, removeEntity, storedOf } from './stored-entities.js';

const ENTITY = 'dataHubPolicy';
const ASPECT = 'dataHubPolicyInfo';
export const MANAGE_POLICIES = ['MANAGE_POLICIES'];

/** The values of a policy's indexed field a filter names. */
function fieldOf(info: JsonObject, field: string): string[] {
  const actors = objectOf(info.actors) ?? {};
  switch (field) {
    case 'type':
    case 'state':
      return typeof info[field] === 'string' ? [info[field] as string] : [];
    case 'editable':
      return [String(info.editable !== false)];
    case 'privileges':
      return stringsOf(info.privileges);
    case 'users':
    case 'groups':
    case 'roles':
      return stringsOf(actors[field]);
    case 'allUsers':
    case 'allGroups':
      return [String(actors[field] === true)];
    default:
      return [];
  }
}

function passesFilters(info: JsonObject, orFilters: readonly AndFilterInput[] | null | undefined): boolean {
  if (!orFilters?.length) return true;
  return orFilters.some(({ and }) =>
    (and ?? []).every((filter) => {
      const wanted = filter.values ?? (filter.value != null ? [filter.value] : []);
      const held = fieldOf(info, filter.field).some((value) => wanted.includes(value));
      return filter.negated ? !held : held;
    }),
  );
}

export function listPolicies(ctx: GraphqlContext, view: EntityView, { input }: QueryListPoliciesArgs): OutputRecord {
  if (!holdsPrivilege(ctx, callerOf(ctx, true), MANAGE_POLICIES)) throw unauthorized();
  const policies = storedOf(ctx, ENTITY, ASPECT)
    .filter(({ value }) => matchesQuery(input.query, value.displayName, value.description))
    .filter(({ value }) => passesFilters(value, input.orFilters))
    .sort((a, b) => String(a.value.displayName).localeCompare(String(b.value.displayName)));
  const page = pageOf(policies, input);
  return view.shapes.record('ListPoliciesResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    policies: page.items.flatMap(({ urn }) => policyRecord(view, urn) ?? []),
  });
}

/** Each URN of a list, checked (a BAD_REQUEST naming the one that is not a URN). */
function urns(values: readonly string[] | null | undefined, at: string): string[] | undefined {
  if (values == null) return undefined;
  values.forEach((value, i) => {
    if (!tryParseUrn(value)) throw badRequestError(`${at}[${i}]: '${value}' is not a URN`);
  });
  return [...values];
}

function matchFilterOf(filter: PolicyMatchFilterInput | null | undefined): JsonObject | undefined {
  if (!filter) return undefined;
  return {
    criteria: (filter.criteria ?? []).map(({ field, values, condition }) => ({
      field,
      values: [...values],
      condition,
    })),
  };
}

function resourcesOf(resources: ResourceFilterInput | null | undefined): JsonObject | undefined {
  if (!resources) return undefined;
  const stored: JsonObject = { allResources: resources.allResources ?? false };
  if (resources.type != null) stored.type = resources.type;
  if (resources.resources != null) stored.resources = [...resources.resources];
  const filter = matchFilterOf(resources.filter);
  if (filter) stored.filter = filter;
  const constraints = matchFilterOf(resources.privilegeConstraints);
  if (constraints) stored.privilegeConstraints = constraints;
  return stored;
}

function actorsOf(actors: ActorFilterInput): JsonObject {
  const stored: JsonObject = {
    resourceOwners: actors.resourceOwners,
    allUsers: actors.allUsers,
    allGroups: actors.allGroups,
  };
  const users = urns(actors.users, 'input.actors.users');
  if (users) stored.users = users;
  const groups = urns(actors.groups, 'input.actors.groups');
  if (groups) stored.groups = groups;
  const types = urns(actors.resourceOwnersTypes, 'input.actors.resourceOwnersTypes');
  if (types) stored.resourceOwnersTypes = types;
  return stored;
}

/** PolicyUpdateInputInfoMapper: the input as dataHubPolicyInfo. */
function policyInfoOf(input: PolicyUpdateInput, now: number): JsonObject {
  const info: JsonObject = {
    displayName: input.name,
    description: input.description ?? '',
    type: input.type,
    state: input.state,
    privileges: [...input.privileges],
    actors: actorsOf(input.actors),
    editable: true,
    lastUpdatedTimestamp: now,
  };
  const resources = resourcesOf(input.resources);
  if (resources) info.resources = resources;
  return info;
}

function upsertPolicy(ctx: GraphqlContext, urn: string | undefined, input: PolicyUpdateInput): string {
  const write = authorizePlatform(ctx, MANAGE_POLICIES);
  const target = urn ?? newUrn(ctx, ENTITY);
  targetUrn(ctx, target, ENTITY);
  ctx.store.upsertAspect(ENTITY, target, ASPECT, policyInfoOf(input, write.now), { ...write, valueRoot: 'input' });
  return target;
}

export const createPolicy = (ctx: GraphqlContext, { input }: MutationCreatePolicyArgs): string =>
  upsertPolicy(ctx, undefined, input);

export const updatePolicy = (ctx: GraphqlContext, { urn, input }: MutationUpdatePolicyArgs): string =>
  upsertPolicy(ctx, urn, input);

export function deletePolicy(ctx: GraphqlContext, { urn }: MutationDeletePolicyArgs): string {
  const write = authorizePlatform(ctx, MANAGE_POLICIES);
  removeEntity(ctx, ENTITY, urn, write);
  return urn;
}
