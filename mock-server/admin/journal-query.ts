/**
 * `GET /__mock/requests`: the journal entries of one session or of all, oldest first, filtered by
 * operation, status, urn, session and `since` (an entry id: only later ones), `limit` the newest N.
 */
import { badRequest } from '../errors.js';
import { wholeNumberText } from './admin-input.js';
import { parsedBody, pathOf, queryOf, shownEntry, type Journal, type JournalEntry } from './journal.js';
import { requestUrns } from './request-urns.js';

const FILTERS = ['operation', 'status', 'urn', 'session', 'since', 'limit'];

/** The URNs of an entry, worked out once. */
function urnsOf(entry: JournalEntry, urnPrefix: string): string[] {
  entry.urns ??= requestUrns(urnPrefix, pathOf(entry.url), queryOf(entry.url), parsedBody(entry.requestText));
  return entry.urns;
}

export function listRequests(journals: readonly Journal[], params: URLSearchParams, urnPrefix: string): { requests: Record<string, unknown>[]; total: number } {
  for (const key of params.keys()) if (!FILTERS.includes(key)) throw badRequest(`query.${key}: unknown filter; expected ${FILTERS.join(', ')}`);
  const text = (name: string): string | undefined => params.get(name) ?? undefined;
  const number = (name: string): number | undefined => (params.has(name) ? wholeNumberText(params.get(name), `query.${name}`) : undefined);
  const operation = text('operation');
  const urn = text('urn');
  const session = text('session');
  const status = number('status');
  const since = number('since');
  const limit = number('limit');
  const wanted = (e: JournalEntry): boolean =>
    (operation === undefined || e.operation === operation) &&
    (status === undefined || e.status === status) &&
    (urn === undefined || urnsOf(e, urnPrefix).includes(urn)) &&
    (session === undefined || e.session === session) &&
    (since === undefined || e.id > since);
  const matching = journals.flatMap((journal) => journal.list().filter(wanted));
  if (journals.length > 1) matching.sort((a, b) => a.id - b.id);
  if (limit === 0) throw badRequest('query.limit: expected a whole number of at least 1, got 0');
  const kept = limit === undefined ? matching : matching.slice(-limit);
  return { requests: kept.map((entry) => shownEntry(entry, urnsOf(entry, urnPrefix))), total: matching.length };
}
