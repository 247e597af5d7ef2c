/**
 * The catalog as GraphQL sees it: entity records built from the latest stored aspects (upstream's
 * entity mappers). A URN that was never written still gives a record, from its key alone, as
 * upstream answers with the key aspect it synthesises: aspect-backed fields are null and `exists`
 * is false. References to other entities and fields with arguments are thunks, which graphql-js's
 * default resolver calls only when the query selects them (so cycles such as a tag owned by the user
 * it tags cost nothing).
 */
import { tryParseUrn, urnLastPart, type Contract } from '../../spec/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { RelationshipDirection } from '../store/relationship-index.js';
import type { StoredAspect } from '../store/types.js';
import {
  auditStampRecord,
  customPropertiesRecords,
  deprecationRecord,
  globalTagsRecord,
  glossaryTermsRecord,
  institutionalMemoryRecord,
  ownershipRecord,
  statusRecord,
  subTypesRecord,
  type EntityReferences,
} from './aspect-records.js';
import { numberOr, objectOf, objectsOf, stringOr, type JsonObject } from './json-values.js';
import type { OutputRecord, RecordShapes } from './records.js';
import { schemaMetadataRecord, type SchemaFieldEntityRefs } from './schema-metadata-record.js';

interface RelationshipsInput {
  types: string[];
  direction: RelationshipDirection;
  start?: number | null;
  count?: number | null;
  includeSoftDelete?: boolean | null;
}

/** Upstream's default page size for the relationships field. */
const DEFAULT_RELATIONSHIP_COUNT = 100;
/** The run id of writes that did not come from an ingestion run; they do not count as ingestion. */
const NO_RUN_ID = 'no-run-id-provided';

/** The latest aspects of one entity, as the record builders read them; each read when first asked for. */
interface EntityAspects {
  latest(name: string): StoredAspect | undefined;
  aspect(name: string): JsonObject | undefined;
  exists: () => boolean;
  lastIngested: () => number | null;
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

export class EntityView implements EntityReferences, SchemaFieldEntityRefs {
  readonly urnPrefix: string;

  constructor(
    readonly store: CatalogStore,
    readonly shapes: RecordShapes,
    contract: Contract,
  ) {
    this.urnPrefix = contract.names.urnPrefix;
  }

  /**
   * An entity's latest aspects, each read (and parsed) when first asked for: a query selects a few of
   * a dataset's dozen aspects, and reading them all copies the large ones (a schema) for nothing.
   */
  private aspectsOf(urn: string): EntityAspects {
    const read = new Map<string, StoredAspect | undefined>();
    const latest = (name: string): StoredAspect | undefined => {
      if (!read.has(name)) read.set(name, this.store.getAspect(urn, name, 0));
      return read.get(name);
    };
    return {
      latest,
      aspect: (name) => latest(name)?.value,
      exists: () => this.store.entityExists(urn),
      // Only a query that selects lastIngested reads every aspect's system metadata.
      lastIngested: () => lastIngested(this.store.latestAspects(urn)),
    };
  }

  /** Any entity the GraphQL schema has a type for; null for other entity types. */
  entity(urn: string): OutputRecord | null {
    switch (tryParseUrn(urn)?.entityType) {
      case 'dataset':
        return this.dataset(urn);
      case 'corpuser':
        return this.corpUser(urn);
      case 'corpGroup':
        return this.corpGroup(urn);
      case 'tag':
        return this.tag(urn);
      case 'glossaryTerm':
        return this.glossaryTerm(urn);
      case 'dataPlatform':
        return this.dataPlatform(urn);
      case 'container':
        return this.container(urn);
      case 'domain':
        return this.domain(urn);
      case 'schemaField':
        return this.schemaField(urn);
      case 'ownershipType':
        return this.shapes.record('OwnershipTypeEntity', { urn, type: 'CUSTOM_OWNERSHIP_TYPE', relationships: this.relationshipsOf(urn) });
      default:
        return null;
    }
  }

  /** The `relationships(input)` field of an entity, from the relationship index. */
  private relationshipsOf(urn: string): (args: { input: RelationshipsInput }) => OutputRecord {
    return ({ input }) => {
      const start = input.start ?? 0;
      const page = this.store.relationships({ urn, direction: input.direction, types: input.types, start, count: input.count ?? DEFAULT_RELATIONSHIP_COUNT });
      const kept = page.relationships.filter((edge) => input.includeSoftDelete !== false || !this.store.isSoftDeleted(edge.entity));
      const relationships = kept.map((edge) =>
        this.shapes.record('EntityRelationship', { type: edge.type, direction: input.direction, entity: () => this.entity(edge.entity) }),
      );
      return this.shapes.record('EntityRelationshipsResult', { start, count: relationships.length, total: page.total, relationships });
    };
  }

