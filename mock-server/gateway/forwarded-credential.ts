/**
 * What datahub-frontend's proxy does with a request under `/api/` or `/openapi/` (Application.proxy,
 * auth/Authenticator.java, datahub-frontend v1.3.0.1, with metadata service authentication on as in a
 * quickstart): the access token of the session cookie goes on as `Authorization: Bearer`, in place of
 * any header sent; a request is let through when its visitor is signed in or it sends an Authorization
 * header of its own, and refused with a 401 otherwise. The mock serves GMS on the same port, so a
 * request without a session cookie is left as it is, for the server's auth mode to decide.
 */
import type { IncomingMessage } from 'node:http';
import { RestliError } from '../errors.js';
import { SESSION_COOKIE } from './cookies.js';
import type { FrontendSessions } from './frontend-session.js';

export function forwardCredential(
  sessions: FrontendSessions,
  req: IncomingMessage,
  mockSession: string | undefined,
): void {
  const session = sessions.read(req, mockSession);
  if (session.kind === 'none') return;
  const ownHeader = req.headers.authorization !== undefined;
  if (session.kind === 'session') req.headers.authorization = `Bearer ${session.token}`;
  if ((session.kind === 'session' && session.signedIn) || ownHeader) return;
  throw new RestliError(
    401,
    session.kind === 'session'
      ? `Cookie actor: missing or not the actor of the ${SESSION_COOKIE} cookie; sign in again with POST /logIn`
      : `Cookie ${SESSION_COOKIE}: not a session of this server (signed elsewhere, changed, expired, or signed in in another session of the mock); sign in again with POST /logIn`,
  );
}
