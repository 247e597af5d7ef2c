/**
 * What every resolver receives: the store and contract of the running server, and the mutation
 * permission, decided from the stored policies.
 */
import { tryParseUrn, type Contract } from '../../spec/index.js';
import type { Journal } from '../controls/journal.js';
import { authorize, type AuthConfig, type Caller } from '../auth/bearer-auth.js';
import { RestliError } from '../errors.js';
import { writeContext } from '../handlers/context.js';
import type { Profile } from '../profile.js';
import type { SearchIndex } from '../search/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { WriteContext } from '../store/types.js';
import { CatalogGraphqlError, UNAUTHORIZED_MESSAGE } from './errors.js';
import { actorOf, grantedPrivileges } from './policy-engine.js';
import type { RequestBudget } from './transport/request-budget.js';

export type GraphqlContext = {
  contract: Contract;
  store: CatalogStore;
  discovery: SearchIndex;
  auth: AuthConfig;
  /** Whose behaviour to reproduce where the document and upstream differ (the server's profile). */
  profile: Profile;
  /** The request's Authorization header, for the per-mutation decision. */
  authorization: string | undefined;
  /** The time the request may still take (transport/request-budget.ts). */
  requestBudget: RequestBudget;
  /** The session's request journal, for the recently viewed and edited entities (none outside a session). */
  journal?: Journal | undefined;
  /** Set by a resolver that read the journal or the clock: the answer changes without a write, so the response is not kept. */
  readJournal?: boolean;
  /** The response paths a team's schema had filled (overlay/fill.ts), for `extensions.mockedFields`. */
  mockedFields?: string[];
};

/**
 * The caller of a mutation (a token is needed, 401 without) when the stored policies grant it any of
 * `anyOf` (PolicyEngine, policy-engine.ts): over `target` for a resource check, over the platform for
 * `authorizePlatform`. Upstream's edit checks (AuthorizationUtils.canEditEntity and the checks built on it)
 * accept EDIT_ENTITY or the edit's own privilege, so a resource check asks for EDIT_ENTITY and what the caller
 * adds; a target that is not a URN (an empty batch) needs none. Refused: UNAUTHORIZED with upstream's message,
 * checked before anything else, so a missing target still gives 403. With `--auth off` every caller may.
 */
export function authorizeMutation(ctx: GraphqlContext, target: string, anyOf: readonly string[] = []): WriteContext {
  const caller = mutationCaller(ctx);
  if (ctx.auth.mode !== 'off' && tryParseUrn(target)) {
    const granted = grantedPrivileges(ctx.store, actorOf(ctx.store, caller.user), target);
    if (!['EDIT_ENTITY', ...anyOf].some((privilege) => granted.includes(privilege))) throw unauthorized();
  }
  return writeContext(caller);
}

/** The caller of a mutation that needs any of `anyOf` over the platform (upstream's canManage... checks). */
export function authorizePlatform(ctx: GraphqlContext, anyOf: readonly string[]): WriteContext {
  const caller = mutationCaller(ctx);
  if (!holdsPrivilege(ctx, caller, anyOf)) throw unauthorized();
  return writeContext(caller);
}

/** Whether the caller holds any of the platform privileges (every one with `--auth off`). */
export function holdsPrivilege(ctx: GraphqlContext, caller: Caller, anyOf: readonly string[]): boolean {
  if (ctx.auth.mode === 'off') return true;
  const granted = grantedPrivileges(ctx.store, actorOf(ctx.store, caller.user));
  return anyOf.some((privilege) => granted.includes(privilege));
}

export const unauthorized = (): CatalogGraphqlError => new CatalogGraphqlError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);

/** The caller of a mutation: a token is needed (401 without), whatever its role. */
function mutationCaller(ctx: GraphqlContext): Caller {
  try {
    return authorize(ctx.auth, { authorization: ctx.authorization, kind: 'protected', write: false });
  } catch (error) {
    if (error instanceof RestliError && error.status === 403) throw unauthorized();
    throw error;
  }
}

/**
 * Who sends the request, for the fields that depend on it (the caller's own saved views): the token's
 * user, anonymous without one where none is needed. `write` asks for the token a mutation needs, without
 * the admin role (a reader may change what is its own).
 */
export function callerOf(ctx: GraphqlContext, write = false): Caller {
  return authorize(ctx.auth, { authorization: ctx.authorization, kind: write ? 'protected' : 'open', write: false });
}