  /** The entity's domain (the first of its domains aspect), or null. */
  private domainAssociation(urn: string, stored: EntityAspects): OutputRecord | null {
    const domains = stored.aspect('domains')?.domains;
    const domain = Array.isArray(domains) ? stringOr(domains[0]) : null;
    return domain ? this.shapes.record('DomainAssociation', { domain: () => this.domain(domain), associatedUrn: urn }) : null;
  }

  dataset(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const [platformUrn = '', name = '', origin = ''] = tryParseUrn(urn)?.parts ?? [];
    const properties = () => stored.aspect('datasetProperties');
    const tags = () => globalTagsRecord(this, stored.aspect('globalTags'), urn);
    // Thunks for the aspect-backed fields: a query reads, parses and maps only the aspects it selects.
    return this.shapes.record('Dataset', {
      urn,
      type: 'DATASET',
      lastIngested: stored.lastIngested,
      platform: () => this.dataPlatform(platformUrn),
      container: () => {
        const container = stringOr(stored.aspect('container')?.container);
        return container ? this.container(container) : null;
      },
      name,
      origin,
      properties: () => {
        const aspect = properties();
        return aspect ? this.datasetProperties(urn, aspect, name, origin) : null;
      },
      editableProperties: () => {
        const editable = stored.aspect('editableDatasetProperties');
        return editable ? this.shapes.record('DatasetEditableProperties', { description: stringOr(editable.description), name: stringOr(editable.name) }) : null;
      },
      ownership: () => ownershipRecord(this, stored.aspect('ownership'), urn),
      // The newer deprecation aspect wins over datasetDeprecation, as in upstream's mapper.
      deprecation: () => deprecationRecord(this, stored.aspect('deprecation') ?? stored.aspect('datasetDeprecation')),
      institutionalMemory: () => institutionalMemoryRecord(this, stored.aspect('institutionalMemory'), urn),
      schemaMetadata: ({ version }: { version?: number | null }) => {
        const schema = version ? this.store.getAspect(urn, 'schemaMetadata', version) : stored.latest('schemaMetadata');
        return schema ? schemaMetadataRecord(this, schema.value, urn, schema.version) : null;
      },
      editableSchemaMetadata: () => this.editableSchemaMetadata(urn, stored),
      status: () => statusRecord(this, stored.aspect('status')),
      tags,
      globalTags: tags,
      glossaryTerms: () => glossaryTermsRecord(this, stored.aspect('glossaryTerms'), urn),
      domain: () => this.domainAssociation(urn, stored),
      subTypes: () => subTypesRecord(this, stored.aspect('subTypes')),
      exists: stored.exists,
      relationships: this.relationshipsOf(urn),
      browsePaths: () => this.browsePaths(stored),
      externalUrl: () => stringOr(properties()?.externalUrl),
      description: () => stringOr(properties()?.description),
      uri: () => stringOr(properties()?.uri),
    });
  }

  private datasetProperties(urn: string, properties: JsonObject, keyName: string, origin: string): OutputRecord {
    const created = objectOf(properties.created);
    const lastModified = auditStampRecord(this, properties.lastModified);
    return this.shapes.record('DatasetProperties', {
      name: stringOr(properties.name) ?? keyName,
      qualifiedName: stringOr(properties.qualifiedName),
      origin,
      description: stringOr(properties.description),
      customProperties: customPropertiesRecords(this, properties.customProperties, urn),
      externalUrl: stringOr(properties.externalUrl),
      created: numberOr(created?.time),
      createdActor: stringOr(created?.actor),
      lastModified,
      lastModifiedActor: lastModified.actor,
    });
  }

