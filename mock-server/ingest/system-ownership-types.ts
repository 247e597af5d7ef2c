/**
 * The ownership types a fresh upstream deployment boots with (the IngestOwnershipTypesStep of
 * metadata-service, from boot/ownership_types.json; the ids are the `__system__` ones the owner
 * mutations and ingestion name): an owner's `typeUrn` and the `ownershipTypeUrn` of addOwner refer
 * to them, so they are part of the start-up state whether or not the sample catalog is loaded.
 */
import { makeUrn, type Contract } from '../../spec/index.js';
import type { StartupProposal } from './startup-data.js';
import { systemActor } from '../store/entity-urn.js';

const SYSTEM_TYPES: readonly { id: string; name: string; description: string }[] = [
  {
    id: '__system__technical_owner',
    name: 'Technical Owner',
    description: 'Involved in the production, maintenance, or distribution of the asset(s).',
  },
  {
    id: '__system__business_owner',
    name: 'Business Owner',
    description: 'Principle stakeholders or domain experts associated with the asset(s).',
  },
  { id: '__system__data_steward', name: 'Data Steward', description: 'Involved in governance of the asset(s).' },
  { id: '__system__none', name: 'None', description: 'No ownership type specified.' },
];

/** Stamped with the reference time (`reference-day.ts`), never the clock, so every fresh store of one reference day has the same digest. */
export function systemOwnershipTypes(contract: Contract, referenceTime: number): StartupProposal[] {
  const stamp = { time: referenceTime, actor: systemActor(contract) };
  return SYSTEM_TYPES.map(({ id, name, description }) => ({
    entityType: 'ownershipType',
    entityUrn: makeUrn(contract.names.urnPrefix, 'ownershipType', [id]),
    changeType: 'UPSERT',
    aspectName: 'ownershipTypeInfo',
    aspect: { name, description, created: stamp, lastModified: stamp },
  }));
}
