/**
 * Owners (upstream's AddOwnerResolver, AddOwnersResolver, BatchAddOwnersResolver, RemoveOwnerResolver,
 * BatchRemoveOwnersResolver over OwnerUtils): the owner must be of the entity type its
 * ownerEntityType says and exist, the resource must exist, and the ownership type (given, or the
 * system type of the deprecated `type`, NONE by default) must exist. An owner already there with the
 * same ownership type is replaced; removing takes the owner away for one ownership type or for all.
 * The ownership aspect's lastModified names the token's user. An ownership type that does not exist
 * gets OwnerUtils.validateOwner's message (datahub-graphql-core/src/main/java/com/linkedin/datahub/
 * graphql/resolvers/mutate/util/OwnerUtils.java, the version with the `__system__` ownership types):
 * upstream checks only a given ownershipTypeUrn; the system type standing for `type` gets the same words.
 */
import { makeUrn, tryParseUrn } from '../../../spec/index.js';
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import type { WriteContext } from '../../store/types.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect, type ResourceRef } from './resources.js';

export interface OwnerInput {
  ownerUrn: string;
  ownerEntityType: 'CORP_USER' | 'CORP_GROUP';
  type?: string | null;
  ownershipTypeUrn?: string | null;
}

const OWNER_ENTITY: Readonly<Record<OwnerInput['ownerEntityType'], string>> = {
  CORP_USER: 'corpuser',
  CORP_GROUP: 'corpGroup',
};
/** The legacy ownership types that have a system ownership type entity (`__system__<lower case>`). */
const SYSTEM_TYPES: ReadonlySet<string> = new Set(['TECHNICAL_OWNER', 'BUSINESS_OWNER', 'DATA_STEWARD', 'NONE']);
const SYSTEM_PREFIX = '__system__';

export const systemTypeUrn = (ctx: GraphqlContext, type: string): string =>
  makeUrn(ctx.contract.names.urnPrefix, 'ownershipType', [`${SYSTEM_PREFIX}${type.toLowerCase()}`]);

/** The legacy `type` kept beside typeUrn for old readers: a system type's own value, CUSTOM for any other. */
function legacyType(typeUrn: string): string {
  const id = tryParseUrn(typeUrn)?.parts[0] ?? '';
  const system = id.startsWith(SYSTEM_PREFIX) ? id.slice(SYSTEM_PREFIX.length).toUpperCase() : '';
  return SYSTEM_TYPES.has(system) ? system : 'CUSTOM';
}

function validateOwner(ctx: GraphqlContext, owner: OwnerInput): string {
  const expected = OWNER_ENTITY[owner.ownerEntityType];
  if (tryParseUrn(owner.ownerUrn)?.entityType !== expected) {
    const kind = owner.ownerEntityType === 'CORP_GROUP' ? 'corp group' : 'corp user';
    throw badRequestError(
      `Failed to change ownership for resource(s). Expected a ${kind} urn, found ${owner.ownerUrn}.`,
    );
  }
  entityNameOf(ctx, owner.ownerUrn);
  if (!ctx.store.entityExists(owner.ownerUrn))
    throw badRequestError(
      `Failed to change ownership for resource(s). Owner with urn ${owner.ownerUrn} does not exist.`,
    );
  const typeUrn = owner.ownershipTypeUrn ?? systemTypeUrn(ctx, owner.type ?? 'NONE');
  if (tryParseUrn(typeUrn)?.entityType !== 'ownershipType' || !ctx.store.entityExists(typeUrn)) {
    throw badRequestError(
      `Failed to change ownership for resource(s). Custom Ownership type with urn ${typeUrn} does not exist.`,
    );
  }
  return typeUrn;
}

function validateResourceExists(ctx: GraphqlContext, urn: string): void {
  entityNameOf(ctx, urn);
  if (!ctx.store.entityExists(urn))
    throw badRequestError(`Failed to change ownership for resource ${urn}. Resource does not exist.`);
}