  private editableSchemaMetadata(urn: string, stored: EntityAspects): OutputRecord | null {
    const aspect = stored.aspect('editableSchemaMetadata');
    if (!aspect) return null;
    const editableSchemaFieldInfo = objectsOf(aspect.editableSchemaFieldInfo).map((info) => {
      const tags = globalTagsRecord(this, objectOf(info.globalTags), urn);
      return this.shapes.record('EditableSchemaFieldInfo', {
        fieldPath: stringOr(info.fieldPath) ?? '',
        description: stringOr(info.description),
        globalTags: tags,
        tags,
        glossaryTerms: glossaryTermsRecord(this, objectOf(info.glossaryTerms), urn),
      });
    });
    return this.shapes.record('EditableSchemaMetadata', { editableSchemaFieldInfo });
  }

  /** Slash-delimited stored paths as segment lists; null when the entity has none. */
  private browsePaths(stored: EntityAspects): OutputRecord[] | null {
    const aspect = stored.aspect('browsePaths');
    if (!aspect || !Array.isArray(aspect.paths)) return null;
    return aspect.paths.flatMap((path) =>
      typeof path === 'string' ? [this.shapes.record('BrowsePath', { path: path.split('/').filter((segment) => segment !== '') })] : [],
    );
  }

  dataPlatform(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const info = stored.aspect('dataPlatformInfo');
    const displayName = stringOr(info?.displayName);
    return this.shapes.record('DataPlatform', {
      urn,
      type: 'DATA_PLATFORM',
      lastIngested: stored.lastIngested,
      name: urnLastPart(urn),
      properties: info
        ? this.shapes.record('DataPlatformProperties', {
            type: stringOr(info.type),
            displayName,
            datasetNameDelimiter: stringOr(info.datasetNameDelimiter) ?? '',
            logoUrl: stringOr(info.logoUrl),
          })
        : null,
      displayName,
      relationships: this.relationshipsOf(urn),
    });
  }

  /** A container's platform is its dataPlatformInstance's; without one the non-null field is an error, not an invention. */
  container(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const properties = stored.aspect('containerProperties');
    const editable = stored.aspect('editableContainerProperties');
    const platform = stringOr(stored.aspect('dataPlatformInstance')?.platform);
    const parent = stringOr(stored.aspect('container')?.container);
    return this.shapes.record('Container', {
      urn,
      type: 'CONTAINER',
      lastIngested: stored.lastIngested,
      platform: () => (platform ? this.dataPlatform(platform) : null),
      container: () => (parent ? this.container(parent) : null),
      properties: properties
        ? this.shapes.record('ContainerProperties', {
            name: stringOr(properties.name) ?? '',
            description: stringOr(properties.description),
            customProperties: customPropertiesRecords(this, properties.customProperties, urn),
            externalUrl: stringOr(properties.externalUrl),
            qualifiedName: stringOr(properties.qualifiedName),
          })
        : null,
      editableProperties: editable ? this.shapes.record('ContainerEditableProperties', { description: stringOr(editable.description) }) : null,
      ownership: ownershipRecord(this, stored.aspect('ownership'), urn),
      institutionalMemory: institutionalMemoryRecord(this, stored.aspect('institutionalMemory'), urn),
      tags: globalTagsRecord(this, stored.aspect('globalTags'), urn),
      glossaryTerms: glossaryTermsRecord(this, stored.aspect('glossaryTerms'), urn),
      subTypes: subTypesRecord(this, stored.aspect('subTypes')),
      domain: this.domainAssociation(urn, stored),
      deprecation: deprecationRecord(this, stored.aspect('deprecation')),
      relationships: this.relationshipsOf(urn),
      status: statusRecord(this, stored.aspect('status')),
      exists: stored.exists,
    });
  }

  corpUser(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const info = stored.aspect('corpUserInfo');
    const editable = stored.aspect('corpUserEditableInfo');
    const manager = stringOr(info?.managerUrn);
    const text = (value: JsonObject, keys: string[]): Record<string, string | null> =>
      Object.fromEntries(keys.map((key) => [key, stringOr(value[key])]));
    return this.shapes.record('CorpUser', {
      urn,
      type: 'CORP_USER',
      username: urnLastPart(urn),
      properties: info
        ? this.shapes.record('CorpUserProperties', {
            active: info.active === true,
            ...text(info, ['displayName', 'email', 'title', 'departmentName', 'firstName', 'lastName', 'fullName', 'countryCode']),
            manager: () => (manager ? this.corpUser(manager) : null),
            departmentId: numberOr(info.departmentId),
            customProperties: customPropertiesRecords(this, info.customProperties, urn),
          })
        : null,
      editableProperties: editable
        ? this.shapes.record('CorpUserEditableProperties', {
            ...text(editable, ['displayName', 'title', 'aboutMe', 'pictureLink', 'slack', 'phone', 'email']),
            teams: Array.isArray(editable.teams) ? editable.teams : null,
            skills: Array.isArray(editable.skills) ? editable.skills : null,
          })
        : null,
      // ACTIVE is the only status the schema declares.
      status: stored.aspect('corpUserStatus')?.status === 'ACTIVE' ? 'ACTIVE' : null,
      tags: globalTagsRecord(this, stored.aspect('globalTags'), urn),
      relationships: this.relationshipsOf(urn),
      isNativeUser: stored.aspect('corpUserCredentials') !== undefined,
      exists: stored.exists,
    });
  }

