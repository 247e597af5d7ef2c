/**
 * The fields an entity page shows that many entity types share, read the same way for each (upstream's
 * mappers map these aspects with shared mappers): ownership, tags, glossary terms, links, status,
 * deprecation, sub-types, domain, container and parent containers, browse paths, relationships,
 * lineage, health, incidents, assertions, version properties, embed, forms, the raw `aspects(input)`, `exists` and
 * `lastIngested`, and the catalog fields of
 * catalog-fields.ts (structured properties, display properties, platform instance, application, v2 browse path,
 * access, siblings, documentation). Each is a thunk, so a query reads only the aspects it selects.
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
import type { OutputRecord } from '../records.js';
import type { EntityAspects, EntityView } from './entity-view.js';
import { catalogFields } from './catalog-fields.js';
import { entityAssertions, type AssertionsArgs } from './assertion.js';
import { lineageOf, relationshipsOf } from './edges.js';
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

export function pageFields(view: EntityView, urn: string, stored: EntityAspects): Record<string, unknown> {
  const tags = () => globalTagsRecord(view, stored.aspect('globalTags'), urn);
  return {
    ...catalogFields(view, urn, stored),
    lastIngested: stored.lastIngested,
    exists: stored.exists,
    container: () => {
      const container = stringOr(stored.aspect('container')?.container);
      return container ? view.container(container) : null;
    },
    parentContainers: () => parentContainers(view, stored),
    ownership: () => ownershipRecord(view, stored.aspect('ownership'), urn),
    // The newer deprecation aspect wins over datasetDeprecation, as in upstream's DatasetMapper.
    deprecation: () => deprecationRecord(view, stored.aspect('deprecation') ?? stored.aspect('datasetDeprecation')),
    institutionalMemory: () => institutionalMemoryRecord(view, stored.aspect('institutionalMemory'), urn),
    status: () => statusRecord(view, stored.aspect('status')),
    tags,
    globalTags: tags,
    glossaryTerms: () => glossaryTermsRecord(view, stored.aspect('glossaryTerms'), urn),
    domain: () => domainAssociation(view, urn, stored),
    subTypes: () => subTypesRecord(view, stored.aspect('subTypes')),
    browsePaths: () => browsePathRecords(view, stored.aspect('browsePaths')),
    relationships: relationshipsOf(view, urn),
    lineage: lineageOf(view, urn),
    health: () => healthOf(view, urn),
    incidents: (args: IncidentsArgs) => entityIncidents(view, urn, args),
    assertions: (args: AssertionsArgs) => entityAssertions(view, urn, args),
    versionProperties: () => versionPropertiesRecord(view, stored.aspect('versionProperties')),
    embed: () => embedRecord(view, stored.aspect('embed')),
    forms: () => formsRecord(view, urn, stored.aspect('forms')),
    aspects: ({ input }: { input?: AspectParams | null }) =>
      rawAspectRecords(view, urn, tryParseUrn(urn)?.entityType ?? '', input),
  };
}
