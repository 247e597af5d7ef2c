/**
 * The request journal of one session: every request to the service's API, newest kept up to a
 * bound. Entries keep the bodies as text (cut at 64 kB) and are parsed only when listed, so
 * recording costs a few property copies per request.
 */

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
}

/** The parsed JSON of a kept body, undefined when it is not JSON or was cut. */
export function parsedBody(text: string | undefined): unknown {
  if (text === undefined || text === '' || text.length > BODY_LIMIT) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A body as the journal shows it: parsed JSON, the text when it is not JSON or was cut, and whether it was. */
function shownBody(text: string | undefined): { body: unknown; truncated?: true } {
  if (text === undefined || text === '') return { body: null };
  if (text.length > BODY_LIMIT) return { body: text.slice(0, BODY_LIMIT), truncated: true };
  return { body: parsedBody(text) ?? text };
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

/** An entry as `GET /__mock/requests` answers it. */
export function shownEntry(entry: JournalEntry, urns: string[]): Record<string, unknown> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of queryOf(entry.url)) {
    const known = query[key];
    query[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  const headers =
    entry.headers.authorization === undefined ? entry.headers : { ...entry.headers, authorization: '[elided]' };
  return {
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
    request: { headers, ...shownBody(entry.requestText) },
    response: shownBody(entry.responseText),
    ...(entry.fault ? { fault: entry.fault } : {}),
  };
}

/**
 * A text as the journal keeps it: whole up to the limit, otherwise its start and one more character
 * (which marks it cut), copied so that the large text it came from is not held by the slice.
 */
function kept(text: string | undefined): string | undefined {
  if (text === undefined || text.length <= BODY_LIMIT) return text;
  return Buffer.from(text.slice(0, BODY_LIMIT + 1), 'utf8').toString('utf8');
}

export class Journal {
  // A ring once full: the oldest entry is overwritten in place instead of shifting the whole array.
  private entries: JournalEntry[] = [];
  /** Where the next entry goes once the ring is full (also where the oldest one is). */
  private next = 0;

  constructor(readonly size: number) {}

  add(entry: JournalEntry): void {
    if (this.size === 0) return;
    entry.requestText = kept(entry.requestText);
    entry.responseText = kept(entry.responseText);
    if (this.entries.length < this.size) {
      this.entries.push(entry);
      return;
    }
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.size;
  }

  /** Oldest first. */
  list(): readonly JournalEntry[] {
    return this.next === 0 ? this.entries : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }

  get count(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
    this.next = 0;
  }
}
