/**
 * Aspects every kind of entity in the sample carries (ownership, tags, glossary terms), built the
 * same way wherever they appear.
 */
import type { AuditStamp, SampleBuilder } from './sample-builder.js';

export interface OwnerDefinition {
  /** `user:<username>` or `group:<name>`. */
  owner: `user:${string}` | `group:${string}`;
  type: 'DATAOWNER' | 'TECHNICAL_OWNER' | 'BUSINESS_OWNER' | 'DATA_STEWARD' | 'PRODUCER' | 'CONSUMER' | 'STAKEHOLDER';
}

/** `user:<name>` or `group:<name>` as a URN. */
export function ownerUrn(b: SampleBuilder, owner: OwnerDefinition['owner']): string {
  const [kind, name = ''] = owner.split(':');
  return kind === 'group' ? b.group(name) : b.user(name);
}

/**
 * An ownership aspect. `typeUrn` names the ownership type entity upstream derives from the legacy
 * type, and `ownerTypes` groups the owners by it, as upstream fills it on write.
 */
export function ownership(
  b: SampleBuilder,
  owners: readonly OwnerDefinition[],
  lastModified: AuditStamp,
): Record<string, unknown> {
  const entries = owners.map((o) => ({
    owner: ownerUrn(b, o.owner),
    type: o.type,
    typeUrn: b.urn('ownershipType', `__system__${o.type.toLowerCase()}`),
  }));
  const ownerTypes: Record<string, string[]> = {};
  for (const e of entries) ownerTypes[e.typeUrn] = [...(ownerTypes[e.typeUrn] ?? []), e.owner];
  return { owners: entries, ownerTypes, lastModified };
}

/** Tags by name; the definitions that call it type their names as the sample's tags (`TagName`). */
export function globalTags(b: SampleBuilder, tags: readonly string[]): Record<string, unknown> {
  return { tags: tags.map((t) => ({ tag: b.tag(t) })) };
}

export function glossaryTerms(
  b: SampleBuilder,
  terms: readonly string[],
  auditStamp: AuditStamp,
): Record<string, unknown> {
  return { terms: terms.map((t) => ({ urn: b.term(t) })), auditStamp };
}

/** One folder of a browsePathsV2 path: an entity's URN (its id is the URN too), or a plain name. */
export type BrowsePathEntry = { id: string; urn?: string };

/** The folder upstream's default browsePathsV2 puts an entity in when nothing better is known. */
export const DEFAULT_BROWSE_FOLDER: BrowsePathEntry = { id: 'Default' };

/** The folder of an entity that stands for one (a container, a data flow). */
export function browseEntry(urn: string): BrowsePathEntry {
  return { id: urn, urn };
}

export function browsePathsV2(path: readonly BrowsePathEntry[]): Record<string, unknown> {
  return { path: path.map((e) => ({ ...e })) };
}
