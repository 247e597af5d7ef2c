/**
 * Relationships between two datasets' fields (datahub-graphql-core/.../types/ermodelrelationship/
 * CreateERModelRelationshipResolver.java, UpdateERModelRelationshipResolver.java and
 * mappers/ERModelRelationshipUpdateInputMapper.java at v1.3.0.1):
 * - createERModelRelationship's URN id is the MD5 (hex) of `{"Destination":"<lower>","ERModelRelationName":
 *   "<name>","Source":"<higher>"}`, the two dataset URNs ordered as strings, so one name between two datasets is
 *   one relationship whichever way it is given; the caller must be allowed to edit both datasets;
 * - both write erModelRelationshipProperties from `properties` (name, source, destination, the field mappings,
 *   the cardinality given or worked out from the mappings: a side naming a field twice is the N side; created
 *   now when `created`, else from createdBy and createdAt; last modified now) and
 *   editableERModelRelationshipProperties from `editableProperties` (the name and description that are not blank).
 * The properties' field mappings are required by the aspect (upstream fails the write without them): their absence
 * is BAD_REQUEST naming the field, as are a source or destination that is not a dataset URN.
 */
import { createHash } from 'node:crypto';
import { makeUrn } from '../../../spec/index.js';
import type { WriteContext } from '../../store/types.js';
import { authorizeMutation, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';

const ENTITY = 'erModelRelationship';

interface PropertiesInput {
  name: string;
  source: string;
  destination: string;
  relationshipFieldmappings?: readonly { sourceField?: string | null; destinationField?: string | null }[] | null;
  erModelRelationshipCardinality?: string | null;
  created?: boolean | null;
  createdAt?: number | null;
  createdBy?: string | null;
}

interface UpdateInput {
  properties?: PropertiesInput | null;
  editableProperties?: { name?: string | null; description: string } | null;
}

/** The cardinality of the mappings: a side that names a field more than once is the N side. */
function cardinalityOf(mappings: NonNullable<PropertiesInput['relationshipFieldmappings']>): string {
  const distinct = (side: 'sourceField' | 'destinationField') =>
    new Set(mappings.map((m) => m[side])).size === mappings.length;
  const source = distinct('sourceField');
  const destination = distinct('destinationField');
  if (source) return destination ? 'ONE_ONE' : 'N_ONE';
  return destination ? 'ONE_N' : 'N_N';
}

function datasetOf(ctx: GraphqlContext, urn: string, at: string): string {
  if (targetUrn(ctx, urn).entity.name !== 'dataset') throw badRequestError(`${at}: ${urn} is not a dataset URN`);
  return urn;
}

function propertiesAspect(ctx: GraphqlContext, input: PropertiesInput, write: WriteContext): Record<string, unknown> {
  const mappings = input.relationshipFieldmappings ?? [];
  if (mappings.length === 0)
    throw badRequestError(
      'input.properties.relationshipFieldmappings: a relationship needs at least one field mapping',
    );
  const stamp = { time: write.now, actor: write.actor };
  const properties: Record<string, unknown> = {
    name: input.name,
    source: datasetOf(ctx, input.source, 'input.properties.source'),
    destination: datasetOf(ctx, input.destination, 'input.properties.destination'),
    relationshipFieldMappings: mappings.map((m) =>
      Object.fromEntries(
        Object.entries({ sourceField: m.sourceField, destinationField: m.destinationField }).filter(
          ([, v]) => v != null,
        ),
      ),
    ),
    cardinality: input.erModelRelationshipCardinality ?? cardinalityOf(mappings),
    lastModified: stamp,
  };
  if (input.created === true) properties.created = stamp;
  else if (input.createdBy != null && input.createdAt != null && input.createdAt !== 0) {
    targetUrn(ctx, input.createdBy);
    properties.created = { time: input.createdAt, actor: input.createdBy };
  }
  return properties;
}

function editableAspect(input: NonNullable<UpdateInput['editableProperties']>): Record<string, unknown> {
  const editable: Record<string, unknown> = {};
  if (input.name != null && input.name.trim() !== '') editable.name = input.name;
  if (input.description.trim() !== '') editable.description = input.description;
  return editable;
}

function writeRelationship(ctx: GraphqlContext, urn: string, input: UpdateInput, write: WriteContext): void {
  const properties = input.properties ? propertiesAspect(ctx, input.properties, write) : undefined;
  const editable = input.editableProperties ? editableAspect(input.editableProperties) : undefined;
  ctx.store.transaction(() => {
    if (properties)
      ctx.store.upsertAspect(ENTITY, urn, 'erModelRelationshipProperties', properties, {
        ...write,
        valueRoot: 'input.properties',
      });
    if (editable)
      ctx.store.upsertAspect(ENTITY, urn, 'editableERModelRelationshipProperties', editable, {
        ...write,
        valueRoot: 'input.editableProperties',
      });
  });
}

/** CreateERModelRelationshipResolver's id: the MD5 of the name and the two datasets in string order. */
function relationshipId(input: PropertiesInput): string {
  const [low, high] = [input.source, input.destination].sort();
  const key = `{"Destination":"${low}","ERModelRelationName":"${input.name}","Source":"${high}"}`;
  return createHash('md5').update(key, 'utf8').digest('hex');
}

export function createERModelRelationship(
  ctx: GraphqlContext,
  view: EntityView,
  input: UpdateInput,
): OutputRecord | null {
  const properties = input.properties;
  if (!properties) throw badRequestError('input.properties: a new relationship needs its properties');
  datasetOf(ctx, properties.source, 'input.properties.source');
  datasetOf(ctx, properties.destination, 'input.properties.destination');
  authorizeMutation(ctx, properties.source);
  const write = authorizeMutation(ctx, properties.destination);
  const urn = makeUrn(ctx.contract.names.urnPrefix, ENTITY, [relationshipId(properties)]);
  writeRelationship(ctx, urn, input, write);
  return view.entity(urn);
}

export function updateERModelRelationship(ctx: GraphqlContext, urn: string, input: UpdateInput): boolean {
  if (targetUrn(ctx, urn).entity.name !== ENTITY) throw badRequestError(`urn: ${urn} is not an ${ENTITY} URN`);
  const write = authorizeMutation(ctx, urn);
  writeRelationship(ctx, urn, input, write);
  return true;
}
