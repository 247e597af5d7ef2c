/**
 * Time series indices: upstream keeps one search index per (entity, time series aspect), named
 * `<entity>_<aspect>aspect_v1` in lower case. Here an index is the set of rows of the store's
 * time series table with that entity and aspect.
 */
import type { Contract, EntitySpec } from '../../spec/index.js';
import { badRequest } from '../errors.js';

export interface TimeseriesIndex {
  entity: EntitySpec;
  aspect: string;
}

export function timeseriesIndexName(entityName: string, aspectName: string): string {
  return `${entityName}_${aspectName}aspect_v1`.toLowerCase();
}

/** Whether the registry allows the aspect for the entity as a time series aspect. */
export function isTimeseriesAspect(contract: Contract, entity: EntitySpec, aspectName: string): boolean {
  if (!entity.aspects.includes(aspectName)) return false;
  return entity.timeseriesAspects.includes(aspectName) || contract.aspects.get(aspectName)?.kind === 'timeseries';
}

/** The index of (entityType, aspect); 400 naming the field when either does not name a time series index. */
export function timeseriesIndexOf(contract: Contract, entityType: string, aspect: string): TimeseriesIndex {
  const entity = contract.entity(entityType);
  if (!entity) throw badRequest(`body.entityType: Failed to find entity with name ${entityType} in EntityRegistry`);
  if (!isTimeseriesAspect(contract, entity, aspect)) {
    const known = entity.aspects.filter((a) => isTimeseriesAspect(contract, entity, a));
    throw badRequest(
      `body.aspect: ${aspect} is not a time series aspect of entity ${entity.name} (its time series aspects: ${known.join(', ') || 'none'})`,
    );
  }
  return { entity, aspect };
}
