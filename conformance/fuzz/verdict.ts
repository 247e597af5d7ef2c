/**
 * What a case's response must be: a 4xx (for GraphQL, a 4xx or a 200 with errors), never a 5xx, never
 * an acceptance, never a hang; and, against the mock (strict), a 4xx carries the shared error body
 * `{status, message, exceptionClass}` whose message names the broken field (401 and 404 exempt).
 * Undefined when the response is right, else why it is wrong.
 */
import type { FuzzCase } from './fuzz-case.js';
import type { FuzzResponse } from './differences.js';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function verdict(fuzzCase: FuzzCase, response: FuzzResponse, strict: boolean): string | undefined {
  const { status } = response;
  if (status >= 500) return `answered ${status}, a server error, to bad input`;
  if (fuzzCase.graphql) {
    const errors = (parsed(response.text) as { errors?: unknown[] } | undefined)?.errors;
    if (status >= 400 || (status === 200 && Array.isArray(errors) && errors.length > 0)) return undefined;
    return `answered ${status} without errors to a broken GraphQL request`;
  }
  if (status < 400) return `answered ${status}: the broken request was accepted`;
  if (!strict || status === 401 || status === 404) return undefined;
  const body = parsed(response.text) as { status?: unknown; message?: unknown; exceptionClass?: unknown } | undefined;
  if (!body || body.status !== status || typeof body.message !== 'string' || typeof body.exceptionClass !== 'string')
    return `answered ${status} without the error body {status, message, exceptionClass}`;
  const message = body.message.toLowerCase();
  if (!fuzzCase.names.some((name) => message.includes(name.toLowerCase())))
    return `answered ${status} with a message that does not name ${fuzzCase.names.join(' or ')}: ${body.message.slice(0, 200)}`;
  return undefined;
}
