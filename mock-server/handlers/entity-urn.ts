/**
 * The entity a URN or an entity name designates, for handlers: the store's checks (malformed URN,
 * URN of another namespace, entity type the registry does not know: 400), with the message naming
 * the request field that carried the value.
 */
import type { Contract, EntitySpec } from '../../spec/index.js';
import { RestliError } from '../errors.js';
import { entityNamed as registryEntity, parseContractUrn } from '../store/entity-urn.js';

function atField<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof RestliError)) throw error;
    throw new RestliError(error.status, `${field}: ${error.message.replace(/^urn: /, '')}`);
  }
}

export function entityOf(contract: Contract, urn: string, field: string): EntitySpec {
  return atField(field, () => registryEntity(contract, parseContractUrn(contract, urn).entityType));
}

/** Entity names are looked up case-insensitively, as upstream's registry does. */
export function entityNamed(contract: Contract, name: string, field: string): EntitySpec {
  return atField(field, () => registryEntity(contract, name));
}
