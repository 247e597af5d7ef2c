/**
 * What every resolver receives: the store and contract of the running server, and what the mutation
 * permission is decided from.
 */
import type { Contract } from '../../spec/index.js';
import type { Journal } from '../controls/journal.js';
import { authorize, type AuthConfig, type Caller } from '../auth/bearer-auth.js';
import { RestliError } from '../errors.js';
import { writeContext } from '../handlers/context.js';
import type { Profile } from '../profile.js';
import type { SearchIndex } from '../search/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { WriteContext } from '../store/types.js';
import { CatalogGraphqlError, UNAUTHORIZED_MESSAGE } from './errors.js';
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
  /** Set by a resolver that read the journal: the answer changes without a write, so the response is not kept. */
  readJournal?: boolean;
  /** The response paths a team's schema had filled (overlay/fill.ts), for `extensions.mockedFields`. */
  mockedFields?: string[];
};

/**
 * The write permission of a mutation, decided by the same rule as the metadata-store API (a reader
 * token may not write). Upstream checks it before anything else, so a missing target still gives 403.
 */
export function authorizeMutation(ctx: GraphqlContext, target: string): WriteContext {
  try {
    const caller = authorize(ctx.auth, { authorization: ctx.authorization, kind: 'protected', write: true, target });
    return writeContext(caller);
  } catch (error) {
    if (error instanceof RestliError && error.status === 403)
      throw new CatalogGraphqlError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
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
