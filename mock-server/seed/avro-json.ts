/**
 * Turns the Avro-JSON encoding of an MCE aspect into the plain JSON the aspect schemas describe,
 * following the steps of the upstream fixtures' README: drop `pegasus2avro.` from union keys, unwrap
 * Avro optional-field unions, keep real unions, drop nulls, collapse unions-with-aliases.
 *
 * Whether `{k: v}` is an Avro wrapper or a real union member is decided by the aspect schema: the
 * wrapper stays when the schema models `k` as a property there (ChartInfo.inputs items
 * `{string: urn}`) or the value is a one-key union object (platformSchema, SchemaFieldDataType.type).
 * Without a schema (opaque aspects) only the Avro primitive wrappers are unwrapped.
 */
import type { JsonSchema } from '../../spec/index.js';

const AVRO_WRAPPERS: ReadonlySet<string> = new Set([
  'string',
  'int',
  'long',
  'float',
  'double',
  'boolean',
  'bytes',
  'array',
  'map',
]);
const AVRO_NAMESPACE = 'pegasus2avro.';

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema and every schema it combines with allOf/anyOf/oneOf. */
function branches(schema: JsonSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  const out = [schema];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const branch of list) out.push(...branches(branch as JsonSchema));
  }
  return out;
}

function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  for (const branch of branches(schema)) {
    const property = (branch.properties as Record<string, JsonSchema> | undefined)?.[key];
    if (property) return property;
  }
  for (const branch of branches(schema)) {
    if (isObject(branch.additionalProperties)) return branch.additionalProperties as JsonSchema;
  }
  return undefined;
}

function itemSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  return branches(schema).find((branch) => isObject(branch.items))?.items as JsonSchema | undefined;
}

/**
 * True when the schema takes `{key: ...}` as a value of its own, not as an Avro wrapper: `key` is one
 * of its properties (a union member such as `string`), or it is a map or a one-key union object
 * (their keys are data: `platformSchema: {<schema record name>: {...}}`, `customProperties: {"a.b": "c"}`).
 */
function keepsUnionKey(schema: JsonSchema, key: string): boolean {
  return branches(schema).some(
    (branch) =>
      (branch.properties as Record<string, unknown> | undefined)?.[key] !== undefined ||
      isObject(branch.additionalProperties),
  );
}

/** A one-member union such as ChartDataSourceType (`{string: urn}`): the member key when the schema has such a branch. */
function singleMemberUnionKey(schema: JsonSchema | undefined): string | undefined {
  for (const branch of branches(schema)) {
    const properties = branch.properties as Record<string, unknown> | undefined;
    const required = branch.required as string[] | undefined;
    if (branch.type === 'object' && properties && branch.additionalProperties === false && required?.length === 1) {
      const [key] = required;
      if (key && AVRO_WRAPPERS.has(key) && Object.keys(properties).length === 1) return key;
    }
  }
  return undefined;
}

/** A union key without Avro's `pegasus2avro.` namespace segment. */
export function stripAvroNamespace(key: string): string {
  return key.split(AVRO_NAMESPACE).join('');
}

/** Removes null values from objects and arrays, at every depth. */
export function dropNulls(value: Json): Json {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(dropNulls);
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) out[key] = dropNulls(item);
  return out;
}

/** Normalises one Avro-JSON value against its schema (undefined for parts the contract does not model). */
export function normaliseAvroJson(value: Json, schema?: JsonSchema): Json {
  if (Array.isArray(value)) {
    const items = itemSchema(schema);
    return value.filter((item) => item !== null).map((item) => normaliseAvroJson(item, items));
  }
  if (typeof value === 'string') {
    // A bare member of a one-member union (an old ChartInfo.inputs form) gets its union key back.
    const member = singleMemberUnionKey(schema);
    return member ? { [member]: value } : value;
  }
  if (!isObject(value)) return value;

  const discriminator = value.fieldDiscriminator;
  if (typeof discriminator === 'string') {
    // Avro union-with-aliases: `{fieldDiscriminator: k, k: v, other: null}` is the Pegasus union `{k: v}`.
    return { [discriminator]: normaliseAvroJson(value[discriminator], propertySchema(schema, discriminator)) };
  }

  const entries = Object.entries(value).filter(([, item]) => item !== null);
  const [only] = entries;
  if (entries.length === 1 && only) {
    const key = stripAvroNamespace(only[0]);
    const isWrapperKey = AVRO_WRAPPERS.has(key) || key.includes('.');
    if (isWrapperKey) {
      const keep = schema ? keepsUnionKey(schema, key) : !AVRO_WRAPPERS.has(key);
      if (!keep) return normaliseAvroJson(only[1], schema);
    }
  }
  const out: Record<string, Json> = {};
  for (const [rawKey, item] of entries) {
    const key = stripAvroNamespace(rawKey);
    out[key] = normaliseAvroJson(item, propertySchema(schema, key));
  }
  return out;
}
