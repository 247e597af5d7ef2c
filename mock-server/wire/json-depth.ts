/**
 * The nesting limit of JSON: Jackson's default `StreamReadConstraints` maximum nesting depth (1000),
 * which upstream's readers keep. Deeper JSON would otherwise reach code that recurses once per level
 * (schema validation, the store's canonical JSON, JSON.stringify) and overflow its stack. The one
 * depth rule of every walker of user JSON: text is measured before it is parsed (`nestsTooDeep`), a
 * value that was built some other way (a seed entry, a patched aspect) is measured without recursion
 * (`valueNestsTooDeep`).
 */
import { badRequest, type RestliError } from '../errors.js';

export const MAX_JSON_DEPTH = 1000;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when the objects and arrays of `text` nest deeper than the limit; brackets inside strings do not count. */
export function nestsTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  // Each level takes at least one character, so short text cannot be too deep.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

/**
 * True when the objects and arrays of a parsed value nest deeper than the limit, measured as
 * `nestsTooDeep` measures its text (a scalar is depth 0, `[]` and `{}` depth 1). Walks with a stack of
 * its own, never recursion, and stops at the first level past the limit.
 */
export function valueNestsTooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  const pending: { value: object; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children)
      if (child !== null && typeof child === 'object') pending.push({ value: child as object, depth: next.depth + 1 });
  }
  return false;
}

/** The message of JSON at `field` that nests too deep (a 400's, or a seed file's error). */
export function tooDeepMessage(field: string): string {
  return `${field}: JSON nesting depth exceeds the maximum allowed (${MAX_JSON_DEPTH})`;
}

/** The 400 for JSON text at `field` that nests too deep. */
export function tooDeep(field: string): RestliError {
  return badRequest(tooDeepMessage(field));
}
