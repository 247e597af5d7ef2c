/**
 * Resolving the entity of a URN against the registry, and the key aspect a URN stands for.
 * Upstream builds the key aspect from the URN on the first write and for reads of unknown URNs.
 */
import {
  parseUrn,
  tryParseUrn,
  UrnSyntaxError,
  type Contract,
  type EntitySpec,
  type ParsedUrn,
} from '../../spec/index.js';
import { badRequest } from '../errors.js';

/** Upstream's system actor, the creator of the key aspects it synthesises. */
export function systemActor(contract: Contract): string {
  return `${contract.names.urnPrefix}corpuser:__datahub_system`;
}

/** The registry entry of an entity name (case-insensitive, as upstream's registry); 400 when unknown. */
export function entityNamed(contract: Contract, name: string): EntitySpec {
  const entity = contract.entity(name);
  if (!entity) throw badRequest(`Failed to find entity with name ${name} in EntityRegistry`);
  return entity;
}

/** Parses a URN of this contract's namespace; 400 naming the URN when it is malformed. */
export function parseContractUrn(contract: Contract, urn: string): ParsedUrn {
  let parsed: ParsedUrn;
  try {
    parsed = parseUrn(urn);
  } catch (error) {
    if (error instanceof UrnSyntaxError) throw badRequest(`urn: ${error.message}`);
    throw error;
  }
  if (parsed.namespace !== contract.names.namespace) {
    const expected = `expected a URN starting with ${contract.names.urnPrefix}`;
    throw badRequest(`urn: '${urn}' is not in namespace '${contract.names.namespace}' (${expected})`);
  }
  return parsed;
}

/** The entity of a URN, checked against the entity type the caller names when it names one. */
export function entityOfUrn(
  contract: Contract,
  urn: string,
  entityType?: string,
): { entity: EntitySpec; parsed: ParsedUrn } {
  const parsed = parseContractUrn(contract, urn);
  const entity = entityNamed(contract, parsed.entityType);
  if (entityType !== undefined && entityNamed(contract, entityType) !== entity) {
    throw badRequest(`urn: '${urn}' is a URN of entity type ${entity.name}, not ${entityType}`);
  }
  if (parsed.parts.length !== entity.urnKey.length) {
    const expected = `a ${entity.name} URN has ${entity.urnKey.length} (${entity.urnKey.join(', ')})`;
    throw badRequest(`urn: '${urn}' has ${parsed.parts.length} key part(s); ${expected}`);
  }
  return { entity, parsed };
}

/** The key fields of a parsed URN, by key field name, as strings. */
export function keyFields(entity: EntitySpec, parsed: ParsedUrn): Record<string, string> {
  const fields: Record<string, string> = {};
  entity.urnKey.forEach((field, i) => {
    const part = parsed.parts[i];
    if (part !== undefined) fields[field] = part;
  });
  return fields;
}

/** The key aspect of a URN: its key fields (every key field of the registry's keys is a string). */
export function keyAspectOf(contract: Contract, urn: string): { aspect: string; value: Record<string, unknown> } {
  const { entity, parsed } = entityOfUrn(contract, urn);
  return { aspect: entity.keyAspect, value: keyFields(entity, parsed) };
}

/** The entity type of a URN-valued string, or undefined when it is not a URN. */
export function entityTypeOf(urn: unknown): string | undefined {
  return typeof urn === 'string' ? tryParseUrn(urn)?.entityType : undefined;
}
