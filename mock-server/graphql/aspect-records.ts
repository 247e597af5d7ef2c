/**
 * Stored aspects shared by several entities, as GraphQL records: audit stamps, attribution, ownership, tags,
 * glossary terms, institutional memory, status, deprecation, custom properties. A reference to
 * another entity is resolved by the `EntityView` passed in, so it carries that entity's stored data.
 */
import { tryParseUrn } from '../../spec/index.js';
import { booleanOr, numberOr, objectOf, objectsOf, stringOr, type JsonObject } from './json-values.js';
import type { OutputRecord, RecordShapes } from './records.js';

/** What the aspect records need from the entity view: references to other entities, resolved lazily by thunks. */
export interface EntityReferences {
  readonly shapes: RecordShapes;
  /** The namespace's URN prefix, for URNs built from parts (schema fields). */
  readonly urnPrefix: string;
  entity(urn: string): OutputRecord | null;
  corpUser(urn: string): OutputRecord;
  tag(urn: string): OutputRecord;
  glossaryTerm(urn: string): OutputRecord;
}

/** Upstream reads a missing stamp as time 0 with no actor (AuditStamp.time is non-null). */
export function auditStampRecord(view: EntityReferences, stamp: unknown): OutputRecord {
  const value = objectOf(stamp);
  return view.shapes.record('AuditStamp', { time: numberOr(value?.time) ?? 0, actor: stringOr(value?.actor) });
}

/**
 * A stamp with its actor resolved to a user (upstream's MapperUtils.createResolvedAuditStamp); null
 * without a stamp, as upstream leaves the field unset.
 */
export function resolvedAuditStampRecord(view: EntityReferences, stamp: unknown): OutputRecord | null {
  const value = objectOf(stamp);
  if (!value) return null;
  const actor = stringOr(value.actor);
  return view.shapes.record('ResolvedAuditStamp', {
    time: numberOr(value.time) ?? 0,
    actor: () => (actor ? view.corpUser(actor) : null),
  });
}

/**
 * Who or what set a piece of metadata (upstream's MetadataAttributionMapper): null without an
 * attribution, or without the actor the type requires.
 */
export function attributionRecord(view: EntityReferences, attribution: unknown): OutputRecord | null {
  const value = objectOf(attribution);
  const actor = stringOr(value?.actor);
  if (!value || !actor) return null;
  const source = stringOr(value.source);
  const detail = objectOf(value.sourceDetail);
  return view.shapes.record('MetadataAttribution', {
    time: numberOr(value.time) ?? 0,
    actor: () => view.entity(actor),
    source: () => (source ? view.entity(source) : null),
    sourceDetail: stringMapRecords(view, detail),
  });
}

/** A stored string map as StringMapEntry records; null when there is no map. */
export function stringMapRecords(view: EntityReferences, map: unknown): OutputRecord[] | null {
  const value = objectOf(map);
  return value
    ? Object.entries(value).map(([key, entry]) => view.shapes.record('StringMapEntry', { key, value: stringOr(entry) }))
    : null;
}

export function customPropertiesRecords(
  view: EntityReferences,
  map: unknown,
  associatedUrn: string,
): OutputRecord[] | null {
  const value = objectOf(map);
  if (!value) return null;
  return Object.entries(value).map(([key, entry]) =>
    view.shapes.record('CustomPropertiesEntry', { key, value: stringOr(entry), associatedUrn }),
  );
}

export function globalTagsRecord(
  view: EntityReferences,
  aspect: JsonObject | undefined,
  associatedUrn: string,
): OutputRecord | null {
  if (!aspect) return null;
  const tags = objectsOf(aspect.tags).flatMap((association) => {
    const urn = stringOr(association.tag);
    if (!urn) return [];
    return [
      view.shapes.record('TagAssociation', {
        tag: () => view.tag(urn),
        associatedUrn,
        context: stringOr(association.context),
        attribution: () => attributionRecord(view, association.attribution),
      }),
    ];
  });
  return view.shapes.record('GlobalTags', { tags });
}

