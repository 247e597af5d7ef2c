/**
 * `GET /__mock/entities/{urn}`: every stored version of every aspect of one entity in the session,
 * read straight from the store (not through the service's API, so the inspector's reads are neither
 * journaled nor faulted).
 */
import { tryParseUrn } from '../../spec/index.js';
import { badRequest, notFound } from '../errors.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { AuditStamp, SystemMetadata } from '../store/types.js';

interface AspectVersion {
  version: number;
  value: Record<string, unknown>;
  created: AuditStamp;
  systemMetadata?: SystemMetadata;
}

export interface EntityState {
  urn: string;
  entityType: string;
  aspects: { name: string; record: string | null; versions: AspectVersion[] }[];
}

export function entityState(store: CatalogStore, urn: string): EntityState {
  const parsed = tryParseUrn(urn);
  if (!parsed) throw badRequest(`path.urn: '${urn}' is not a URN (urn:<namespace>:<entityType>:<key>)`);
  const rows = store.aspectHistory(urn);
  if (rows.length === 0) throw notFound(`path.urn: nothing is stored for '${urn}' in this session`);
  const aspects = new Map<string, AspectVersion[]>();
  for (const row of rows) {
    const versions = aspects.get(row.aspect) ?? [];
    versions.push({ version: row.version, value: row.value, created: row.created, ...(row.systemMetadata ? { systemMetadata: row.systemMetadata } : {}) });
    aspects.set(row.aspect, versions);
  }
  return {
    urn,
    entityType: parsed.entityType,
    aspects: [...aspects].map(([name, versions]) => ({ name, record: store.contract.recordOfAspect(name) ?? null, versions })),
  };
}
