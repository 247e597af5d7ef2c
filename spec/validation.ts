/**
 * JSON Schema validation against the contract: one Ajv instance per contract, schemas compiled once
 * and cached, and one error formatter whose messages name the offending field and show its value
 * (`body.count: must be integer, got "ten"`, `body: missing required property 'input'`,
 * `body: unknown property 'when' (known: operation, kind, ...)`).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './aspect-spec.js';
import { tryParseUrn } from './urn.js';

const addFormats = addFormatsModule.default;

/** Keywords of OpenAPI and of this spec that are not JSON Schema validation keywords. */
const ANNOTATION_KEYWORDS = ['example', 'xml', 'externalDocs', 'discriminator', 'x-aspect', 'x-searchable', 'x-relationship'];

/**
 * The range of each integer format. An int64 is bounded by the integers a JSON number keeps exactly in
 * JavaScript (and SQLite stores as an integer), ±(2^53−1): a larger one would be rounded or stored as a
 * float. ajv-formats' own int64 accepts any whole number, 1e300 included.
 */
export const INTEGER_RANGES: Record<string, { min: number; max: number }> = {
  int32: { min: -(2 ** 31), max: 2 ** 31 - 1 },
  int64: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
};

export interface ValidationOptions {
  /** A valid value gets the schema's `default` for each absent property, as upstream's validation fills them. */
  fillDefaults?: boolean;
  /** The number of key parts of an entity type's URNs (from the entity registry); undefined for a type it does not know. */
  urnKeyParts?: (entityType: string) => number | undefined;
}

/** `format: urn`: the URN parser of entity URNs, and the key arity of the entity type when it is known. */
function urnFormat(urnKeyParts: ValidationOptions['urnKeyParts']): (text: string) => boolean {
  return (text) => {
    const parsed = tryParseUrn(text);
    if (!parsed) return false;
    const parts = urnKeyParts?.(parsed.entityType);
    return parts === undefined || parts === parsed.parts.length;
  };
}

export function createAjv(options: ValidationOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    validateFormats: true,
    // Each error carries the value it is about and its schema, for the message (formatAjvErrors).
    verbose: true,
    useDefaults: options.fillDefaults ?? false,
  });
  addFormats(ajv);
  for (const [format, { min, max }] of Object.entries(INTEGER_RANGES)) {
    ajv.addFormat(format, { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= min && n <= max });
  }
  ajv.addFormat('urn', { type: 'string', validate: urnFormat(options.urnKeyParts) });
  ajv.addVocabulary(ANNOTATION_KEYWORDS);
  return ajv;
}

export interface Validator {
  (value: unknown): string[];
}

/**
 * Compiles schemas once (by object identity) and returns validators that give readable errors. The
 * Ajv instance is made at the first compile: a server makes several of these at start, and adding
 * the formats and meta-schemas to each was part of every start, used or not.
 */
export class SchemaValidators {
  private ajv: Ajv2020 | undefined;
  private readonly cache = new WeakMap<object, ValidateFunction>();

  constructor(private readonly options: ValidationOptions = {}) {}

  compile(schema: JsonSchema): ValidateFunction {
    let fn = this.cache.get(schema);
    if (!fn) {
      this.ajv ??= createAjv(this.options);
      fn = this.ajv.compile(schema);
      this.cache.set(schema, fn);
    }
    return fn;
  }

  /** Errors of `value` against `schema`, each starting with `root` and the path of the field. */
  validate(schema: JsonSchema, value: unknown, root = 'body'): string[] {
    const fn = this.compile(schema);
    return fn(value) ? [] : formatAjvErrors(fn.errors, root);
  }
}

/** The keywords whose message is about the value itself: the message shows it. */
const VALUE_KEYWORDS = new Set(['type', 'format', 'enum', 'const', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength']);
/** How much of a value a message shows. */
const SHOWN_VALUE_LENGTH = 80;

function shown(value: unknown): string {
  // A number as JavaScript writes it: JSON has no Infinity (a body's 1e400 parses to it).
  const text = typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH)}…` : text;
}

/** The properties an object's schema names, its own and those of its allOf parts (the document is dereferenced). */
function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const parts = (schema.allOf ?? []) as JsonSchema[];
  return [...new Set([...parts.flatMap(propertyNames), ...Object.keys((schema.properties ?? {}) as object)])];
}

/** The message about a property the object's schema does not name (additionalProperties or unevaluatedProperties false). */
function unknownProperty(e: ErrorObject, where: string): string {
  const names = propertyNames(e.parentSchema as JsonSchema | undefined);
  const property = String(e.params.additionalProperty ?? e.params.unevaluatedProperty);
  return `${where}: unknown property '${property}'${names.length ? ` (known: ${names.join(', ')})` : ''}`;
}

export function formatAjvErrors(errors: ErrorObject[] | null | undefined, root = 'body'): string[] {
  const all = errors ?? [];
  const specific = all.filter((e) => !['oneOf', 'anyOf', 'if', 'not'].includes(e.keyword) && !(e.keyword === 'type' && e.params.type === 'null'));
  const chosen = specific.length ? specific : all;
  const messages = chosen.map((e) => {
    const where = root + e.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
    if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') return unknownProperty(e, where);
    if (e.keyword === 'required') return `${where}: missing required property '${String(e.params.missingProperty)}'`;
    return `${where}: ${problem(e)}${VALUE_KEYWORDS.has(e.keyword) && 'data' in e ? `, got ${shown(e.data)}` : ''}`;
  });
  return [...new Set(messages)];
}

function problem(e: ErrorObject): string {
  const range = e.keyword === 'format' ? INTEGER_RANGES[String(e.params.format)] : undefined;
  if (range) return `must be an integer from ${range.min} to ${range.max} (${String(e.params.format)})`;
  if (e.keyword === 'format' && e.params.format === 'urn') return 'is not a URN of the form urn:<namespace>:<entityType>:<key> with the key parts of its entity type';
  if (e.keyword === 'enum') return `must be one of ${(e.params.allowedValues as unknown[]).map(String).join(', ')}`;
  return e.message ?? 'is invalid';
}
