/**
 * Redaction of a pulled slice: every match of a pattern in a string (a URN, an aspect's value or key,
 * system metadata) becomes a placeholder, the same text always the same placeholder. So a user's URN
 * redacted in an ownership aspect is the same redacted URN as that user's own entity, and the
 * relationships between them survive; the original text is left nowhere in the file.
 */
import type { SeedEntry } from './entity-proposals.js';

export interface Redactor {
  entry(entry: SeedEntry): SeedEntry;
  /** Distinct texts replaced so far. */
  replaced(): number;
}

/** A pattern of --redact (JavaScript regular expression syntax), matched everywhere in a string. */
export function redactionPattern(source: string): RegExp {
  return new RegExp(source, 'g');
}

/** A source that is no regular expression, named with the reason. */
export class RedactionPatternError extends Error {
  constructor(
    readonly source: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** The patterns of --redact, each a regular expression that can match some text; a bad one throws a RedactionPatternError. */
export function redactPatterns(sources: readonly string[]): RegExp[] {
  return sources.map((source) => {
    try {
      return redactionPattern(source);
    } catch (error) {
      throw new RedactionPatternError(source, (error as Error).message);
    }
  });
}

export function redactor(patterns: readonly RegExp[]): Redactor {
  const placeholders = new Map<string, string>();

  function text(value: string): string {
    let out = value;
    for (const pattern of patterns) {
      out = out.replace(pattern, (match) => {
        // An empty match (a pattern such as `x*`) has nothing to hide.
        if (!match) return match;
        let placeholder = placeholders.get(match);
        if (placeholder === undefined) {
          placeholder = `redacted-${placeholders.size + 1}`;
          placeholders.set(match, placeholder);
        }
        return placeholder;
      });
    }
    return out;
  }

  function value(json: unknown): unknown {
    if (typeof json === 'string') return text(json);
    if (Array.isArray(json)) return json.map(value);
    if (json && typeof json === 'object')
      return Object.fromEntries(Object.entries(json).map(([key, member]) => [text(key), value(member)]));
    return json;
  }

  return {
    entry: (entry) => ({
      ...entry,
      entityUrn: text(entry.entityUrn),
      aspect: { json: value(entry.aspect.json) },
      ...(entry.systemMetadata !== undefined ? { systemMetadata: value(entry.systemMetadata) } : {}),
    }),
    replaced: () => placeholders.size,
  };
}
