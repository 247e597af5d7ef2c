/**
 * The latest aspects of an entity as upstream's reads give them: the key aspect always, first, and
 * synthesised from the URN (stamped by the system actor, now) when it is not stored, because upstream
 * answers a read of a never-written URN of a known entity type with its key aspect.
 */
import type { EntitySpec } from '../../spec/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { systemActor } from '../store/entity-urn.js';
import type { StoredAspect } from '../store/types.js';

export interface LatestAspects {
  aspects: StoredAspect[];
  /** The key aspect was synthesised: what is made of it holds the time of this read. */
  synthesisedKey: boolean;
}

export function latestAspectsWithKey(
  store: CatalogStore,
  entity: EntitySpec,
  urn: string,
  aspectNames?: string[],
): LatestAspects {
  // One read: the wanted aspects and the key together.
  const stored = store.latestAspects(urn, aspectNames && [...aspectNames, entity.keyAspect]);
  const others = stored.filter((a) => a.aspect !== entity.keyAspect);
  const storedKey = stored.find((a) => a.aspect === entity.keyAspect);
  return { aspects: [storedKey ?? synthesisedKey(store, urn), ...others], synthesisedKey: !storedKey };
}

export function latestWithKey(
  store: CatalogStore,
  entity: EntitySpec,
  urn: string,
  aspectNames?: string[],
): StoredAspect[] {
  return latestAspectsWithKey(store, entity, urn, aspectNames).aspects;
}

function synthesisedKey(store: CatalogStore, urn: string): StoredAspect {
  const { aspect, value } = store.keyAspectOf(urn);
  return {
    urn,
    aspect,
    version: 0,
    value,
    valueJson: JSON.stringify(value),
    created: { time: Date.now(), actor: systemActor(store.contract) },
  };
}
