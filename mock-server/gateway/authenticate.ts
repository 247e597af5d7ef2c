/**
 * `GET /authenticate?redirect_uri=PATH`, where the app sends a visitor whose GraphQL request was refused
 * (a 401), as upstream's AuthenticationController.authenticate answers it with password sign-in on and no
 * SSO (datahub-frontend/app/controllers/AuthenticationController.java, v1.3.0.1): a signed-in visitor is
 * redirected to PATH, anyone else to the app's sign-in page `/login?redirect_uri=PATH`. PATH defaults to
 * `/`; one that names a scheme or a host (another site) is replaced by `/`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOGIN_PAGE_PATH } from '../addresses.js';
import type { FrontendSession } from './frontend-session.js';
import { redirect } from './frontend-response.js';

const REDIRECT_PARAM = 'redirect_uri';

/** Whether a redirect target stays on this site: no scheme and no authority, as java.net.URI reads it. */
function relative(target: string): boolean {
  return !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(target) && !target.startsWith('//');
}

/** A query value encoded as java.net.URLEncoder encodes it (a space as `+`; `!'()~` escaped, `*` kept). */
export function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export function authenticate(req: IncomingMessage, session: FrontendSession, res: ServerResponse): void {
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  const asked = query.get(REDIRECT_PARAM) ?? '/';
  const target = relative(asked) ? asked : '/';
  if (session.kind === 'session' && session.signedIn) return redirect(res, target);
  redirect(res, `${LOGIN_PAGE_PATH}?${REDIRECT_PARAM}=${formEncode(target)}`);
}