export function glossaryTermsRecord(
  view: EntityReferences,
  aspect: JsonObject | undefined,
  associatedUrn: string,
): OutputRecord | null {
  if (!aspect) return null;
  const terms = objectsOf(aspect.terms).flatMap((association) => {
    const urn = stringOr(association.urn);
    if (!urn) return [];
    const actor = stringOr(association.actor);
    return [
      view.shapes.record('GlossaryTermAssociation', {
        term: () => view.glossaryTerm(urn),
        actor: () => (actor ? view.corpUser(actor) : null),
        associatedUrn,
        context: stringOr(association.context),
        attribution: () => attributionRecord(view, association.attribution),
      }),
    ];
  });
  return view.shapes.record('GlossaryTerms', { terms });
}

export function ownershipRecord(
  view: EntityReferences,
  aspect: JsonObject | undefined,
  associatedUrn: string,
): OutputRecord | null {
  if (!aspect) return null;
  const owners = objectsOf(aspect.owners).flatMap((owner) => {
    const urn = stringOr(owner.owner);
    // OwnerType is the union CorpUser | CorpGroup; an owner of another kind cannot be shown.
    const entityType = urn ? tryParseUrn(urn)?.entityType : undefined;
    if (!urn || (entityType !== 'corpuser' && entityType !== 'corpGroup')) return [];
    const typeUrn = stringOr(owner.typeUrn);
    const source = objectOf(owner.source);
    return [
      view.shapes.record('Owner', {
        owner: () => view.entity(urn),
        type: stringOr(owner.type),
        ownershipType: () => (typeUrn ? view.entity(typeUrn) : null),
        source: source
          ? view.shapes.record('OwnershipSource', { type: stringOr(source.type), url: stringOr(source.url) })
          : null,
        associatedUrn,
        attribution: () => attributionRecord(view, owner.attribution),
      }),
    ];
  });
  return view.shapes.record('Ownership', { owners, lastModified: auditStampRecord(view, aspect.lastModified) });
}

export function institutionalMemoryRecord(
  view: EntityReferences,
  aspect: JsonObject | undefined,
  associatedUrn: string,
): OutputRecord | null {
  if (!aspect) return null;
  const elements = objectsOf(aspect.elements).map((element) => {
    const created = objectOf(element.createStamp);
    const author = stringOr(created?.actor);
    const label = stringOr(element.description) ?? '';
    const updated = objectOf(element.updateStamp);
    const settings = objectOf(element.settings);
    return view.shapes.record('InstitutionalMemoryMetadata', {
      url: stringOr(element.url) ?? '',
      label,
      description: label,
      author: () => (author ? view.corpUser(author) : null),
      // Upstream's ResolvedActorMapper: a group when the URN is a group's, else a user.
      actor: () =>
        author ? (tryParseUrn(author)?.entityType === 'corpGroup' ? view.entity(author) : view.corpUser(author)) : null,
      created: auditStampRecord(view, created),
      updated: updated ? auditStampRecord(view, updated) : null,
      associatedUrn,
      settings: settings
        ? view.shapes.record('InstitutionalMemoryMetadataSettings', {
            showInAssetPreview: booleanOr(settings.showInAssetPreview) ?? false,
          })
        : null,
    });
  });
  return view.shapes.record('InstitutionalMemory', { elements });
}

export function statusRecord(view: EntityReferences, aspect: JsonObject | undefined): OutputRecord | null {
  return aspect ? view.shapes.record('Status', { removed: booleanOr(aspect.removed) ?? false }) : null;
}

export function deprecationRecord(view: EntityReferences, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const actor = stringOr(aspect.actor);
  const replacement = stringOr(aspect.replacement);
  return view.shapes.record('Deprecation', {
    replacement: () => (replacement ? view.entity(replacement) : null),
    deprecated: booleanOr(aspect.deprecated) ?? false,
    decommissionTime: numberOr(aspect.decommissionTime),
    note: stringOr(aspect.note),
    actor,
    actorEntity: () => (actor ? view.entity(actor) : null),
  });
}

export function subTypesRecord(view: EntityReferences, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  return view.shapes.record('SubTypes', {
    typeNames: Array.isArray(aspect.typeNames) ? aspect.typeNames.filter((t) => typeof t === 'string') : null,
  });
}
