/**
 * One entity as seed entries: every aspect entitiesV2 returns (no `aspects=`, so every aspect the
 * registry allows, restli-facts §1.3) as a change proposal with the aspect embedded, its system
 * metadata kept; then the points of each time series aspect of its type in the window, oldest first
 * (getTimeseriesAspectValues answers newest first, restli-facts §1.6).
 */
import type { Contract } from '../spec/index.js';
import { parseUrn } from '../spec/index.js';
import type { DeploymentReader } from './deployment-reader.js';

/** A change proposal with the aspect embedded, the seed format `--seed` reads. */
export interface SeedEntry {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT';
  aspectName: string;
  aspect: { json: unknown };
  systemMetadata?: unknown;
}

/** The time series window: epoch milliseconds, either end open when absent. */
export interface TimeWindow {
  since?: number;
  until?: number;
}

interface EnvelopedAspect {
  type?: string;
  value?: unknown;
  systemMetadata?: unknown;
}

export async function entityEntries(
  reader: DeploymentReader,
  contract: Contract,
  urn: string,
  window: TimeWindow,
): Promise<SeedEntry[]> {
  const read = (await reader.get(`/entitiesV2/${encodeURIComponent(urn)}`)) as {
    entityName?: string;
    aspects?: Record<string, EnvelopedAspect>;
  };
  const entityType = read.entityName ?? contract.entity(parseUrn(urn).entityType)?.name ?? parseUrn(urn).entityType;
  const entries: SeedEntry[] = Object.entries(read.aspects ?? {})
    .filter(([, enveloped]) => enveloped.type !== 'TIMESERIES')
    .map(([aspectName, enveloped]) => ({
      entityType,
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect: { json: enveloped.value },
      ...(enveloped.systemMetadata ? { systemMetadata: enveloped.systemMetadata } : {}),
    }));
  for (const aspectName of contract.entity(entityType)?.timeseriesAspects ?? []) {
    const body = {
      urn,
      entity: entityType,
      aspect: aspectName,
      ...(window.since !== undefined ? { startTimeMillis: window.since } : {}),
      ...(window.until !== undefined ? { endTimeMillis: window.until } : {}),
    };
    const result = (await reader.action('/aspects?action=getTimeseriesAspectValues', body)) as {
      value?: { values?: { aspect?: { value?: string }; systemMetadata?: unknown }[] };
    };
    for (const point of [...(result.value?.values ?? [])].reverse()) {
      if (typeof point.aspect?.value !== 'string') continue;
      entries.push({
        entityType,
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName,
        aspect: { json: JSON.parse(point.aspect.value) as unknown },
        ...(point.systemMetadata ? { systemMetadata: point.systemMetadata } : {}),
      });
    }
  }
  return entries;
}
