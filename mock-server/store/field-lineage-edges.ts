/**
 * The column-level lineage edges upstream's graph draws by hand rather than from annotations
 * (UpdateGraphIndicesService.getEdgesAndRelationshipTypesFromAspect, metadata-io, v1.3.0.1): a
 * relationship annotation links the entity owning the aspect to something else, but column lineage
 * links two schema fields. Each edge is `<downstream field> DownstreamOf <upstream field>`, owned by
 * the entity whose aspect states it (its lifecycle owner), with no times of its own:
 * - upstreamLineage (a dataset) and dataJobInputOutput (a data job): every downstream of each
 *   fineGrainedLineages item with every upstream; an item without downstreams or upstreams ends the
 *   list there, as upstream's loop `break`s on it;
 * - inputFields (a chart or dashboard): the entity's own field of each input's `schemaField.fieldPath`
 *   downstream of the input's `schemaFieldUrn`.
 */
import { valuesAt } from '../../spec/index.js';

/** The relationship name of a column-level lineage edge. */
export const FIELD_LINEAGE_RELATIONSHIP = 'DownstreamOf';

export interface FieldLineageEdge {
  source: string;
  destination: string;
}

const FINE_GRAINED_ASPECTS: ReadonlySet<string> = new Set(['upstreamLineage', 'dataJobInputOutput']);
const INPUT_FIELDS_ASPECT = 'inputFields';

/** The aspects whose values state column-level lineage edges. */
export const derivesFieldLineage = (aspect: string): boolean =>
  FINE_GRAINED_ASPECTS.has(aspect) || aspect === INPUT_FIELDS_ASPECT;

const urns = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** `urn:<ns>:schemaField:(<entity urn>,<fieldPath>)`, in the namespace of the entity's URN (SchemaFieldUtils.generateSchemaFieldUrn). */
function schemaFieldUrn(entity: string, fieldPath: string): string {
  const namespace = entity.split(':')[1];
  return `urn:${namespace}:schemaField:(${entity},${fieldPath})`;
}

function fineGrainedEdges(value: unknown): FieldLineageEdge[] {
  const edges: FieldLineageEdge[] = [];
  for (const item of valuesAt(value, ['fineGrainedLineages', '*'])) {
    const record = (item ?? {}) as Record<string, unknown>;
    if (!Array.isArray(record.downstreams) || !Array.isArray(record.upstreams)) break;
    for (const downstream of urns(record.downstreams))
      for (const upstream of urns(record.upstreams)) edges.push({ source: downstream, destination: upstream });
  }
  return edges;
}

function inputFieldEdges(entity: string, value: unknown): FieldLineageEdge[] {
  return valuesAt(value, ['fields', '*']).flatMap((item) => {
    const field = (item ?? {}) as { schemaFieldUrn?: unknown; schemaField?: { fieldPath?: unknown } };
    const fieldPath = field.schemaField?.fieldPath;
    if (typeof field.schemaFieldUrn !== 'string' || typeof fieldPath !== 'string') return [];
    return [{ source: schemaFieldUrn(entity, fieldPath), destination: field.schemaFieldUrn }];
  });
}

/** The column-level lineage edges one aspect of an entity states (none for another aspect). */
export function fieldLineageEdges(entity: string, aspect: string, value: unknown): FieldLineageEdge[] {
  if (FINE_GRAINED_ASPECTS.has(aspect)) return fineGrainedEdges(value);
  if (aspect === INPUT_FIELDS_ASPECT) return inputFieldEdges(entity, value);
  return [];
}