const refsOf = (resources: readonly (ResourceRef | null)[]): ResourceRef[] =>
  resources.filter((r): r is ResourceRef => r != null);

export function addOwners(
  ctx: GraphqlContext,
  owners: readonly OwnerInput[],
  resources: readonly (ResourceRef | null)[],
  defaultTypeUrn?: string | null,
): boolean {
  const refs = refsOf(resources);
  const write = authorizeAll(
    ctx,
    refs.map((r) => r.resourceUrn),
    ['EDIT_ENTITY_OWNERS'],
  );
  const typed = owners.map((owner) => ({
    urn: owner.ownerUrn,
    typeUrn: validateOwner(ctx, { ...owner, ownershipTypeUrn: owner.ownershipTypeUrn ?? defaultTypeUrn ?? null }),
  }));
  for (const ref of refs) validateResourceExists(ctx, ref.resourceUrn);
  ctx.store.transaction(() => {
    for (const { resourceUrn } of refs) {
      writeAspect(
        ctx,
        resourceUrn,
        'ownership',
        ownershipWith(ctx, storedCopy(ctx, resourceUrn, 'ownership'), typed, write),
        write,
      );
    }
  });
  return true;
}

/** The ownership aspect with each owner added under its type, replacing the same owner under the same type, a MANUAL source. */
function ownershipWith(
  ctx: GraphqlContext,
  ownership: Record<string, unknown>,
  owners: readonly { urn: string; typeUrn: string }[],
  write: WriteContext,
): Record<string, unknown> {
  let list = objectsOf(ownership.owners);
  for (const { urn, typeUrn } of owners) {
    list = list.filter(
      (o) => !(o.owner === urn && (o.typeUrn ?? systemTypeUrn(ctx, String(o.type ?? 'NONE'))) === typeUrn),
    );
    list.push({ owner: urn, type: legacyType(typeUrn), typeUrn, source: { type: 'MANUAL' } });
  }
  return { ...ownership, owners: list, lastModified: stamp(write) };
}

/**
 * The caller made an owner of an entity it created, as upstream's OwnerUtils.addCreatorAsOwner does:
 * TECHNICAL_OWNER with the system type's typeUrn, NONE when that type entity is missing; with neither,
 * upstream logs the failure and the entity stays without an owner. No check that the caller exists.
 */
export function addCreatorAsOwner(ctx: GraphqlContext, resourceUrn: string, write: WriteContext): void {
  const typeUrn = ['TECHNICAL_OWNER', 'NONE']
    .map((type) => systemTypeUrn(ctx, type))
    .find((urn) => ctx.store.entityExists(urn));
  if (typeUrn === undefined) return;
  writeAspect(
    ctx,
    resourceUrn,
    'ownership',
    ownershipWith(ctx, storedCopy(ctx, resourceUrn, 'ownership'), [{ urn: write.actor, typeUrn }], write),
    write,
  );
}

export function removeOwners(
  ctx: GraphqlContext,
  ownerUrns: readonly string[],
  resources: readonly (ResourceRef | null)[],
  typeUrn?: string | null,
): boolean {
  const refs = refsOf(resources);
  const write = authorizeAll(
    ctx,
    refs.map((r) => r.resourceUrn),
    ['EDIT_ENTITY_OWNERS'],
  );
  for (const ref of refs) validateResourceExists(ctx, ref.resourceUrn);
  ctx.store.transaction(() => {
    for (const { resourceUrn } of refs) {
      const ownership = storedCopy(ctx, resourceUrn, 'ownership');
      const owners = objectsOf(ownership.owners).filter(
        (o) => !(ownerUrns.includes(String(o.owner)) && (typeUrn == null || o.typeUrn === typeUrn)),
      );
      writeAspect(ctx, resourceUrn, 'ownership', { ...ownership, owners, lastModified: stamp(write) }, write);
    }
  });
  return true;
}
