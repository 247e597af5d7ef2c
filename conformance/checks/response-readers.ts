/**
 * Reading a deployment's answers as the checks need them: the `{value}` envelope, JSON text held in a
 * string, and search hits in either shape.
 */
import { expect, fail } from '../check.js';
import type { ApiResponse } from '../client.js';

export function valueOf<T = Record<string, unknown>>(res: ApiResponse): T {
  const body = res.body as { value?: unknown } | undefined;
  expect(body && typeof body === 'object' && 'value' in body, `response has no value: ${res.text.slice(0, 200)}`);
  return body.value as T;
}

export function jsonText<T = Record<string, unknown>>(text: unknown, what: string): T {
  expect(typeof text === 'string', `${what} is not a string holding JSON`);
  try {
    return JSON.parse(text) as T;
  } catch {
    fail(`${what} is not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * The URNs of a search result, in either shape: the document's `entities: [urn]` or upstream's
 * `entities: [{entity: urn, ...}]` (spec/upstream-differences.yaml search-result-shape).
 */
export function hitUrns(result: { entities?: unknown }): string[] {
  const entities = Array.isArray(result.entities) ? (result.entities as unknown[]) : [];
  return entities.map((e) => (typeof e === 'string' ? e : String((e as { entity?: unknown } | null)?.entity)));
}
