/**
 * The access token a sign-in gives (upstream's GMS issues one of type SESSION per sign-in and the
 * frontend keeps it in its session cookie, AuthenticationController.logIn and AuthUtils.createSessionMap,
 * datahub-frontend v1.3.0.1): a signed token naming the user and the role it signed in with, valid as a
 * bearer token (bearer-auth.ts) until it expires, 24 hours after the sign-in as the session's cookie.
 */
import { SignedTokens } from './signed-tokens.js';

/** A sign-in's grant: the user and its role (bearer-auth.ts's TokenGrant, which imports this file). */
export interface SessionGrant {
  token: string;
  user: string;
  role: 'admin' | 'reader';
}

/** How long a sign-in lasts: upstream's `play.http.session.maxAge` and `auth.session.ttlInHours` (datahub-frontend/conf/application.conf, v1.3.0.1). */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

const SESSION_TYPE = 'SESSION';

export class SessionTokens {
  constructor(
    /** The namespace's URN prefix (`urn:svc:`), for the user's URN. */
    private readonly urnPrefix: string,
    readonly signer = new SignedTokens(),
  ) {}

  /** The token of a sign-in of `name` with `role`. */
  issue(name: string, role: SessionGrant['role'], now = Date.now()): string {
    return this.signer.sign(
      { actorType: 'USER', actorId: name, type: SESSION_TYPE, role },
      SESSION_MAX_AGE_SECONDS,
      now,
    );
  }

  /** The grant of a token this server issued that has not expired; undefined for any other text. */
  grantOf(token: string, now = Date.now()): SessionGrant | undefined {
    // Most bearer tokens are not JSON Web Tokens: no signature to work out for them.
    if (token.split('.').length !== 3) return undefined;
    const claims = this.signer.verify(token, now);
    if (!claims || claims.type !== SESSION_TYPE || typeof claims.actorId !== 'string') return undefined;
    const role: SessionGrant['role'] = claims.role === 'reader' ? 'reader' : 'admin';
    return { token, user: `${this.urnPrefix}corpuser:${claims.actorId}`, role };
  }
}
