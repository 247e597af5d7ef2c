/**
 * One entity as seed entries: every aspect entitiesV2 returns (no `aspects=`, so every aspect the
 * registry allows, restli-facts §1.3) as a change proposal with the aspect embedded, its system
 * metadata kept; then the points of each time series aspect of its type in the window, oldest first
 * (getTimeseriesAspectValues answers newest first, restli-facts §1.6).
 */
import type { Contract } from '../spec/index.js';
import { parseUrn } from '../spec/index.js';
import { ENTITY, TIMESERIES_VALUES } from './answer-shapes.js';
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

export async function entityEntries(
  reader: DeploymentReader,
  contract: Contract,
  urn: string,
  window: TimeWindow,
): Promise<SeedEntry[]> {
  const read = await reader.get(`/entitiesV2/${encodeURIComponent(urn)}`, ENTITY);
  const entityType = read.entityName ?? contract.entity(parseUrn(urn).entityType)?.name ?? parseUrn(urn).entityType;
  const entries: SeedEntry[] = Object.entries(read.aspects)
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
    const points = await reader.action('/aspects?action=getTimeseriesAspectValues', body, TIMESERIES_VALUES);
    for (const point of points.reverse()) {
      entries.push({
        entityType,
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName,
        aspect: { json: point.value },
        ...(point.systemMetadata ? { systemMetadata: point.systemMetadata } : {}),
      });
    }
  }
  return entries;
}
