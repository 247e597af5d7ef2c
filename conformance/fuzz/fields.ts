/**
 * The fields a case can break: each property of a baseline body that its schema describes (nested
 * objects and the first item of arrays included), and each path and query parameter.
 */
import type { JsonSchema, ParameterSpec } from '../../spec/index.js';

export interface BodyField {
  /** Keys from the body's root, e.g. ['proposal', 'entityUrn']. */
  path: (string | number)[];
  schema: JsonSchema;
  /** Whether the enclosing object's schema requires it. */
  required: boolean;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  return Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') as string | undefined) : undefined;
}

export function schemaType(schema: JsonSchema): string | undefined {
  return typeOf(schema);
}

/** Dotted name of a body field as the mock's messages write it: `body.proposal.entityUrn`, `body.owners[0].owner`. */
export function fieldName(path: readonly (string | number)[]): string {
  return path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : `${name}.${key}`), 'body');
}

export function bodyFields(
  schema: JsonSchema | undefined,
  value: unknown,
  path: (string | number)[] = [],
): BodyField[] {
  if (!schema || value === null || typeof value !== 'object') return [];
  const out: BodyField[] = [];
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    if (items && value.length > 0) {
      out.push({ path: [...path, 0], schema: items, required: false });
      out.push(...bodyFields(items, value[0], [...path, 0]));
    }
    return out;
  }
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const sub = properties[key];
    if (!sub) continue;
    out.push({ path: [...path, key], schema: sub, required: required.has(key) });
    out.push(...bodyFields(sub, child, [...path, key]));
  }
  return out;
}

/** Whether a field holds a URN: `format: urn`, a `^urn` pattern, or a name ending in urn. */
export function isUrnField(name: string, schema: JsonSchema): boolean {
  return (
    schema.format === 'urn' ||
    (typeof schema.pattern === 'string' && schema.pattern.startsWith('^urn')) ||
    /(^|[a-z])urn$/i.test(name)
  );
}

export function parameterFields(parameters: readonly ParameterSpec[]): ParameterSpec[] {
  return parameters.filter((p) => (p.in === 'path' || p.in === 'query') && p.name !== 'action');
}
