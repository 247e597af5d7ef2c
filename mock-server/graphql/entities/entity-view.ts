/**
 * The catalog as GraphQL sees it: entity records built from the latest stored aspects (upstream's
 * entity mappers, one file per entity type in this folder, found through the `ENTITY_MAPPERS` that
 * `../schema.ts` hands in, so no mapper's file is imported here and none imports another in a circle). A URN
 * that was never written still gives a record, from its key alone, as upstream responds with the key
 * aspect it synthesises: aspect-backed fields are null and `exists` is false. References to other
 * entities and fields with arguments are thunks, which graphql-js's default resolver calls only when
 * the query selects them (so cycles such as a tag owned by the user it tags cost nothing).
 */
import { tryParseUrn, type Contract } from '../../../spec/index.js';
import type { Profile } from '../../profile.js';
import type { SearchIndex } from '../../search/index.js';
import type { CatalogStore } from '../../store/catalog-store.js';
import type { StoredAspect } from '../../store/types.js';
import type { EntityReferences } from '../aspect-records.js';
import type { JsonObject } from '../json-values.js';
import type { OutputRecord, RecordShapes } from '../records.js';
import type { SchemaFieldEntityRefs } from '../schema-metadata-record.js';
import { ParsedValues } from './parsed-values.js';

/** The run id of writes that did not come from an ingestion run; they do not count as ingestion. */
const NO_RUN_ID = 'no-run-id-provided';

/** What builds the GraphQL record of one entity type (`mappers.ts` lists them). */
export type EntityMapper = (view: EntityView, urn: string) => OutputRecord | null;

/** The latest aspects of one entity, as the record builders read them; each read when first asked for. */
export interface EntityAspects {
  latest(name: string): StoredAspect | undefined;
  aspect(name: string): JsonObject | undefined;
  exists(): boolean;
  lastIngested(): number | null;
}

/** When ingestion last wrote any aspect: the newest lastObserved of a write that carried a run id. */
function lastIngested(aspects: Iterable<StoredAspect>): number | null {
  let newest: number | null = null;
  for (const stored of aspects) {
    const meta = stored.systemMetadata;
    if (!meta || (meta.runId ?? NO_RUN_ID) === NO_RUN_ID || typeof meta.lastObserved !== 'number') continue;
    newest = Math.max(newest ?? 0, meta.lastObserved);
  }
  return newest;
}

/** An entity's latest aspects, each read when first asked for; methods, so an entity costs one small object. */
class LatestAspects implements EntityAspects {
  private read: Map<string, StoredAspect | undefined> | undefined;

  constructor(
    private readonly store: CatalogStore,
    private readonly parsed: ParsedValues,
    private readonly urn: string,
  ) {}

  latest(name: string): StoredAspect | undefined {
    this.read ??= new Map();
    if (!this.read.has(name)) this.read.set(name, this.store.getAspect(this.urn, name, 0));
    return this.read.get(name);
  }

  aspect(name: string): JsonObject | undefined {
    const stored = this.latest(name);
    return stored && this.parsed.of(stored);
  }

  exists(): boolean {
    return this.store.entityExists(this.urn);
  }

  /** Only a query that selects lastIngested reads every aspect's system metadata. */
  lastIngested(): number | null {
    return lastIngested(this.store.latestAspects(this.urn));
  }
}

export class EntityView implements EntityReferences, SchemaFieldEntityRefs {
  readonly urnPrefix: string;
  private readonly parsed = new ParsedValues();

  constructor(
    readonly store: CatalogStore,
    readonly shapes: RecordShapes,
    readonly contract: Contract,
    /** The search index, for fields that are searches (a container's entities). */
    readonly discovery: SearchIndex,
    /** The server's profile, for the fields whose upstream behaviour differs (a container's entities). */
    readonly profile: Profile,
    /** The mapper of each entity type the GraphQL schema has a type for (`ENTITY_MAPPERS`, handed in by `../schema.ts`). */
    private readonly mappers: Readonly<Record<string, EntityMapper>>,
  ) {
    this.urnPrefix = contract.names.urnPrefix;
  }

  /**
   * An entity's latest aspects, each read (and parsed) when first asked for: a query selects a few of
   * a dataset's dozen aspects, and reading them all copies the large ones (a schema) for nothing.
   */
  aspectsOf(urn: string): EntityAspects {
    return new LatestAspects(this.store, this.parsed, urn);
  }

  /** A stored aspect's value, parsed once per distinct text and frozen (shared by the requests that read it). */
  valueOf(stored: StoredAspect): JsonObject {
    return this.parsed.of(stored);
  }

  /** Whether the GraphQL schema has a type for this entity type. */
  serves(entityType: string): boolean {
    return entityType in this.mappers;
  }

  /** Any entity the GraphQL schema has a type for; null for other entity types and malformed URNs. */
  entity(urn: string): OutputRecord | null {
    const entityType = tryParseUrn(urn)?.entityType;
    const mapper = entityType === undefined ? undefined : this.mappers[entityType];
    return mapper ? mapper(this, urn) : null;
  }

  /** The record of an entity of a known type (the caller checked the type), for the references aspect records make. */
  private known(urn: string): OutputRecord {
    const record = this.entity(urn);
    if (!record) throw new Error(`no GraphQL record for ${urn}`);
    return record;
  }

  dataset(urn: string): OutputRecord {
    return this.known(urn);
  }

  corpUser(urn: string): OutputRecord {
    return this.known(urn);
  }

  tag(urn: string): OutputRecord {
    return this.known(urn);
  }

  glossaryTerm(urn: string): OutputRecord {
    return this.known(urn);
  }

  container(urn: string): OutputRecord {
    return this.known(urn);
  }

  dataPlatform(urn: string): OutputRecord {
    return this.known(urn);
  }

  schemaField(urn: string): OutputRecord | null {
    return this.entity(urn);
  }
}
