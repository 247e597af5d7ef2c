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

export class EntityView implements EntityReferences, SchemaFieldEntityRefs {
  readonly urnPrefix: string;

  constructor(
    readonly store: CatalogStore,
    readonly shapes: RecordShapes,
    contract: Contract,
  ) {
    this.urnPrefix = contract.names.urnPrefix;
  }

  private aspect(urn: string, name: string): JsonObject | undefined {
    return this.store.getAspect(urn, name, 0)?.value;
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

  private domainOf(urn: string): string | null {
    const domains = this.aspect(urn, 'domains')?.domains;
    return Array.isArray(domains) ? stringOr(domains[0]) : null;
  }

  /** When ingestion last wrote any aspect: the newest lastObserved of a write that carried a run id. */
  private lastIngested(urn: string): number | null {
    let newest: number | null = null;
    for (const stored of this.store.latestAspects(urn)) {
      const meta = stored.systemMetadata;
      if (!meta || (meta.runId ?? NO_RUN_ID) === NO_RUN_ID || typeof meta.lastObserved !== 'number') continue;
      newest = Math.max(newest ?? 0, meta.lastObserved);
    }
    return newest;
  }

  dataset(urn: string): OutputRecord {
    const [platformUrn = '', name = '', origin = ''] = tryParseUrn(urn)?.parts ?? [];
    const properties = this.aspect(urn, 'datasetProperties');
    const editable = this.aspect(urn, 'editableDatasetProperties');
    const tags = globalTagsRecord(this, this.aspect(urn, 'globalTags'), urn);
    const container = stringOr(this.aspect(urn, 'container')?.container);
    const domain = this.domainOf(urn);
    return this.shapes.record('Dataset', {
      urn,
      type: 'DATASET',
      lastIngested: this.lastIngested(urn),
      platform: () => this.dataPlatform(platformUrn),
      container: () => (container ? this.container(container) : null),
      name,
      origin,
      properties: properties ? this.datasetProperties(urn, properties, name, origin) : null,
      editableProperties: editable ? this.shapes.record('DatasetEditableProperties', { description: stringOr(editable.description), name: stringOr(editable.name) }) : null,
      ownership: ownershipRecord(this, this.aspect(urn, 'ownership'), urn),
      // The newer deprecation aspect wins over datasetDeprecation, as in upstream's mapper.
      deprecation: deprecationRecord(this, this.aspect(urn, 'deprecation') ?? this.aspect(urn, 'datasetDeprecation')),
      institutionalMemory: institutionalMemoryRecord(this, this.aspect(urn, 'institutionalMemory'), urn),
      schemaMetadata: ({ version }: { version?: number | null }) => {
        const stored = this.store.getAspect(urn, 'schemaMetadata', version ?? 0);
        return stored ? schemaMetadataRecord(this, stored.value, urn, stored.version) : null;
      },
      editableSchemaMetadata: this.editableSchemaMetadata(urn),
      status: statusRecord(this, this.aspect(urn, 'status')),
      tags,
      globalTags: tags,
      glossaryTerms: glossaryTermsRecord(this, this.aspect(urn, 'glossaryTerms'), urn),
      domain: domain ? this.shapes.record('DomainAssociation', { domain: () => this.domain(domain), associatedUrn: urn }) : null,
      subTypes: subTypesRecord(this, this.aspect(urn, 'subTypes')),
      exists: this.store.entityExists(urn),
      relationships: this.relationshipsOf(urn),
      browsePaths: this.browsePaths(urn),
      externalUrl: stringOr(properties?.externalUrl),
      description: stringOr(properties?.description),
      uri: stringOr(properties?.uri),
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

  private editableSchemaMetadata(urn: string): OutputRecord | null {
    const aspect = this.aspect(urn, 'editableSchemaMetadata');
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
  private browsePaths(urn: string): OutputRecord[] | null {
    const aspect = this.aspect(urn, 'browsePaths');
    if (!aspect || !Array.isArray(aspect.paths)) return null;
    return aspect.paths.flatMap((path) =>
      typeof path === 'string' ? [this.shapes.record('BrowsePath', { path: path.split('/').filter((segment) => segment !== '') })] : [],
    );
  }

  dataPlatform(urn: string): OutputRecord {
    const info = this.aspect(urn, 'dataPlatformInfo');
    const displayName = stringOr(info?.displayName);
    return this.shapes.record('DataPlatform', {
      urn,
      type: 'DATA_PLATFORM',
      lastIngested: this.lastIngested(urn),
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
    const properties = this.aspect(urn, 'containerProperties');
    const editable = this.aspect(urn, 'editableContainerProperties');
    const platform = stringOr(this.aspect(urn, 'dataPlatformInstance')?.platform);
    const parent = stringOr(this.aspect(urn, 'container')?.container);
    const domain = this.domainOf(urn);
    return this.shapes.record('Container', {
      urn,
      type: 'CONTAINER',
      lastIngested: this.lastIngested(urn),
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
      ownership: ownershipRecord(this, this.aspect(urn, 'ownership'), urn),
      institutionalMemory: institutionalMemoryRecord(this, this.aspect(urn, 'institutionalMemory'), urn),
      tags: globalTagsRecord(this, this.aspect(urn, 'globalTags'), urn),
      glossaryTerms: glossaryTermsRecord(this, this.aspect(urn, 'glossaryTerms'), urn),
      subTypes: subTypesRecord(this, this.aspect(urn, 'subTypes')),
      domain: domain ? this.shapes.record('DomainAssociation', { domain: () => this.domain(domain), associatedUrn: urn }) : null,
      deprecation: deprecationRecord(this, this.aspect(urn, 'deprecation')),
      relationships: this.relationshipsOf(urn),
      status: statusRecord(this, this.aspect(urn, 'status')),
      exists: this.store.entityExists(urn),
    });
  }

  corpUser(urn: string): OutputRecord {
    const info = this.aspect(urn, 'corpUserInfo');
    const editable = this.aspect(urn, 'corpUserEditableInfo');
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
      status: this.aspect(urn, 'corpUserStatus')?.status === 'ACTIVE' ? 'ACTIVE' : null,
      tags: globalTagsRecord(this, this.aspect(urn, 'globalTags'), urn),
      relationships: this.relationshipsOf(urn),
      isNativeUser: this.aspect(urn, 'corpUserCredentials') !== undefined,
      exists: this.store.entityExists(urn),
    });
  }

  private corpGroup(urn: string): OutputRecord {
    const info = this.aspect(urn, 'corpGroupInfo');
    const editable = this.aspect(urn, 'corpGroupEditableInfo');
    return this.shapes.record('CorpGroup', {
      urn,
      type: 'CORP_GROUP',
      name: urnLastPart(urn),
      ownership: ownershipRecord(this, this.aspect(urn, 'ownership'), urn),
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
      exists: this.store.entityExists(urn),
    });
  }

  tag(urn: string): OutputRecord {
    const properties = this.aspect(urn, 'tagProperties');
    const description = stringOr(properties?.description);
    return this.shapes.record('Tag', {
      urn,
      type: 'TAG',
      name: urnLastPart(urn),
      properties: properties
        ? this.shapes.record('TagProperties', { name: stringOr(properties.name) ?? urnLastPart(urn), description, colorHex: stringOr(properties.colorHex) })
        : null,
      editableProperties: properties ? this.shapes.record('EditableTagProperties', { name: stringOr(properties.name), description }) : null,
      ownership: ownershipRecord(this, this.aspect(urn, 'ownership'), urn),
      relationships: this.relationshipsOf(urn),
      description,
    });
  }

  glossaryTerm(urn: string): OutputRecord {
    const info = this.aspect(urn, 'glossaryTermInfo');
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
      ownership: ownershipRecord(this, this.aspect(urn, 'ownership'), urn),
      relationships: this.relationshipsOf(urn),
      exists: this.store.entityExists(urn),
    });
  }

  private domain(urn: string): OutputRecord {
    const properties = this.aspect(urn, 'domainProperties');
    return this.shapes.record('Domain', {
      urn,
      type: 'DOMAIN',
      id: urnLastPart(urn),
      properties: properties ? this.shapes.record('DomainProperties', { name: stringOr(properties.name) ?? '', description: stringOr(properties.description) }) : null,
      ownership: ownershipRecord(this, this.aspect(urn, 'ownership'), urn),
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
