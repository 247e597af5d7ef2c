/**
 * Deleting an entity as upstream's delete resolvers do: the entity with every aspect
 * (EntityClient.deleteEntity), then the references other entities hold to it
 * (EntityClient.deleteEntityReferences → DeleteEntityService.deleteReferencesTo, metadata-service/services/
 * .../entity/DeleteEntityService.java at v1.3.0.1). For each entity with an edge to it, every latest aspect
 * whose `x-relationship` of that edge's name holds the URN gets the URN taken out along the annotation's
 * path, as DeleteEntityUtils.getAspectWithReferenceRemoved does: an array item holding it goes, an optional
 * field goes, and a required field takes the record holding it along; an aspect left without a required
 * top-level field is deleted. The rewrites are the system actor's, as upstream's. Upstream clears the
 * references after answering; here they go in the same transaction, so a read after the answer sees them gone.
 * Aspects stored opaque (without a schema) have no annotations and keep their references, as they have no
 * edges; key aspects are never rewritten.
 */
import type { JsonSchema, RelationshipField } from '../../../spec/index.js';
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import { targetUrn } from '../target-urn.js';

/** Marks a value the reference removal takes away with its holder. */
const GONE = Symbol('gone');
type Removed = unknown | typeof GONE;

const EDGE_PAGE = 10_000;

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties ?? {}) as Record<string, JsonSchema>;
}

const requiredIn = (schema: JsonSchema | undefined, field: string): boolean =>
  Array.isArray(schema?.required) && (schema.required as unknown[]).includes(field);

/** The value with `urn` taken out along `path` (`*` array items, `$value` map values), GONE when its holder must go. */
function withoutReference(
  value: unknown,
  path: readonly string[],
  schema: JsonSchema | undefined,
  urn: string,
): Removed {
  if (path.length === 0) return value === urn ? GONE : value;
  const [step, ...rest] = path;
  if (step === '*') {
    if (!Array.isArray(value)) return value;
    const items = schema?.items as JsonSchema | undefined;
    return value.map((item) => withoutReference(item, rest, items, urn)).filter((item) => item !== GONE);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (step === '$value') {
    const values = schema?.additionalProperties as JsonSchema | undefined;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) {
      const kept = withoutReference(item, rest, values, urn);
      if (kept !== GONE) out[key] = kept;
    }
    return out;
  }
  if (step === undefined || !(step in record)) return value;
  const kept = withoutReference(record[step], rest, propertiesOf(schema)[step], urn);
  if (kept !== GONE) return { ...record, [step]: kept };
  if (requiredIn(schema, step)) return GONE;
  const { [step]: _removed, ...others } = record;
  return others;
}

/** Takes `urn` out of every aspect of `source` that refers to it by the relationship `type`. */
function removeReferencesIn(ctx: GraphqlContext, source: string, type: string, urn: string, write: WriteContext): void {
  const entity = targetUrn(ctx, source).entity;
  for (const stored of ctx.store.latestAspects(source)) {
    const spec = ctx.contract.aspects.get(stored.aspect);
    const fields = (spec?.relationships ?? []).filter((field: RelationshipField) => field.name === type);
    if (!spec || fields.length === 0 || stored.aspect === entity.keyAspect) continue;
    let value: Removed = stored.value;
    for (const field of fields) if (value !== GONE) value = withoutReference(value, field.path, spec.schema, urn);
    if (value === GONE) ctx.store.deleteAspect(entity.name, source, stored.aspect, write);
    else if (JSON.stringify(value) !== JSON.stringify(stored.value))
      ctx.store.upsertAspect(entity.name, source, stored.aspect, value as Record<string, unknown>, write);
  }
}

/** Deletes the entity and the references to it, in the caller's transaction. */
export function deleteEntityAndReferences(ctx: GraphqlContext, urn: string, write: WriteContext): void {
  const entity = targetUrn(ctx, urn).entity;
  const edges = ctx.store.relationships({ urn, direction: 'INCOMING', types: [], start: 0, count: EDGE_PAGE });
  ctx.store.deleteAspect(entity.name, urn, entity.keyAspect, write);
  const system = { ...write, actor: ctx.store.systemActor };
  for (const edge of edges.relationships) removeReferencesIn(ctx, edge.entity, edge.type, urn, system);
}
