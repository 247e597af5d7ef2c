/**
 * Reading a deployment's responses as the checks need them: the `{value}` envelope, JSON text held in a
 * string, and search hits in either shape.
 */
import { expect, fail } from '../check.js';
import type { ApiResponse } from '../client.js';

// Search hits in either shape are read by deployment/ (shared with the pull); the checks take them from here.
export { hitUrns } from '../../deployment/index.js';

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
