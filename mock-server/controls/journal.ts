/**
 * The request journal of one session: every request to the service's API, the newest kept up to two
 * bounds, a number of entries and a number of bytes (`--journal-size`, `--journal-bytes`). Entries
 * keep the bodies as text (cut at 64 kB) and are parsed only when listed, so recording costs a few
 * property copies per request; a body that nests deeper than the JSON depth limit is listed as its
 * text, never parsed.
 */
import { nestsTooDeep } from '../wire/json-depth.js';

/** Bodies longer than this are cut, and the entry says so. */
export const BODY_LIMIT = 64 * 1024;

/**
 * A request as recorded: what the exchange had at hand, kept as it was (strings and the header object
 * node made). Everything derived (the time as text, path and query, URNs, parsed bodies) is worked
 * out when the entry is listed, so the requests under test pay little for the journal.
 */
export interface JournalEntry {
  id: number;
  /** Epoch ms of arrival. */
  arrived: number;
  /** The session's id; null for the default session. */
  session: string | null;
  method: string;
  /** The request target as the handlers saw it: without the session prefix. */
  url: string;
  /** The OpenAPI operationId, `graphql:<operation>`, or null when the request matched none. */
  operation: string | null;
  /** null when the connection was closed without a response. */
  status: number | null;
  durationMs: number;
  headers: Record<string, string | string[] | undefined>;
  requestText: string | undefined;
  responseText: string | undefined;
  /** The URNs the request named: worked out on first listing, or immediately for a body too long to keep whole. */
  urns?: string[];
  /** The fault that responded to the request, if one did. */
  fault?: { id: string; kind: string };
  /** Whether the kept request and response bodies are JSON shown as they are, worked out on first listing. */
  requestJson?: boolean;
  responseJson?: boolean;
}

/** The parsed JSON of a kept body, undefined when it is not JSON, was cut or nests too deep to walk. */
export function parsedBody(text: string | undefined): unknown {
  if (text === undefined || text === '' || text.length > BODY_LIMIT || nestsTooDeep(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a kept body is JSON the journal shows as it is: whole, within the depth limit, and parsable. */
function isShownJson(text: string | undefined): boolean {
  return parsedBody(text) !== undefined;
}

/**
 * A body as the journal shows it, as JSON text: the body's own text when it is JSON (`json`; never parsed
 * and written again on listing: megabytes of deep bodies took seconds), else the text as a string, cut at
 * the limit (`truncated`), or null when there is none.
 */
function shownBody(text: string | undefined, json: boolean): string {
  if (text === undefined || text === '') return '"body":null';
  if (text.length > BODY_LIMIT) return `"body":${JSON.stringify(text.slice(0, BODY_LIMIT))},"truncated":true`;
  return `"body":${json ? text : JSON.stringify(text)}`;
}

/** The query of a request target as an object; a repeated parameter is an array. */
export function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
}

export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** A sign-in's body text as the journal shows it: the password elided, like the credentials in the headers. */
function withoutPassword(operation: string | null, text: string | undefined): string | undefined {
  if (operation !== 'frontend:logIn' || text === undefined) return text;
  const body = parsedBody(text);
  if (typeof body !== 'object' || body === null || !('password' in body)) return text;
  return JSON.stringify({ ...body, password: '[elided]' });
}

/** An entry as `GET /__mock/requests` answers it, as JSON text. */
export function shownEntry(entry: JournalEntry, urns: string[]): string {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of queryOf(entry.url)) {
    const known = query[key];
    query[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  // The credentials: a bearer token, and the frontend's session cookie that holds one.
  const { authorization, cookie } = entry.headers;
  const headers =
    authorization === undefined && cookie === undefined
      ? entry.headers
      : {
          ...entry.headers,
          ...(authorization === undefined ? {} : { authorization: '[elided]' }),
          ...(cookie === undefined ? {} : { cookie: '[elided]' }),
        };
  const fields = JSON.stringify({
    id: entry.id,
    time: new Date(entry.arrived).toISOString(),
    session: entry.session,
    method: entry.method,
    path: pathOf(entry.url),
    query,
    operation: entry.operation,
    status: entry.status,
    durationMs: entry.durationMs,
    urns,
  });
  entry.requestJson ??= isShownJson(entry.requestText);
  entry.responseJson ??= isShownJson(entry.responseText);
  const requestBody = shownBody(withoutPassword(entry.operation, entry.requestText), entry.requestJson);
  const request = `{"headers":${JSON.stringify(headers)},${requestBody}}`;
  const response = `{${shownBody(entry.responseText, entry.responseJson)}}`;
  const fault = entry.fault ? `,"fault":${JSON.stringify(entry.fault)}` : '';
  return `${fields.slice(0, -1)},"request":${request},"response":${response}${fault}}`;
}

/**
 * A text as the journal keeps it: whole up to the limit, otherwise its start and one more character
 * (which marks it cut), copied so that the large text it came from is not held by the slice.
 */
function kept(text: string | undefined): string | undefined {
  if (text === undefined || text.length <= BODY_LIMIT) return text;
  return Buffer.from(text.slice(0, BODY_LIMIT + 1), 'utf8').toString('utf8');
}

/**
 * What an entry counts towards the journal's bytes: the characters of the texts it keeps (target and
 * bodies; a character of JavaScript text takes one or two bytes). Its headers are bounded by node's
 * header size limit and counted with the entries.
 */
function weightOf(entry: JournalEntry): number {
  return entry.url.length + (entry.requestText?.length ?? 0) + (entry.responseText?.length ?? 0);
}

export class Journal {
  // Oldest first from `head`; the entries before it were dropped and are cut off once they are half the array.
  private entries: JournalEntry[] = [];
  private head = 0;
  private kept = 0;

  /**
   * `size`: entries kept at most (0 turns the journal off); `bytes`: what the kept entries weigh at
   * most (`weightOf`), the newest entry kept whatever it weighs.
   */
  constructor(
    readonly size: number,
    readonly bytes = Infinity,
  ) {}

  add(entry: JournalEntry): void {
    if (this.size === 0) return;
    entry.requestText = kept(entry.requestText);
    entry.responseText = kept(entry.responseText);
    const weight = weightOf(entry);
    while (this.count > 0 && (this.count >= this.size || this.kept + weight > this.bytes)) this.dropOldest();
    this.entries.push(entry);
    this.kept += weight;
  }

  private dropOldest(): void {
    this.kept -= weightOf(this.entries[this.head] as JournalEntry);
    this.entries[this.head++] = undefined as unknown as JournalEntry;
    if (this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** Oldest first. */
  list(): readonly JournalEntry[] {
    return this.head === 0 ? this.entries : this.entries.slice(this.head);
  }

  get count(): number {
    return this.entries.length - this.head;
  }

  clear(): void {
    this.entries = [];
    this.head = 0;
    this.kept = 0;
  }
}
