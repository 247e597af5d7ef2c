/**
 * JSON Schema validation against the contract: one Ajv instance per contract, schemas compiled once
 * and cached, and one error formatter whose messages name the offending field
 * (`body.count: must be integer`, `body: missing required property 'input'`).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './aspect-spec.js';

const addFormats = addFormatsModule.default;

/** Keywords of OpenAPI and of this spec that are not JSON Schema validation keywords. */
const ANNOTATION_KEYWORDS = ['example', 'xml', 'externalDocs', 'discriminator', 'x-aspect', 'x-searchable', 'x-relationship', 'x-mocked'];

export function createAjv(options: { fillDefaults?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    validateFormats: true,
    useDefaults: options.fillDefaults ?? false,
  });
  addFormats(ajv);
  ajv.addVocabulary(ANNOTATION_KEYWORDS);
  return ajv;
}

export interface Validator {
  (value: unknown): string[];
}

/** Compiles schemas once (by object identity) and returns validators that give readable errors. */
export class SchemaValidators {
  private readonly ajv: Ajv2020;
  private readonly cache = new WeakMap<object, ValidateFunction>();

  /** `fillDefaults`: a valid value gets the schema's `default` for each absent property, as upstream's validation fills them. */
  constructor(options: { fillDefaults?: boolean } = {}) {
    this.ajv = createAjv(options);
  }

  compile(schema: JsonSchema): ValidateFunction {
    let fn = this.cache.get(schema);
    if (!fn) {
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

export function formatAjvErrors(errors: ErrorObject[] | null | undefined, root = 'body'): string[] {
  const all = errors ?? [];
  const specific = all.filter((e) => !['oneOf', 'anyOf', 'if', 'not'].includes(e.keyword) && !(e.keyword === 'type' && e.params.type === 'null'));
  const chosen = specific.length ? specific : all;
  const messages = chosen.map((e) => {
    const where = root + e.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
    if (e.keyword === 'additionalProperties') return `${where}: unknown property '${String(e.params.additionalProperty)}'`;
    if (e.keyword === 'required') return `${where}: missing required property '${String(e.params.missingProperty)}'`;
    if (e.keyword === 'enum') return `${where}: must be one of ${(e.params.allowedValues as unknown[]).map(String).join(', ')}`;
    return `${where}: ${e.message ?? 'is invalid'}`;
  });
  return [...new Set(messages)];
}
