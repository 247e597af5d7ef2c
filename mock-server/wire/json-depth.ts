/**
 * The nesting limit of JSON text: Jackson's default `StreamReadConstraints` maximum nesting depth
 * (1000), which upstream's readers keep. Deeper text would otherwise reach code that recurses once per
 * level (schema validation, the store's canonical JSON) and overflow its stack.
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

/** The 400 for JSON text at `field` that nests too deep. */
export function tooDeep(field: string): RestliError {
  return badRequest(`${field}: JSON nesting depth exceeds the maximum allowed (${MAX_JSON_DEPTH})`);
}
