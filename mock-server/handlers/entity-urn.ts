/**
 * The entity a URN or an entity name designates, for handlers: the store's checks (malformed URN,
 * URN of another namespace, entity type the registry does not know, wrong number of key parts: 400), with the message naming
 * the request field that carried the value.
 */
import type { Contract, EntitySpec } from '../../spec/index.js';
import { atField } from '../errors.js';
import { entityNamed as registryEntity, entityOfUrn } from '../store/entity-urn.js';

/** The entity of a URN, by the same checks as the store's (syntax, namespace, entity type, key parts). */
export function entityOf(contract: Contract, urn: string, field: string): EntitySpec {
  return atField(field, () => entityOfUrn(contract, urn).entity);
}

/** Entity names are looked up case-insensitively, as upstream's registry does. */
export function entityNamed(contract: Contract, name: string, field: string): EntitySpec {
  return atField(field, () => registryEntity(contract, name));
}
