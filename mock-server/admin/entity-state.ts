/**
 * `GET /__mock/entities/{urn}`: every stored version of every aspect of one entity in the session,
 * read straight from the store (not through the service's API, so the inspector's reads are neither
 * journaled nor faulted).
 */
import { parseUrn } from '../../spec/index.js';
import { notFound } from '../errors.js';
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

/** The state of the entity of `urn`, a URN as the request check passed it (`path.urn`, the document's Urn). */
export function entityState(store: CatalogStore, urn: string): EntityState {
  const rows = store.aspectHistory(urn);
  if (rows.length === 0) throw notFound(`path.urn: nothing is stored for '${urn}' in this session`);
  const aspects = new Map<string, AspectVersion[]>();
  for (const row of rows) {
    const versions = aspects.get(row.aspect) ?? [];
    versions.push({
      version: row.version,
      value: row.value,
      created: row.created,
      ...(row.systemMetadata ? { systemMetadata: row.systemMetadata } : {}),
    });
    aspects.set(row.aspect, versions);
  }
  return {
    urn,
    entityType: parseUrn(urn).entityType,
    aspects: [...aspects].map(([name, versions]) => ({
      name,
      record: store.contract.recordOfAspect(name) ?? null,
      versions,
    })),
  };
}
