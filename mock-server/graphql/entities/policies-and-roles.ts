/**
 * Policies and roles as upstream maps them (datahub-graphql-core/.../types/policy/DataHubPolicyMapper.java,
 * resolvers/policy/mappers/PolicyInfoPolicyMapper.java, types/role/mappers/DataHubRoleMapper.java, v1.3.0.1):
 * a policy's fields from dataHubPolicyInfo (its name is the displayName; each criterion value with the entity
 * it names; the actors' users, groups, roles and owner types each resolved to its entity), a role's from
 * dataHubRoleInfo. Neither has a record without its info aspect.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { booleanOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

function matchFilterRecord(view: EntityView, filter: JsonObject | undefined): OutputRecord | null {
  if (!filter) return null;
  return view.shapes.record('PolicyMatchFilter', {
    criteria: objectsOf(filter.criteria).map((criterion) =>
      view.shapes.record('PolicyMatchCriterion', {
        field: stringOr(criterion.field) ?? '',
        values: stringsOf(criterion.values).map((value) =>
          view.shapes.record('PolicyMatchCriterionValue', {
            value,
            entity: () => (tryParseUrn(value) && view.store.entityExists(value) ? view.entity(value) : null),
          }),
        ),
        condition: stringOr(criterion.condition) ?? 'EQUALS',
      }),
    ),
  });
}

function resourceFilterRecord(view: EntityView, resources: JsonObject | undefined): OutputRecord | null {
  if (!resources) return null;
  return view.shapes.record('ResourceFilter', {
    type: stringOr(resources.type),
    resources: Array.isArray(resources.resources) ? stringsOf(resources.resources) : null,
    allResources: booleanOr(resources.allResources) ?? false,
    filter: matchFilterRecord(view, objectOf(resources.filter)),
    privilegeConstraints: matchFilterRecord(view, objectOf(resources.privilegeConstraints)),
  });
}

function actorFilterRecord(view: EntityView, actors: JsonObject): OutputRecord {
  const listed = (value: unknown) => (Array.isArray(value) ? stringsOf(value) : null);
  const resolved = (value: unknown) => () => {
    const urns = listed(value);
    return urns && urns.flatMap((urn) => view.entity(urn) ?? []);
  };
  return view.shapes.record('ActorFilter', {
    users: listed(actors.users),
    groups: listed(actors.groups),
    roles: listed(actors.roles),
    resourceOwners: booleanOr(actors.resourceOwners) ?? false,
    resourceOwnersTypes: listed(actors.resourceOwnersTypes),
    resolvedOwnershipTypes: resolved(actors.resourceOwnersTypes),
    allUsers: booleanOr(actors.allUsers) ?? false,
    allGroups: booleanOr(actors.allGroups) ?? false,
    resolvedUsers: resolved(actors.users),
    resolvedGroups: resolved(actors.groups),
    resolvedRoles: resolved(actors.roles),
  });
}

/** The fields a Policy and a DataHubPolicy share, from a stored dataHubPolicyInfo. */
function policyFields(view: EntityView, info: JsonObject): Record<string, unknown> {
  return {
    name: stringOr(info.displayName) ?? '',
    state: stringOr(info.state) ?? 'ACTIVE',
    description: stringOr(info.description),
    resources: resourceFilterRecord(view, objectOf(info.resources)),
    privileges: stringsOf(info.privileges),
    actors: actorFilterRecord(view, objectOf(info.actors) ?? {}),
    editable: booleanOr(info.editable) ?? true,
  };
}

/** A stored policy as the policies screen lists it (type Policy); null without its info. */
export function policyRecord(view: EntityView, urn: string): OutputRecord | null {
  const info = view.aspectsOf(urn).aspect('dataHubPolicyInfo');
  if (!info) return null;
  return view.shapes.record('Policy', { urn, type: stringOr(info.type) ?? 'METADATA', ...policyFields(view, info) });
}

export function dataHubPolicyRecord(view: EntityView, urn: string): OutputRecord | null {
  const info = view.aspectsOf(urn).aspect('dataHubPolicyInfo');
  if (!info) return null;
  return view.shapes.record('DataHubPolicy', {
    urn,
    type: 'DATAHUB_POLICY',
    policyType: stringOr(info.type) ?? 'METADATA',
    ...policyFields(view, info),
    relationships: relationshipsOf(view, urn),
  });
}
