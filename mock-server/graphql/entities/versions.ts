/**
 * Versions: an entity's versionProperties aspect as upstream's VersionPropertiesMapper maps it, and a
 * version set as VersionSetMapper does (datahub-graphql-core/.../types/versioning/, v1.3.0.1): its
 * latest version from the versionSetProperties aspect. `created` and `createdInSource` are the aspect's
 * metadataCreatedTimestamp and sourceCreatedTimestamp.
 */
import { resolvedAuditStampRecord } from '../aspect-records.js';
import { booleanOr, objectOf, objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

/** A `{versionTag}` record (VersionTagMapper); null without one. */
export function versionTagRecord(view: EntityView, tag: unknown): OutputRecord | null {
  const value = objectOf(tag);
  return value ? view.shapes.record('VersionTag', { versionTag: stringOr(value.versionTag) }) : null;
}

/** An entity's place in its version set; null without the aspect or without its required set and version. */
export function versionPropertiesRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  const versionSet = stringOr(aspect?.versionSet);
  const version = versionTagRecord(view, aspect?.version);
  if (!aspect || !versionSet || !version) return null;
  return view.shapes.record('VersionProperties', {
    versionSet: () => view.entity(versionSet),
    version,
    aliases: objectsOf(aspect.aliases).flatMap((alias) => versionTagRecord(view, alias) ?? []),
    comment: stringOr(aspect.comment),
    isLatest: booleanOr(aspect.isLatest) === true,
    created: () => resolvedAuditStampRecord(view, aspect.metadataCreatedTimestamp),
    createdInSource: () => resolvedAuditStampRecord(view, aspect.sourceCreatedTimestamp),
  });
}

export function versionSetRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.record('VersionSet', {
    urn,
    type: 'VERSION_SET',
    relationships: relationshipsOf(view, urn),
    latestVersion: () => {
      const latest = stringOr(stored.aspect('versionSetProperties')?.latest);
      return latest ? view.entity(latest) : null;
    },
  });
}
