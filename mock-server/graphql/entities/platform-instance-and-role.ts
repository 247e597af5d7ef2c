/**
 * A data platform instance (upstream's DataPlatformInstanceMapper,
 * datahub-graphql-core/.../types/dataplatforminstance/mappers/, v1.3.0.1): platform and instance id from the
 * URN (its key), properties from dataPlatformInstanceProperties, and ownership, tags, links, deprecation and
 * status. An external role (upstream's RoleMapper, .../types/rolemetadata/mappers/RoleMapper.java): its id
 * from the URN, properties from roleProperties; `isAssignedToMe` (upstream's IsAssignedToMeResolver) is whether
 * the caller (the token's user; anonymous without one) is among the users of its actors aspect, or among the
 * members of one of its groups (the user's groupMembership and nativeGroupMembership, as GroupService reads them).
 */
import { tryParseUrn, urnLastPart } from '../../../spec/index.js';
import { customPropertiesRecords } from '../aspect-records.js';
import { callerOf, type GraphqlContext } from '../context.js';
import { objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

export function dataPlatformInstanceRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [platform = '', instanceId = ''] = tryParseUrn(urn)?.parts ?? [];
  return view.shapes.recordWithShared('DataPlatformInstance', pageFields(view, urn, stored), {
    urn,
    type: 'DATA_PLATFORM_INSTANCE',
    platform: () => view.dataPlatform(platform),
    instanceId,
    properties: () => {
      const properties = stored.aspect('dataPlatformInstanceProperties');
      return properties
        ? view.shapes.record('DataPlatformInstanceProperties', {
            name: stringOr(properties.name),
            description: stringOr(properties.description),
            customProperties: customPropertiesRecords(view, properties.customProperties, urn),
            externalUrl: stringOr(properties.externalUrl),
          })
        : null;
    },
  });
}

function isAssigned(view: EntityView, actors: JsonObject | undefined, user: string): boolean {
  if (objectsOf(actors?.users).some((assigned) => assigned.user === user)) return true;
  const groups = new Set(objectsOf(actors?.groups).flatMap((assigned) => stringOr(assigned.group) ?? []));
  if (groups.size === 0) return false;
  const membership = ['groupMembership', 'nativeGroupMembership'].flatMap((aspect) =>
    stringsOf(view.store.getAspect(user, aspect, 0)?.value.groups),
  );
  return membership.some((group) => groups.has(group));
}

export function roleRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.record('Role', {
    urn,
    type: 'ROLE',
    id: urnLastPart(urn),
    relationships: relationshipsOf(view, urn),
    properties: () => {
      const properties = stored.aspect('roleProperties');
      return properties
        ? view.shapes.record('RoleProperties', {
            name: stringOr(properties.name) ?? '',
            description: stringOr(properties.description),
            type: stringOr(properties.type),
            requestUrl: stringOr(properties.requestUrl),
          })
        : null;
    },
    isAssignedToMe: (_args: unknown, ctx: GraphqlContext) =>
      isAssigned(view, stored.aspect('actors'), callerOf(ctx).user),
  });
}
