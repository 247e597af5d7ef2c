/**
 * A dataset read at a version stamp, as upstream's VersionedDatasetType and VersionedDatasetMapper read it
 * (datahub-graphql-core/.../types/dataset/VersionedDatasetType.java and mappers/VersionedDatasetMapper.java,
 * v1.3.0.1). The stamp is `<aspect>:<version>` pairs joined by `;` (VersionedUrnUtils.convertVersionStamp):
 * without one every aspect is the latest; with one only the aspects it names are read, each at its version
 * (a version never stored reads as absent). Only the aspects upstream resolves for it are read; the schema
 * is mapped by SchemaMapper (schemaRecord), with when ingestion last observed that version. A URN never
 * written gives null.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { badRequestError } from '../errors.js';
import { numberOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { schemaRecord } from '../schema-metadata-record.js';
import { datasetEditableProperties, datasetProperties, editableSchemaMetadata, viewProperties } from './dataset.js';
import type { EntityAspects, EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

/** The aspects upstream's VersionedDatasetType asks for (ASPECTS_TO_RESOLVE). */
const RESOLVED: ReadonlySet<string> = new Set([
  'datasetKey',
  'datasetProperties',
  'editableDatasetProperties',
  'datasetDeprecation',
  'deprecation',
  'datasetUpstreamLineage',
  'upstreamLineage',
  'editableSchemaMetadata',
  'viewProperties',
  'ownership',
  'institutionalMemory',
  'globalTags',
  'glossaryTerms',
  'status',
  'container',
  'domains',
  'schemaMetadata',
  'siblings',
  'dataProducts',
]);

/** The aspect versions a stamp names; empty for no stamp. A malformed stamp is a BAD_REQUEST naming it. */
export function parseVersionStamp(stamp: string | null | undefined): Map<string, number> {
  const versions = new Map<string, number>();
  if (!stamp || stamp.trim() === '') return versions;
  for (const pair of stamp.split(';')) {
    const tokens = pair.split(':');
    const version = Number(tokens[1]);
    if (tokens.length !== 2 || !/^-?\d+$/.test(tokens[1] ?? '') || !Number.isSafeInteger(version))
      throw badRequestError(`versionStamp: '${stamp}' is not <aspect>:<version> pairs joined by ';'`);
    versions.set(tokens[0] ?? '', version);
  }
  return versions;
}

/** The entity's aspects at the stamp: the named versions, or the latest of each when the stamp is empty. */
function stampedAspects(view: EntityView, urn: string, versions: Map<string, number>): EntityAspects {
  const latest = view.aspectsOf(urn);
  const read = (name: string) => {
    if (!RESOLVED.has(name)) return undefined;
    if (versions.size === 0) return latest.latest(name);
    const version = versions.get(name);
    return version === undefined ? undefined : view.store.getAspect(urn, name, version);
  };
  return {
    latest: read,
    aspect: (name) => {
      const stored = read(name);
      return stored && view.valueOf(stored);
    },
    exists: () => latest.exists(),
    lastIngested: () => latest.lastIngested(),
  };
}

export function versionedDatasetRecord(
  view: EntityView,
  urn: string,
  stamp: string | null | undefined,
): OutputRecord | null {
  const versions = parseVersionStamp(stamp);
  if (!view.store.entityExists(urn)) return null;
  const stored = stampedAspects(view, urn, versions);
  const [platformUrn = '', name = '', origin = ''] = tryParseUrn(urn)?.parts ?? [];
  return view.shapes.recordWithShared('VersionedDataset', pageFields(view, urn, stored), {
    urn,
    type: 'DATASET',
    platform: () => view.dataPlatform(platformUrn),
    name,
    origin,
    properties: () => {
      const aspect = stored.aspect('datasetProperties');
      return aspect ? datasetProperties(view, urn, aspect, name, origin) : null;
    },
    editableProperties: () => datasetEditableProperties(view, stored.aspect('editableDatasetProperties')),
    editableSchemaMetadata: () => editableSchemaMetadata(view, urn, stored),
    viewProperties: () => viewProperties(view, stored.aspect('viewProperties')),
    schema: () => {
      const schema = stored.latest('schemaMetadata');
      return schema
        ? schemaRecord(view, view.valueOf(schema), urn, numberOr(schema.systemMetadata?.lastObserved))
        : null;
    },
  });
}
