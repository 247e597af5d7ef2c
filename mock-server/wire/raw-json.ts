/**
 * Responses that embed stored aspects as they are: the store keeps each aspect as JSON text, and a
 * response that carries it as a JSON value can splice that text in instead of parsing it into objects
 * only for the response to serialise them again (most of an entity read's time otherwise).
 */

// The raw texts of the response being serialised; stringifyResponse runs synchronously, so one list serves.
let collecting: string[] | undefined;

/** JSON text that goes into a response as it is. */
export class RawJson {
  private decoded: string | undefined;

  /**
   * `bytes`, when given, is the text as UTF-8, made once for a response sent many times, or written
   * from SQLite's texts (a time series response, megabytes long, sent as its bytes alone: its text is
   * decoded only if something asks for it). `giveBack`, with bytes lent to this response, is called
   * once they have been sent.
   */
  constructor(
    text: string | undefined,
    readonly bytes?: Buffer,
    readonly giveBack?: () => void,
  ) {
    this.decoded = text;
  }

  get text(): string {
    return (this.decoded ??= (this.bytes as Buffer).toString('utf8'));
  }

  /** The text if it is at hand, undefined for bytes alone not decoded (the response is sent as the bytes). */
  get textAtHand(): string | undefined {
    return this.decoded;
  }

  /**
   * Inside stringifyResponse, a placeholder for the text (JSON.stringify calls toJSON only on the
   * objects that have it, where a replacer would run on every value of the response); anywhere else,
   * the value the text stands for.
   */
  toJSON(): unknown {
    return collecting ? `\u0000${collecting.push(this.text) - 1}` : JSON.parse(this.text);
  }
}

// A whole JSON string that stands for the n-th raw text. Only the response's own envelope passes through
// JSON.stringify, and none of its strings (URNs, names, actors) can be a NUL followed by digits alone.
const PLACEHOLDER = /"\\u0000(\d+)"/g;

/** JSON.stringify that writes every RawJson's text in its place. */
export function stringifyResponse(value: unknown): string {
  const raws: string[] = [];
  collecting = raws;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    collecting = undefined;
  }
  if (!raws.length) return text;
  // The envelope between placeholders, then each raw text; the raw texts themselves are never scanned.
  let response = '';
  let last = 0;
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(text); m; m = PLACEHOLDER.exec(text)) {
    response += text.slice(last, m.index) + raws[Number(m[1])];
    last = PLACEHOLDER.lastIndex;
  }
  return response + text.slice(last);
}
