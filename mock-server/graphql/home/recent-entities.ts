/**
 * The recently viewed and recently edited entities of the home page (upstream's RecentlyViewedSource and
 * RecentlyEditedSource at v1.3.0.1, metadata-io/.../recommendation/candidatesource/). Upstream reads the app's
 * usage events (entity views, entity actions) of the caller; the mock reads the same facts from the session's
 * request journal: the caller's GraphQL queries that asked for one entity by `urn` (an entity page's query) are
 * its views, and the URNs its GraphQL mutations named are its edits. Newest first, each entity once, only the
 * entity types upstream supports and entities that exist, at most 5. Outside a session's journal there is none.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { bearerToken } from '../../auth/bearer-auth.js';
import { parsedBody, type JournalEntry } from '../../controls/journal.js';
import { callerOf, type GraphqlContext } from '../context.js';
import { entityTypeOf } from '../discovery/entity-types.js';
import type { EntityView } from '../entities/entity-view.js';
import { objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';

/** The entity types the two sources recommend (their SUPPORTED_ENTITY_TYPES). */
const SUPPORTED = new Set([
  'dataset',
  'dataFlow',
  'dataJob',
  'container',
  'dashboard',
  'chart',
  'mlModel',
  'mlFeature',
  'mlModelGroup',
  'mlFeatureTable',
]);
const MAX_CONTENT = 5;

export type RecentKind = 'viewed' | 'edited';

/** The user an entry's request came from: its bearer token's, else the anonymous user. */
function requester(ctx: GraphqlContext, entry: JournalEntry): string {
  const header = entry.headers.authorization;
  const token = bearerToken(typeof header === 'string' ? header : undefined);
  return (token === undefined ? undefined : ctx.auth.tokens.get(token)?.user) ?? ctx.auth.anonymousActor;
}

/** Every URN string of a JSON value. */
function urnsIn(value: unknown, into: string[]): void {
  if (typeof value === 'string') {
    if (tryParseUrn(value)) into.push(value);
  } else if (Array.isArray(value)) for (const item of value) urnsIn(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) urnsIn(item, into);
}

/** The URNs one journal entry viewed or edited, in the order it named them. */
function touched(entry: JournalEntry, kind: RecentKind): string[] {
  if (entry.status !== 200 || !entry.operation?.startsWith('graphql:')) return [];
  const body = objectOf(parsedBody(entry.requestText));
  const document = stringOr(body?.query);
  if (!document) return [];
  const mutation = /^\s*mutation\b/.test(document);
  const variables = objectOf(body?.variables);
  if (kind === 'viewed') {
    const urn = stringOr(variables?.urn);
    return !mutation && urn ? [urn] : [];
  }
  const urns: string[] = [];
  if (mutation) urnsIn(variables, urns);
  return urns;
}

export function recentEntities(ctx: GraphqlContext, view: EntityView, kind: RecentKind): OutputRecord[] {
  const journal = ctx.journal;
  if (!journal) return [];
  ctx.readJournal = true;
  const caller = callerOf(ctx).user;
  const entries = journal.list();
  const seen = new Set<string>();
  const content: OutputRecord[] = [];
  for (let i = entries.length - 1; i >= 0 && content.length < MAX_CONTENT; i--) {
    const entry = entries[i]!;
    if (requester(ctx, entry) !== caller) continue;
    for (const urn of touched(entry, kind)) {
      if (seen.has(urn) || content.length >= MAX_CONTENT) continue;
      seen.add(urn);
      const entityType = tryParseUrn(urn)?.entityType;
      if (entityType === undefined || !SUPPORTED.has(entityType) || !view.store.entityExists(urn)) continue;
      content.push(
        view.shapes.record('RecommendationContent', {
          value: urn,
          entity: () => view.entity(urn),
          params: view.shapes.record('RecommendationParams', {
            entityProfileParams: view.shapes.record('EntityProfileParams', { urn, type: entityTypeOf(entityType) }),
          }),
        }),
      );
    }
  }
  return content;
}
