/**
 * Aspect values parsed once per distinct stored text. A read hands back the row's JSON text, and
 * clients ask for the same entities over and over: parsing a dataset's schema costs twice its read.
 * Keyed by the text itself, so a write (a new text) needs no invalidation. A value is shared by every
 * request that reads the same text, so it is frozen: a reader that tried to change one fails loudly.
 */
import type { StoredAspect } from '../../store/types.js';
import type { JsonObject } from '../json-values.js';

/** The texts kept, in characters: a few megabytes, emptied when full (clients repeat a few entities, not the catalog). */
const MAX_CHARS = 4_000_000;

function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const member of Object.values(value)) frozen(member);
    Object.freeze(value);
  }
  return value;
}

export class ParsedValues {
  private readonly byText = new Map<string, JsonObject>();
  private chars = 0;

  of(stored: StoredAspect): JsonObject {
    const text = stored.valueJson;
    let value = this.byText.get(text);
    if (!value) {
      value = frozen(JSON.parse(text) as JsonObject);
      if (this.chars + text.length > MAX_CHARS) {
        this.byText.clear();
        this.chars = 0;
      }
      this.byText.set(text, value);
      this.chars += text.length;
    }
    return value;
  }
}
