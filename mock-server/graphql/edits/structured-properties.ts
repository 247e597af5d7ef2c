/**
 * Structured property values on an asset (upstream's UpsertStructuredPropertiesResolver and
 * RemoveStructuredPropertiesResolver under resolvers/structuredproperties/, datahub-graphql-core at v1.3.0.1):
 * upserting replaces the values of each property named (its lastModified the caller, its attribution
 * dropped) and adds the others (created and lastModified the caller); removing takes the named properties
 * away. Both answer the asset's properties as stored after the write. The asset must exist (a schema field
 * need not, as upstream), and, as the ingestion's validator requires, each property's definition must exist
 * and each value be a string or a number.
 */
import type { PropertyValueInput, StructuredPropertyInputParams } from '../../../generated/graphql/resolvers.js';
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { structuredPropertiesRecord } from '../entities/catalog-fields.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, stamp, storedCopy, writeAspect } from './resources.js';

function assetMustExist(ctx: GraphqlContext, urn: string): void {
  const { entity } = targetUrn(ctx, urn);
  if (entity.name !== 'schemaField' && !ctx.store.entityExists(urn))
    throw badRequestError(`Asset with provided urn ${urn} does not exist`);
}

function storedValue(value: PropertyValueInput, where: string): Record<string, unknown> {
  if (value.stringValue != null) return { string: value.stringValue };
  if (value.numberValue != null) return { double: value.numberValue };
  throw badRequestError(`${where}: a value needs stringValue or numberValue`);
}

function answer(ctx: GraphqlContext, view: EntityView, urn: string): OutputRecord {
  const aspect = ctx.store.getAspect(urn, 'structuredProperties', 0)?.value;
  return structuredPropertiesRecord(view, aspect ?? { properties: [] }, urn)!;
}

/** The stored values of one property's input, checked: the definition exists, each value is a string or a number. */
export function checkedValues(
  ctx: GraphqlContext,
  param: StructuredPropertyInputParams,
  where: string,
): [propertyUrn: string, values: Record<string, unknown>[]] {
  targetUrn(ctx, param.structuredPropertyUrn, 'structuredProperty');
  if (!ctx.store.entityExists(param.structuredPropertyUrn))
    throw badRequestError(`${where}.structuredPropertyUrn: ${param.structuredPropertyUrn} does not exist`);
  return [param.structuredPropertyUrn, param.values.map((v, j) => storedValue(v, `${where}.values[${j}]`))];
}

/** Writes the values of the given properties on an asset: each replaces that property's values or is added. */
export function writeValues(
  ctx: GraphqlContext,
  assetUrn: string,
  values: ReadonlyMap<string, Record<string, unknown>[]>,
  write: WriteContext,
): void {
  const updates = new Map(values);
  const aspect = storedCopy(ctx, assetUrn, 'structuredProperties');
  const properties = objectsOf(aspect.properties).map((assignment) => {
    const given = updates.get(String(assignment.propertyUrn));
    if (!given) return assignment;
    updates.delete(String(assignment.propertyUrn));
    const { attribution: _dropped, ...kept } = assignment;
    return { ...kept, values: given, lastModified: stamp(write) };
  });
  for (const [propertyUrn, given] of updates)
    properties.push({ propertyUrn, values: given, created: stamp(write), lastModified: stamp(write) });
  writeAspect(ctx, assetUrn, 'structuredProperties', { ...aspect, properties }, write);
}

export function upsertStructuredProperties(
  ctx: GraphqlContext,
  view: EntityView,
  input: { assetUrn: string; structuredPropertyInputParams: readonly StructuredPropertyInputParams[] },
): OutputRecord {
  const write = authorizeAll(ctx, [input.assetUrn]);
  assetMustExist(ctx, input.assetUrn);
  const values = new Map(
    input.structuredPropertyInputParams.map((param, i) =>
      checkedValues(ctx, param, `input.structuredPropertyInputParams[${i}]`),
    ),
  );
  ctx.store.transaction(() => writeValues(ctx, input.assetUrn, values, write));
  return answer(ctx, view, input.assetUrn);
}

export function removeStructuredProperties(
  ctx: GraphqlContext,
  view: EntityView,
  input: { assetUrn: string; structuredPropertyUrns: readonly string[] },
): OutputRecord {
  const write = authorizeAll(ctx, [input.assetUrn]);
  targetUrn(ctx, input.assetUrn);
  if (!ctx.store.entityExists(input.assetUrn))
    throw badRequestError(`Asset with provided urn ${input.assetUrn} does not exist`);
  const aspect = storedCopy(ctx, input.assetUrn, 'structuredProperties');
  const properties = objectsOf(aspect.properties).filter(
    (assignment) => !input.structuredPropertyUrns.includes(String(assignment.propertyUrn)),
  );
  ctx.store.transaction(() =>
    writeAspect(ctx, input.assetUrn, 'structuredProperties', { ...aspect, properties }, write),
  );
  return answer(ctx, view, input.assetUrn);
}
