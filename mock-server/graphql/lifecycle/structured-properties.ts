/**
 * Structured property definitions (datahub-graphql-core/.../resolvers/structuredproperties/
 * CreateStructuredPropertyResolver.java, UpdateStructuredPropertyResolver.java,
 * DeleteStructuredPropertyResolver.java and .../mutate/util/StructuredPropertyUtils.java at v1.3.0.1;
 * entity-registry/.../models/StructuredPropertyUtils.java for the settings' rule):
 * - createStructuredProperty: the id is the qualified name, else the id, else a random UUID (an id and a
 *   qualified name that differ are refused); a taken URN is "A structured property already exists with this
 *   urn". propertyDefinition holds the qualified name (the id), value type, entity types, display name,
 *   description, immutability, type qualifier, allowed values and cardinality given, created and last modified
 *   by the caller now; structuredPropertySettings the flags given (false otherwise) when settings are given;
 * - updateStructuredProperty changes what is given: display name, description, immutability, allowed types
 *   and allowed values and entity types added to the stored ones, the cardinality made MULTIPLE, the settings'
 *   flags; a property without a definition is refused;
 * - deleteStructuredProperty deletes the property and the references to it.
 * Settings that hide a property while showing it somewhere are refused with upstream's message. The value
 * type must be a dataType URN and each entity type an entityType URN (BAD_REQUEST naming the field), where
 * upstream leaves that to the aspect's validation.
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf, objectsOf, stringsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import type { WriteContext } from '../../store/types.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { existingOfType, newEntityUrn, refuseExisting } from './new-entity.js';

const ENTITY = 'structuredProperty';
const DEFINITION = 'propertyDefinition';
const SETTINGS = 'structuredPropertySettings';
const FLAGS = [
  'isHidden',
  'showInSearchFilters',
  'showInAssetSummary',
  'showAsAssetBadge',
  'showInColumnsTable',
] as const;
const HIDDEN_AND_SHOWN = 'Cannot have property isHidden = true while other display location settings are also true.';

type SettingsInput = Partial<Record<(typeof FLAGS)[number], boolean | null>>;
interface AllowedValueInput {
  stringValue?: string | null;
  numberValue?: number | null;
  description?: string | null;
}

interface CreateInput {
  id?: string | null;
  qualifiedName?: string | null;
  displayName?: string | null;
  description?: string | null;
  immutable?: boolean | null;
  valueType: string;
  typeQualifier?: { allowedTypes?: readonly string[] | null } | null;
  allowedValues?: readonly AllowedValueInput[] | null;
  cardinality?: 'SINGLE' | 'MULTIPLE' | null;
  entityTypes: readonly string[];
  settings?: SettingsInput | null;
}

interface UpdateInput {
  urn: string;
  displayName?: string | null;
  description?: string | null;
  immutable?: boolean | null;
  typeQualifier?: { newAllowedTypes?: readonly string[] | null } | null;
  newAllowedValues?: readonly AllowedValueInput[] | null;
  setCardinalityAsMultiple?: boolean | null;
  newEntityTypes?: readonly string[] | null;
  settings?: SettingsInput | null;
}

/** URNs of one entity type given in an input field; each must be one (BAD_REQUEST naming the field). */
function urnsOfType(ctx: GraphqlContext, urns: readonly string[], entity: string, at: string): string[] {
  urns.forEach((urn, i) => {
    if (targetUrn(ctx, urn).entity.name !== entity) throw badRequestError(`${at}[${i}]: ${urn} is not a ${entity} URN`);
  });
  return [...urns];
}

/** An allowed value as PropertyValue: a string or a number (a double), its description. */
function allowedValue(input: AllowedValueInput, at: string): Record<string, unknown> {
  if (input.stringValue == null && input.numberValue == null)
    throw badRequestError(`${at}: an allowed value needs a stringValue or a numberValue`);
  const value = input.numberValue != null ? { double: input.numberValue } : { string: input.stringValue };
  return input.description != null ? { value, description: input.description } : { value };
}

/** The stored list with the new items added, each once (the patch builder adds by value). */
const added = <T>(stored: readonly T[], more: readonly T[]): T[] => {
  const out = [...stored];
  for (const item of more) if (!out.some((have) => JSON.stringify(have) === JSON.stringify(item))) out.push(item);
  return out;
};

/** structuredPropertySettings with the flags given over the stored ones, checked as upstream checks them. */
function settingsWith(
  stored: Record<string, unknown>,
  input: SettingsInput,
  write: WriteContext,
): Record<string, unknown> {
  const settings: Record<string, unknown> = { ...stored };
  for (const flag of FLAGS) settings[flag] = input[flag] ?? stored[flag] ?? false;
  if (settings.isHidden === true && FLAGS.slice(1).some((flag) => settings[flag] === true))
    throw badRequestError(HIDDEN_AND_SHOWN);
  if (FLAGS.some((flag) => input[flag] != null && input[flag] !== (stored[flag] ?? false)) || !stored.lastModified)
    settings.lastModified = { time: write.now, actor: write.actor };
  return settings;
}