  private corpGroup(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const info = stored.aspect('corpGroupInfo');
    const editable = stored.aspect('corpGroupEditableInfo');
    return this.shapes.record('CorpGroup', {
      urn,
      type: 'CORP_GROUP',
      name: urnLastPart(urn),
      ownership: ownershipRecord(this, stored.aspect('ownership'), urn),
      properties: info
        ? this.shapes.record('CorpGroupProperties', {
            displayName: stringOr(info.displayName),
            description: stringOr(info.description),
            email: stringOr(info.email),
            slack: stringOr(info.slack),
          })
        : null,
      editableProperties: editable
        ? this.shapes.record('CorpGroupEditableProperties', {
            description: stringOr(editable.description),
            slack: stringOr(editable.slack),
            email: stringOr(editable.email),
            pictureLink: stringOr(editable.pictureLink),
          })
        : null,
      relationships: this.relationshipsOf(urn),
      exists: stored.exists,
    });
  }

  tag(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const properties = stored.aspect('tagProperties');
    const description = stringOr(properties?.description);
    return this.shapes.record('Tag', {
      urn,
      type: 'TAG',
      name: urnLastPart(urn),
      properties: properties
        ? this.shapes.record('TagProperties', { name: stringOr(properties.name) ?? urnLastPart(urn), description, colorHex: stringOr(properties.colorHex) })
        : null,
      editableProperties: properties ? this.shapes.record('EditableTagProperties', { name: stringOr(properties.name), description }) : null,
      ownership: ownershipRecord(this, stored.aspect('ownership'), urn),
      relationships: this.relationshipsOf(urn),
      description,
    });
  }

  glossaryTerm(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const info = stored.aspect('glossaryTermInfo');
    return this.shapes.record('GlossaryTerm', {
      urn,
      type: 'GLOSSARY_TERM',
      name: urnLastPart(urn),
      hierarchicalName: urnLastPart(urn),
      properties: info
        ? this.shapes.record('GlossaryTermProperties', {
            name: stringOr(info.name) ?? urnLastPart(urn),
            description: stringOr(info.definition),
            definition: stringOr(info.definition) ?? '',
            termSource: stringOr(info.termSource) ?? '',
            sourceRef: stringOr(info.sourceRef),
            sourceUrl: stringOr(info.sourceUrl),
            customProperties: customPropertiesRecords(this, info.customProperties, urn),
            rawSchema: stringOr(info.rawSchema),
          })
        : null,
      ownership: ownershipRecord(this, stored.aspect('ownership'), urn),
      relationships: this.relationshipsOf(urn),
      exists: stored.exists,
    });
  }

  private domain(urn: string): OutputRecord {
    const stored = this.aspectsOf(urn);
    const properties = stored.aspect('domainProperties');
    return this.shapes.record('Domain', {
      urn,
      type: 'DOMAIN',
      id: urnLastPart(urn),
      properties: properties ? this.shapes.record('DomainProperties', { name: stringOr(properties.name) ?? '', description: stringOr(properties.description) }) : null,
      ownership: ownershipRecord(this, stored.aspect('ownership'), urn),
      relationships: this.relationshipsOf(urn),
    });
  }

  /** `urn:<ns>:schemaField:(<dataset urn>,<field path>)`; null when the URN has another shape. */
  schemaField(urn: string): OutputRecord | null {
    const [parent, fieldPath] = tryParseUrn(urn)?.parts ?? [];
    if (parent === undefined || fieldPath === undefined) return null;
    return this.shapes.record('SchemaFieldEntity', { urn, type: 'SCHEMA_FIELD', fieldPath, parent: () => this.entity(parent), relationships: this.relationshipsOf(urn) });
  }
}
