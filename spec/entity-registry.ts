/** The entity registry (spec/entities.yaml): which entities exist, their URN keys and allowed aspects. */
export interface EntitySpec {
  name: string;
  keyAspect: string;
  /** Fields of the key aspect in URN order; one field gives `urn:<ns>:<name>:<value>`, several a tuple. */
  urnKey: string[];
  /** Fully qualified snapshot record name for the legacy snapshot APIs, when the entity has one. */
  snapshot?: string;
  /**
   * Template of the browse path generated on first write when none is given, e.g.
   * `/{origin}/{platform}/{name|dots}`: `{field}` is a key field (a URN-valued field gives its last
   * key part), `{a.b}` a key field of the URN held in key field `a`, `|dots` splits the value at dots.
   * The result is lower-cased (upstream's older generator).
   */
  defaultBrowsePath?: string;
  /** Key field whose value names the entity's data platform (a platform URN or a tool name). */
  platformField?: string;
  /** Every aspect the registry allows, the key aspect included. */
  aspects: string[];
  /** The allowed aspects that are time series. */
  timeseriesAspects: string[];
}

/** The upstream release the registry follows (entities.yaml `release`); upstream-registry.yaml lists its names. */
export interface RegistryRelease {
  /** e.g. `DataHub v1.3.0.1` */
  name: string;
  tag: string;
  commit: string;
  /** Path of the registry file in upstream's repository. */
  registry: string;
}

export interface RawEntityRegistry {
  release?: RegistryRelease;
  entities: Record<string, Omit<EntitySpec, 'name' | 'timeseriesAspects'> & { timeseriesAspects?: string[] }>;
  /** Record names of allowed aspects that have no schema in spec/aspects (they are stored opaque). */
  aspectRecords?: Record<string, string>;
}

export function entityRegistry(raw: RawEntityRegistry): Map<string, EntitySpec> {
  const out = new Map<string, EntitySpec>();
  for (const [name, entity] of Object.entries(raw.entities)) {
    out.set(name, { ...entity, name, timeseriesAspects: entity.timeseriesAspects ?? [] });
  }
  return out;
}
