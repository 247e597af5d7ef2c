/**
 * Access tokens, as upstream's auth resolvers make them (datahub-graphql-core/.../resolvers/auth/
 * GetAccessTokenResolver.java, CreateAccessTokenResolver.java, ListAccessTokensResolver.java,
 * RevokeAccessTokenResolver.java, v1.3.0.1):
 * - createAccessToken: for oneself with GENERATE_PERSONAL_ACCESS_TOKENS, for anyone with MANAGE_ACCESS_TOKENS;
 *   the token (../../auth/personal-tokens.ts) is a bearer token of the actor until it expires or is revoked, and
 *   its metadata is stored as dataHubAccessTokenInfo at `dataHubAccessToken:<token id>`;
 * - getAccessToken: a token for oneself (GENERATE_PERSONAL_ACCESS_TOKENS), valid as a bearer token, whose
 *   metadata is not stored: it is not listed;
 * - listAccessTokens: the stored metadata matching the filters (ownerUrn, actorUrn), newest first; anyone's with
 *   MANAGE_ACCESS_TOKENS, otherwise only with a filter on the caller's own ownerUrn;
 * - revokeAccessToken: by its owner or with MANAGE_ACCESS_TOKENS; the metadata is deleted and the token refused.
 */
import type {
  AccessTokenDuration,
  FacetFilterInput,
  MutationCreateAccessTokenArgs,
  MutationRevokeAccessTokenArgs,
  QueryGetAccessTokenArgs,
  QueryListAccessTokensArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Caller } from '../../auth/bearer-auth.js';
import { writeContext } from '../../handlers/context.js';
import { callerOf, holdsPrivilege, unauthorized, type GraphqlContext } from '../context.js';
import { accessTokenRecord } from '../entities/access-token.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { urnLastPart, tryParseUrn } from '../../../spec/index.js';
import type { OutputRecord } from '../records.js';
import { pageOf } from './lists.js';
import { newUrn, storedOf } from './stored-entities.js';

const ENTITY = 'dataHubAccessToken';
const ASPECT = 'dataHubAccessTokenInfo';
const MANAGE_TOKENS = ['MANAGE_ACCESS_TOKENS'];
const GENERATE = ['GENERATE_PERSONAL_ACCESS_TOKENS'];

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** Each duration in seconds (AccessTokenUtil.mapDurationToMs); null: no expiry. */
const DURATION_SECONDS: Readonly<Record<AccessTokenDuration, number | null>> = {
  ONE_HOUR: HOUR,
  ONE_DAY: DAY,
  ONE_WEEK: 7 * DAY,
  ONE_MONTH: 30 * DAY,
  THREE_MONTHS: 90 * DAY,
  SIX_MONTHS: 180 * DAY,
  ONE_YEAR: 365 * DAY,
  NO_EXPIRY: null,
};

/** The caller, when it may make a token acting as `actorUrn`. */
function tokenMaker(ctx: GraphqlContext, actorUrn: string, others: boolean): Caller {
  const caller = callerOf(ctx, true);
  if (tryParseUrn(actorUrn)?.entityType !== 'corpuser')
    throw badRequestError(`input.actorUrn: '${actorUrn}' is not a user URN`);
  const own = actorUrn === caller.user && holdsPrivilege(ctx, caller, GENERATE);
  if (!own && !(others && holdsPrivilege(ctx, caller, MANAGE_TOKENS))) throw unauthorized();
  return caller;
}

function issue(ctx: GraphqlContext, caller: Caller, actorUrn: string, duration: AccessTokenDuration) {
  const seconds = DURATION_SECONDS[duration];
  const now = Date.now();
  const { token, id } = ctx.auth.personalTokens.issue(
    urnLastPart(actorUrn),
    caller.role === 'reader' ? 'reader' : 'admin',
    seconds,
    now,
  );
  return { token, id, now, expiresAt: seconds === null ? null : now + seconds * 1000 };
}

export function getAccessToken(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryGetAccessTokenArgs,
): OutputRecord {
  const caller = tokenMaker(ctx, input.actorUrn, false);
  const { token } = issue(ctx, caller, input.actorUrn, input.duration);
  return view.shapes.record('AccessToken', { accessToken: token, metadata: null });
}

export function createAccessToken(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationCreateAccessTokenArgs,
): OutputRecord {
  const caller = tokenMaker(ctx, input.actorUrn, true);
  const { token, id, now, expiresAt } = issue(ctx, caller, input.actorUrn, input.duration);
  const info: Record<string, unknown> = {
    name: input.name,
    actorUrn: input.actorUrn,
    ownerUrn: caller.user,
    createdAt: now,
  };
  if (expiresAt !== null) info.expiresAt = expiresAt;
  if (input.description != null) info.description = input.description;
  const urn = newUrn(ctx, ENTITY, id);
  try {
    ctx.store.upsertAspect(ENTITY, urn, ASPECT, info, { ...writeContext(caller), valueRoot: 'input' });
  } catch (error) {
    ctx.auth.personalTokens.revoke(id);
    throw error;
  }
  return view.shapes.record('AccessToken', { accessToken: token, metadata: accessTokenRecord(view, urn) });
}

function passes(info: Record<string, unknown>, filters: readonly FacetFilterInput[]): boolean {
  return filters.every((filter) => {
    const wanted = filter.values ?? (filter.value != null ? [filter.value] : []);
    const held = wanted.includes(String(info[filter.field]));
    return filter.negated ? !held : held;
  });
}

export function listAccessTokens(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryListAccessTokensArgs,
): OutputRecord {
  const caller = callerOf(ctx, true);
  const filters = input.filters ?? [];
  const ownOnly = filters.some(
    (filter) => filter.field === 'ownerUrn' && (filter.values ?? [filter.value]).every((v) => v === caller.user),
  );
  if (!holdsPrivilege(ctx, caller, MANAGE_TOKENS) && !(ownOnly && holdsPrivilege(ctx, caller, GENERATE)))
    throw unauthorized();
  const tokens = storedOf(ctx, ENTITY, ASPECT)
    .filter(({ value }) => passes(value, filters))
    .sort((a, b) => Number(b.value.createdAt) - Number(a.value.createdAt));
  const page = pageOf(tokens, input);
  return view.shapes.record('ListAccessTokenResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    tokens: page.items.flatMap(({ urn }) => accessTokenRecord(view, urn) ?? []),
  });
}

export function revokeAccessToken(ctx: GraphqlContext, { tokenId }: MutationRevokeAccessTokenArgs): boolean {
  const caller = callerOf(ctx, true);
  const urn = newUrn(ctx, ENTITY, tokenId);
  const info = ctx.store.getAspect(urn, ASPECT, 0)?.value;
  if (!info) throw badRequestError(`tokenId: access token ${tokenId} does not exist`);
  if (info.ownerUrn !== caller.user && !holdsPrivilege(ctx, caller, MANAGE_TOKENS)) throw unauthorized();
  const key = ctx.contract.entity(ENTITY)?.keyAspect ?? 'dataHubAccessTokenKey';
  ctx.store.deleteAspect(ENTITY, urn, key, writeContext(caller));
  ctx.auth.personalTokens.revoke(tokenId);
  return true;
}
