/**
 * Answers that embed stored aspects as they are: the store keeps each aspect as JSON text, and an
 * answer that carries it as a JSON value can splice that text in instead of parsing it into objects
 * only for the response to serialise them again (most of an entity read's time otherwise).
 */

/** JSON text that goes into an answer as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

// A whole JSON string that stands for the n-th raw text. Only the answer's own envelope passes through
// JSON.stringify, and none of its strings (URNs, names, actors) can be a NUL followed by digits alone.
const PLACEHOLDER = /"\\u0000(\d+)"/;

/** JSON.stringify that writes every RawJson's text in its place. */
export function stringifyAnswer(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `\u0000${raws.push(v.text) - 1}` : v));
  if (!raws.length) return text;
  // split with a capturing group alternates envelope text and placeholder numbers; raw texts are never scanned.
  return text
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 ? raws[Number(part)] : part))
    .join('');
}
