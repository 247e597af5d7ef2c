/**
 * Business attributes (datahub-graphql-core/.../resolvers/businessattribute/CreateBusinessAttributeResolver.java,
 * UpdateBusinessAttributeResolver.java, DeleteBusinessAttributeResolver.java and BusinessAttributeUtils.java at
 * v1.3.0.1), in businessAttributeInfo (BusinessAttributeInfo.pdl):
 * - createBusinessAttribute: the id given or a random UUID, "This Business Attribute already exists!" for a
 *   taken one, a CONFLICT when any business attribute has the name; the name is both name and fieldPath, the
 *   type the SchemaFieldDataType record of the enum value (upstream maps ten of them; the others none), created
 *   and last modified by the caller now; the caller is made an owner and the attribute returned;
 * - updateBusinessAttribute: the name (and fieldPath), description and type given, last modified now; a new name
 *   any business attribute has (the attribute itself included, as upstream's search finds it) is a CONFLICT;
 * - deleteBusinessAttribute deletes the attribute and the references to it.
 * A URN that does not exist is a server error upstream ("This urn does not exist: ..."); here BAD_REQUEST.
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { addCreatorAsOwner } from '../edits/owners.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError, CatalogGraphqlError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { existingOfType, newEntityUrn, refuseExisting, siblingNamed, type Siblings } from './new-entity.js';

const ENTITY = 'businessAttribute';
const INFO = 'businessAttributeInfo';
const SIBLINGS: Siblings = { entity: ENTITY, aspect: INFO };

/** The enum values BusinessAttributeUtils.mapSchemaFieldDataType maps, to their type records' short names. */
const TYPE_RECORDS: Readonly<Record<string, string>> = {
  BYTES: 'BytesType',
  FIXED: 'FixedType',
  ENUM: 'EnumType',
  MAP: 'MapType',
  TIME: 'TimeType',
  BOOLEAN: 'BooleanType',
  STRING: 'StringType',
  NUMBER: 'NumberType',
  DATE: 'DateType',
  ARRAY: 'ArrayType',
};

interface AttributeInput {
  name?: string | null;
  description?: string | null;
  type?: string | null;
}

const missing = (urn: string) => `This urn does not exist: ${urn}`;

function conflict(name: string): CatalogGraphqlError {
  return new CatalogGraphqlError(
    'CONFLICT',
    `"${name}" already exists as Business Attribute. Please pick a unique name.`,
  );
}

/** The stored type of an enum value: `{type: {<record prefix>schema.<Name>Type: {}}}`; undefined for one upstream leaves unset. */
function typeRecord(ctx: GraphqlContext, type: string): Record<string, unknown> | undefined {
  const record = TYPE_RECORDS[type];
  return record ? { type: { [`${ctx.contract.names.recordPrefix}schema.${record}`]: {} } } : undefined;
}

/** The info with the input's name, description and type over it. */
function infoWith(ctx: GraphqlContext, info: Record<string, unknown>, input: AttributeInput): Record<string, unknown> {
  const next = { ...info };
  if (input.name != null) Object.assign(next, { name: input.name, fieldPath: input.name });
  if (input.description != null) next.description = input.description;
  const type = input.type != null ? typeRecord(ctx, input.type) : undefined;
  if (type) next.type = type;
  else if (input.type != null) delete next.type;
  return next;
}

export function createBusinessAttribute(
  ctx: GraphqlContext,
  view: EntityView,
  input: AttributeInput & { id?: string | null; name: string },
): OutputRecord | null {
  const urn = newEntityUrn(ctx, ENTITY, input.id);
  const write = authorizeMutation(ctx, urn);
  const stamp = { time: write.now, actor: write.actor };
  ctx.store.transaction(() => {
    refuseExisting(ctx, urn, 'This Business Attribute already exists!');
    if (siblingNamed(ctx, SIBLINGS, null, input.name)) throw conflict(input.name);
    const info = infoWith(ctx, { created: stamp, lastModified: stamp }, input);
    ctx.store.upsertAspect(ENTITY, urn, INFO, info, { ...write, valueRoot: 'input' });
    addCreatorAsOwner(ctx, urn, write);
  });
  return view.entity(urn);
}

export function updateBusinessAttribute(
  ctx: GraphqlContext,
  view: EntityView,
  urn: string,
  input: AttributeInput,
): OutputRecord | null {
  const write = authorizeMutation(ctx, urn);
  existingOfType(ctx, urn, ENTITY, missing(urn));
  ctx.store.transaction(() => {
    const stored = ctx.store.getAspect(urn, INFO, 0)?.value;
    if (!stored)
      throw badRequestError(`Failed to update Business Attribute. Business Attribute with urn ${urn} does not exist.`);
    if (input.name != null && siblingNamed(ctx, SIBLINGS, null, input.name)) throw conflict(input.name);
    const info = infoWith(ctx, structuredClone(stored), input);
    info.lastModified = { time: write.now, actor: write.actor };
    ctx.store.upsertAspect(ENTITY, urn, INFO, info, { ...write, valueRoot: 'input' });
  });
  return view.entity(urn);
}

export function deleteBusinessAttribute(ctx: GraphqlContext, urn: string): boolean {
  const write = authorizeMutation(ctx, urn);
  existingOfType(ctx, urn, ENTITY, missing(urn));
  ctx.store.transaction(() => deleteEntityAndReferences(ctx, urn, write));
  return true;
}
