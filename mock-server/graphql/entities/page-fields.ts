/**
 * The fields an entity page shows that many entity types share, read the same way for each (upstream's
 * mappers map these aspects with shared mappers): ownership, tags, glossary terms, links, status,
 * deprecation, sub-types, domain, container and parent containers, browse paths, relationships,
 * lineage, health, incidents, assertions, version properties, embed, forms, the raw `aspects(input)`, `exists` and
 * `lastIngested`, and the catalog fields of
 * catalog-fields.ts (structured properties, display properties, platform instance, application, v2 browse path,
 * access, siblings, documentation). Each is a method shared by every record, reading the record's entity (its
 * view, URN and aspects), so a query reads only the aspects it selects and a record holds no closures.
 */
import {
  deprecationRecord,
  globalTagsRecord,
  glossaryTermsRecord,
  institutionalMemoryRecord,
  ownershipRecord,
  statusRecord,
  subTypesRecord,
} from '../aspect-records.js';
import { tryParseUrn } from '../../../spec/index.js';
import { stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord, SharedFields } from '../records.js';
import type { EntityAspects, EntityView } from './entity-view.js';
import { CATALOG_METHODS, entityOf, type EntityState } from './catalog-fields.js';
import { entityAssertions, type AssertionsArgs } from './assertion.js';
import { lineageOf, relationshipsOf, type LineageInput, type RelationshipsInput } from './edges.js';
import { healthOf } from './health.js';
import { formsRecord } from './forms.js';
import { entityIncidents, type IncidentsArgs } from './incident.js';
import { rawAspectRecords, type AspectParams } from './raw-aspects.js';
import { versionPropertiesRecord } from './versions.js';

/** Upstream's limit on the walk up the container chain, which also stops a cycle. */
const MAX_PARENT_CONTAINERS = 50;

/** The containers above an entity, nearest first (upstream's ParentContainersResolver walks the container aspects). */
export function parentContainers(view: EntityView, stored: EntityAspects): OutputRecord {
  const containers: OutputRecord[] = [];
  const seen = new Set<string>();
  let parent = stringOr(stored.aspect('container')?.container);
  while (parent && !seen.has(parent) && containers.length < MAX_PARENT_CONTAINERS) {
    seen.add(parent);
    containers.push(view.container(parent));
    parent = stringOr(view.store.getAspect(parent, 'container', 0)?.value.container);
  }
  return view.shapes.record('ParentContainersResult', { count: containers.length, containers });
}

/** The slash-delimited paths of a browsePaths aspect as segment lists; null when the entity has none. */
export function browsePathRecords(view: EntityView, aspect: JsonObject | undefined): OutputRecord[] | null {
  if (!aspect || !Array.isArray(aspect.paths)) return null;
  return aspect.paths.flatMap((path) =>
    typeof path === 'string'
      ? [view.shapes.record('BrowsePath', { path: path.split('/').filter((segment) => segment !== '') })]
      : [],
  );
}

/** The entity's domain (the first of its domains aspect), or null. */
export function domainAssociation(view: EntityView, urn: string, stored: EntityAspects): OutputRecord | null {
  const domains = stored.aspect('domains')?.domains;
  const domain = Array.isArray(domains) ? stringOr(domains[0]) : null;
  return domain
    ? view.shapes.record('DomainAssociation', { domain: () => view.entity(domain), associatedUrn: urn })
    : null;
}

/** Content embedded in the entity's page (aspect embed, upstream's EmbedMapper); null without it. */
function embedRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  return aspect ? view.shapes.record('Embed', { renderUrl: stringOr(aspect.renderUrl) }) : null;
}

/** The fields every entity page shares, as methods of the records (each reads the entity's state). */
export const PAGE_METHODS = {
  ...CATALOG_METHODS,
  lastIngested(this: OutputRecord) {
    return entityOf(this).stored.lastIngested();
  },
  exists(this: OutputRecord) {
    return entityOf(this).stored.exists();
  },
  container(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    const container = stringOr(stored.aspect('container')?.container);
    return container ? view.container(container) : null;
  },
  parentContainers(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return parentContainers(view, stored);
  },
  ownership(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return ownershipRecord(view, stored.aspect('ownership'), urn);
  },
  // The newer deprecation aspect wins over datasetDeprecation, as in upstream's DatasetMapper.
  deprecation(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return deprecationRecord(view, stored.aspect('deprecation') ?? stored.aspect('datasetDeprecation'));
  },
  institutionalMemory(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return institutionalMemoryRecord(view, stored.aspect('institutionalMemory'), urn);
  },
  status(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return statusRecord(view, stored.aspect('status'));
  },
  tags: globalTags,
  globalTags,
  glossaryTerms(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return glossaryTermsRecord(view, stored.aspect('glossaryTerms'), urn);
  },
  domain(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return domainAssociation(view, urn, stored);
  },
  subTypes(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return subTypesRecord(view, stored.aspect('subTypes'));
  },
  browsePaths(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return browsePathRecords(view, stored.aspect('browsePaths'));
  },
  relationships(this: OutputRecord, args: { input: RelationshipsInput }) {
    const { view, urn } = entityOf(this);
    return relationshipsOf(view, urn)(args);
  },
  lineage(this: OutputRecord, args: { input: LineageInput }) {
    const { view, urn } = entityOf(this);
    return lineageOf(view, urn)(args);
  },
  health(this: OutputRecord) {
    const { view, urn } = entityOf(this);
    return healthOf(view, urn);
  },
  incidents(this: OutputRecord, args: IncidentsArgs) {
    const { view, urn } = entityOf(this);
    return entityIncidents(view, urn, args);
  },
  assertions(this: OutputRecord, args: AssertionsArgs) {
    const { view, urn } = entityOf(this);
    return entityAssertions(view, urn, args);
  },
  versionProperties(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return versionPropertiesRecord(view, stored.aspect('versionProperties'));
  },
  embed(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return embedRecord(view, stored.aspect('embed'));
  },
  forms(this: OutputRecord) {
    const { view, urn, stored } = entityOf(this);
    return formsRecord(view, urn, stored.aspect('forms'));
  },
  aspects(this: OutputRecord, { input }: { input?: AspectParams | null }) {
    const { view, urn } = entityOf(this);
    return rawAspectRecords(view, urn, tryParseUrn(urn)?.entityType ?? '', input);
  },
};

function globalTags(this: OutputRecord) {
  const { view, urn, stored } = entityOf(this);
  return globalTagsRecord(view, stored.aspect('globalTags'), urn);
}

/** The shared page fields of an entity: the methods, and the state they read. */
export function pageFields(view: EntityView, urn: string, stored: EntityAspects): SharedFields<EntityState> {
  return { methods: PAGE_METHODS, state: { view, urn, stored } };
}
