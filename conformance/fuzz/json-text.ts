/**
 * JSON text with parts a JavaScript value cannot hold or JSON.stringify cannot write: numbers such as
 * 2^64 or 1e400, nesting thousands deep. A `RawJson` is written as its text, exactly.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with each RawJson written as its text. */
export function jsonText(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      marks.push(v.text);
      return `\u0000raw${marks.length - 1}\u0000`;
    }
    return v;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)] ?? 'null');
}
