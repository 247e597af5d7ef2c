/**
 * The request journal of one session: every request to the service's API, newest kept up to a
 * bound. Entries keep the bodies as text (cut at 64 kB) and are parsed only when listed, so
 * recording costs a few property copies per request.
 */

/** Bodies longer than this are cut, and the entry says so. */
export const BODY_LIMIT = 64 * 1024;

export interface JournalEntry {
  id: number;
  time: string;
  /** The session's id; null for the default session. */
  session: string | null;
  method: string;
  /** As sent, without the session prefix and the query. */
  path: string;
  query: Record<string, string | string[]>;
  /** The OpenAPI operationId, `graphql:<operation>`, or null when the request matched none. */
  operation: string | null;
  /** null when the connection was closed without an answer. */
  status: number | null;
  durationMs: number;
  urns: string[];
  requestHeaders: Record<string, string | string[] | undefined>;
  requestText: string | undefined;
  responseText: string | undefined;
  /** The fault that answered the request, if one did. */
  fault?: { id: string; kind: string };
}

/** A body as the journal shows it: parsed JSON, the text when it is not JSON or was cut, and whether it was. */
function shownBody(text: string | undefined): { body: unknown; truncated?: true } {
  if (text === undefined || text === '') return { body: null };
  if (text.length > BODY_LIMIT) return { body: text.slice(0, BODY_LIMIT), truncated: true };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { body: text };
  }
}

/** An entry as `GET /__mock/requests` answers it. */
export function shownEntry(entry: JournalEntry): Record<string, unknown> {
  const { requestHeaders, requestText, responseText, fault, ...rest } = entry;
  return {
    ...rest,
    request: { headers: requestHeaders, ...shownBody(requestText) },
    response: shownBody(responseText),
    ...(fault ? { fault } : {}),
  };
}

export class Journal {
  private entries: JournalEntry[] = [];

  constructor(readonly size: number) {}

  add(entry: JournalEntry): void {
    if (this.size === 0) return;
    // Only a cut text is kept, never a whole large body.
    if (entry.requestText !== undefined && entry.requestText.length > BODY_LIMIT) entry.requestText = entry.requestText.slice(0, BODY_LIMIT + 1);
    if (entry.responseText !== undefined && entry.responseText.length > BODY_LIMIT) entry.responseText = entry.responseText.slice(0, BODY_LIMIT + 1);
    this.entries.push(entry);
    if (this.entries.length > this.size) this.entries.shift();
  }

  list(): readonly JournalEntry[] {
    return this.entries;
  }

  get count(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
  }
}