function propertyId(input: CreateInput): string | null {
  if (input.id != null && input.qualifiedName != null && input.id !== input.qualifiedName)
    throw badRequestError('Qualified name and the ID of a structured property must match');
  return input.qualifiedName ?? input.id ?? null;
}

export function createStructuredProperty(
  ctx: GraphqlContext,
  view: EntityView,
  input: CreateInput,
): OutputRecord | null {
  const urn = newEntityUrn(ctx, ENTITY, propertyId(input));
  const write = authorizeMutation(ctx, urn);
  const stamp = { time: write.now, actor: write.actor };
  const definition: Record<string, unknown> = {
    qualifiedName: targetUrn(ctx, urn).parsed.parts[0],
    valueType: urnsOfType(ctx, [input.valueType], 'dataType', 'input.valueType')[0],
    entityTypes: urnsOfType(ctx, input.entityTypes, 'entityType', 'input.entityTypes'),
    created: stamp,
    lastModified: stamp,
  };
  if (input.displayName != null) definition.displayName = input.displayName;
  if (input.description != null) definition.description = input.description;
  if (input.immutable != null) definition.immutable = input.immutable;
  if (input.typeQualifier?.allowedTypes != null)
    definition.typeQualifier = {
      allowedTypes: urnsOfType(ctx, input.typeQualifier.allowedTypes, 'entityType', 'input.typeQualifier.allowedTypes'),
    };
  if (input.allowedValues != null)
    definition.allowedValues = added(
      [],
      input.allowedValues.map((v, i) => allowedValue(v, `input.allowedValues[${i}]`)),
    );
  if (input.cardinality != null) definition.cardinality = input.cardinality;
  const settings = input.settings != null ? settingsWith({}, input.settings, write) : undefined;
  ctx.store.transaction(() => {
    refuseExisting(ctx, urn, 'A structured property already exists with this urn');
    ctx.store.upsertAspect(ENTITY, urn, DEFINITION, definition, { ...write, valueRoot: 'input' });
    if (settings) ctx.store.upsertAspect(ENTITY, urn, SETTINGS, settings, { ...write, valueRoot: 'input.settings' });
  });
  return view.entity(urn);
}

export function updateStructuredProperty(
  ctx: GraphqlContext,
  view: EntityView,
  input: UpdateInput,
): OutputRecord | null {
  const urn = input.urn;
  const write = authorizeMutation(ctx, urn);
  existingOfType(ctx, urn, ENTITY, `input.urn: ${urn} is not an existing structured property.`);
  const stored = ctx.store.getAspect(urn, DEFINITION, 0)?.value;
  if (!stored) throw badRequestError('Attempting to update a structured property with no definition aspect.');
  const definition = structuredClone(stored);
  let changed = false;
  const set = (field: string, value: unknown) => {
    definition[field] = value;
    changed = true;
  };
  if (input.displayName != null) set('displayName', input.displayName);
  if (input.description != null) set('description', input.description);
  if (input.immutable != null) set('immutable', input.immutable);
  if (input.typeQualifier?.newAllowedTypes != null) {
    const types = urnsOfType(
      ctx,
      input.typeQualifier.newAllowedTypes,
      'entityType',
      'input.typeQualifier.newAllowedTypes',
    );
    set('typeQualifier', {
      ...objectOf(definition.typeQualifier),
      allowedTypes: [...stringsOf(objectOf(definition.typeQualifier)?.allowedTypes), ...types],
    });
  }
  if (input.newAllowedValues != null)
    set(
      'allowedValues',
      added(
        objectsOf(definition.allowedValues),
        input.newAllowedValues.map((v, i) => allowedValue(v, `input.newAllowedValues[${i}]`)),
      ),
    );
  if (input.setCardinalityAsMultiple === true) set('cardinality', 'MULTIPLE');
  if (input.newEntityTypes != null)
    set(
      'entityTypes',
      added(
        stringsOf(definition.entityTypes),
        urnsOfType(ctx, input.newEntityTypes, 'entityType', 'input.newEntityTypes'),
      ),
    );
  if (changed) definition.lastModified = { time: write.now, actor: write.actor };
  const settings =
    input.settings != null
      ? settingsWith(structuredClone(ctx.store.getAspect(urn, SETTINGS, 0)?.value ?? {}), input.settings, write)
      : undefined;
  ctx.store.transaction(() => {
    if (changed) ctx.store.upsertAspect(ENTITY, urn, DEFINITION, definition, { ...write, valueRoot: 'input' });
    if (settings) ctx.store.upsertAspect(ENTITY, urn, SETTINGS, settings, { ...write, valueRoot: 'input.settings' });
  });
  return view.entity(urn);
}

export function deleteStructuredProperty(ctx: GraphqlContext, input: { urn: string }): boolean {
  const write = authorizeMutation(ctx, input.urn);
  existingOfType(ctx, input.urn, ENTITY, `input.urn: ${input.urn} is not an existing structured property.`);
  ctx.store.transaction(() => deleteEntityAndReferences(ctx, input.urn, write));
  return true;
}
