/**
 * `GET /__mock/requests`: the journal entries of one session or of all, oldest first, filtered by
 * operation, status, urn, session and `since` (an entry id: only later ones), `limit` the newest N; the
 * answer's JSON text.
 */
import type { operations } from '../../spec/types.js';
import { parsedBody, pathOf, queryOf, shownEntry, type Journal, type JournalEntry } from '../controls/journal.js';
import { requestUrns } from '../controls/request-urns.js';

/** The filters of `GET /__mock/requests`, checked against its query parameters. */
export type JournalFilters = NonNullable<operations['listMockRequests']['parameters']['query']>;

/** The URNs of an entry, worked out once; a body that does not hold the prefix is not parsed for them. */
function urnsOf(entry: JournalEntry, urnPrefix: string): string[] {
  const text = entry.requestText;
  entry.urns ??= requestUrns(
    urnPrefix,
    pathOf(entry.url),
    queryOf(entry.url),
    text?.includes(urnPrefix) ? parsedBody(text) : undefined,
  );
  return entry.urns;
}

export function listRequests(
  journals: readonly Journal[],
  { operation, status, urn, session, since, limit }: JournalFilters,
  urnPrefix: string,
): string {
  const wanted = (e: JournalEntry): boolean =>
    (operation === undefined || e.operation === operation) &&
    (status === undefined || e.status === status) &&
    (urn === undefined || urnsOf(e, urnPrefix).includes(urn)) &&
    (session === undefined || e.session === session) &&
    (since === undefined || e.id > since);
  const matching = journals.flatMap((journal) => journal.list().filter(wanted));
  if (journals.length > 1) matching.sort((a, b) => a.id - b.id);
  const kept = limit === undefined ? matching : matching.slice(-limit);
  // Written as text: each entry's bodies are their own JSON text (../controls/journal.ts shownEntry).
  const requests = kept.map((entry) => shownEntry(entry, urnsOf(entry, urnPrefix))).join(',');
  return `{"requests":[${requests}],"total":${matching.length}}`;
}
