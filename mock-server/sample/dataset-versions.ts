/**
 * A version set: the orders table's first version (the retired legacy.orders_v1) and its current one
 * (clean.orders), each with the versionProperties upstream's versioning writes (VersionProperties.pdl,
 * v1.3.0.1): its set, its version tag, its sort id, and which one is the latest. The set itself is its key.
 */
import { datasetUrn } from './datasets.js';
import type { SampleBuilder } from './sample-builder.js';

const VERSIONS = [
  { dataset: 'orders_v1', tag: '1', sortId: 'AAAAAAAA', comment: 'The first orders table, retired.', daysAgo: 400 },
  { dataset: 'orders', tag: '2', sortId: 'AAAAAAAB', comment: 'Rebuilt on the cleaned order events.', daysAgo: 90 },
];

export function addDatasetVersions(b: SampleBuilder): void {
  const set = b.urn('versionSet', 'orders', 'dataset');
  b.add(set, 'versionSetKey', { id: 'orders', entityType: 'dataset' });
  VERSIONS.forEach((v, i) =>
    b.add(datasetUrn(b, v.dataset), 'versionProperties', {
      versionSet: set,
      version: { versionTag: v.tag },
      sortId: v.sortId,
      versioningScheme: 'LEXICOGRAPHIC_STRING',
      comment: v.comment,
      metadataCreatedTimestamp: b.stamp(v.daysAgo, b.urn('corpuser', 'datahub')),
      isLatest: i === VERSIONS.length - 1,
    }),
  );
}
