/**
 * `GET /__mock/requests`: the journal entries of one session or of all, oldest first, filtered by
 * operation, status, urn, session and `since` (an entry id: only later ones), `limit` the newest N.
 */
import type { operations } from '../../spec/types.js';
import { parsedBody, pathOf, queryOf, shownEntry, type Journal, type JournalEntry } from '../controls/journal.js';
import { requestUrns } from '../controls/request-urns.js';

/** The filters of `GET /__mock/requests`, checked against its query parameters. */
export type JournalFilters = NonNullable<operations['listMockRequests']['parameters']['query']>;

/** The URNs of an entry, worked out once. */
function urnsOf(entry: JournalEntry, urnPrefix: string): string[] {
  entry.urns ??= requestUrns(urnPrefix, pathOf(entry.url), queryOf(entry.url), parsedBody(entry.requestText));
  return entry.urns;
}

export function listRequests(
  journals: readonly Journal[],
  { operation, status, urn, session, since, limit }: JournalFilters,
  urnPrefix: string,
): { requests: Record<string, unknown>[]; total: number } {
  const wanted = (e: JournalEntry): boolean =>
    (operation === undefined || e.operation === operation) &&
    (status === undefined || e.status === status) &&
    (urn === undefined || urnsOf(e, urnPrefix).includes(urn)) &&
    (session === undefined || e.session === session) &&
    (since === undefined || e.id > since);
  const matching = journals.flatMap((journal) => journal.list().filter(wanted));
  if (journals.length > 1) matching.sort((a, b) => a.id - b.id);
  const kept = limit === undefined ? matching : matching.slice(-limit);
  return { requests: kept.map((entry) => shownEntry(entry, urnsOf(entry, urnPrefix))), total: matching.length };
}
