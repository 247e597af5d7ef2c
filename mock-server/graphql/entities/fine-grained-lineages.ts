/**
 * Column-level lineage as upstream's FineGrainedLineagesMapper maps it
 * (datahub-graphql-core/.../types/common/mappers/FineGrainedLineagesMapper.java, v1.3.0.1), for a
 * dataset's upstreamLineage (UpstreamLineagesMapper: [] when the aspect has none) and a data job's
 * dataJobInputOutput: only schema field URNs are kept on either side, each as a SchemaFieldRef of the
 * field URN's two key parts (the parent URN as `urn`, the field path as `path`), and the query URN and
 * transform operation as stored.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { objectsOf, stringOr, stringsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';

function schemaFieldRefs(view: EntityView, value: unknown): OutputRecord[] | null {
  if (!Array.isArray(value)) return null;
  return stringsOf(value).flatMap((urn) => {
    const parsed = tryParseUrn(urn);
    if (parsed?.entityType !== 'schemaField') return [];
    const [parent = '', path = ''] = parsed.parts;
    return [view.shapes.record('SchemaFieldRef', { urn: parent, path })];
  });
}

/** The fineGrainedLineages of a stored aspect; null when the aspect holds no such list. */
export function fineGrainedLineageRecords(view: EntityView, lineages: unknown): OutputRecord[] | null {
  if (!Array.isArray(lineages)) return null;
  return objectsOf(lineages).map((lineage) =>
    view.shapes.record('FineGrainedLineage', {
      upstreams: schemaFieldRefs(view, lineage.upstreams),
      downstreams: schemaFieldRefs(view, lineage.downstreams),
      query: stringOr(lineage.query),
      transformOperation: stringOr(lineage.transformOperation),
    }),
  );
}
