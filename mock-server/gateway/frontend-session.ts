/**
 * The frontend's session of a browser: opened by a sign-in (its two cookies, ./cookies.ts) and read back
 * from a request's cookies as datahub-frontend reads it. Play decodes a session cookie it cannot verify
 * (another server's secret, a changed byte, past its expiry) as an empty session; a visitor is signed
 * in when the session holds an actor and a token and the `actor` cookie names the same actor
 * (AuthUtils.hasValidSessionCookie, datahub-frontend v1.3.0.1). A sign-in inside a session of the mock
 * (`/__session/<id>/`, `X-Mock-Session`) is that session's: its cookie opens nothing in another one.
 */
import type { IncomingMessage } from 'node:http';
import type { AuthConfig, Role } from '../auth/bearer-auth.js';
import { SESSION_MAX_AGE_SECONDS } from '../auth/session-tokens.js';
import { ACTOR_COOKIE, requestCookie, SESSION_COOKIE, setCookie } from './cookies.js';

/** What a request's cookies say: no session cookie, one that decodes to nothing, or a session. */
export type FrontendSession =
  | { kind: 'none' }
  | { kind: 'unreadable' }
  | {
      kind: 'session';
      actor: string;
      /** The access token the frontend forwards as `Authorization: Bearer` (Application.getAuthorizationHeaderValueToProxy). */
      token: string;
      /** Whether the `actor` cookie agrees with the session: the visitor counts as signed in. */
      signedIn: boolean;
    };

export class FrontendSessions {
  constructor(
    private readonly auth: AuthConfig,
    private readonly urnPrefix: string,
  ) {}

  /** The `Set-Cookie` values of a sign-in of `name` with `role`, in the mock session `mockSession` (undefined: the default one). */
  open(name: string, role: Role, mockSession: string | undefined, now = Date.now()): string[] {
    const actor = `${this.urnPrefix}corpuser:${name}`;
    const token = this.auth.sessionTokens.issue(name, role, now);
    const data: Record<string, string> = { actor, token };
    if (mockSession !== undefined) data.mockSession = mockSession;
    const session = this.auth.sessionTokens.signer.sign({ data }, SESSION_MAX_AGE_SECONDS, now);
    return [
      setCookie(SESSION_COOKIE, session, SESSION_MAX_AGE_SECONDS, true, now),
      setCookie(ACTOR_COOKIE, actor, SESSION_MAX_AGE_SECONDS, false, now),
    ];
  }

  /** The session the request's cookies carry, as the mock session `mockSession` sees it. */
  read(req: IncomingMessage, mockSession: string | undefined): FrontendSession {
    const cookie = requestCookie(req, SESSION_COOKIE);
    if (cookie === undefined) return { kind: 'none' };
    const data = this.auth.sessionTokens.signer.verify(cookie)?.data as Record<string, unknown> | undefined;
    if (!data || data.mockSession !== mockSession) return { kind: 'unreadable' };
    const { actor, token } = data;
    if (typeof actor !== 'string' || typeof token !== 'string') return { kind: 'unreadable' };
    return { kind: 'session', actor, token, signedIn: requestCookie(req, ACTOR_COOKIE) === actor };
  }
}
