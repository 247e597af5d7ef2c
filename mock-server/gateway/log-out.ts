/**
 * `GET /logOut`, as upstream's CentralLogoutController.executeLogout answers it without SSO
 * (datahub-frontend/app/controllers/CentralLogoutController.java, v1.3.0.1): the session cookie is
 * discarded (Play's `withNewSession`) and the visitor redirected to the sign-in page `/login`. Upstream
 * leaves the `actor` cookie to the app, which removes it itself before it goes there (useGetLogoutHandler.ts).
 */
import type { ServerResponse } from 'node:http';
import { LOGIN_PAGE_PATH } from '../addresses.js';
import { discardCookie, SESSION_COOKIE } from './cookies.js';
import { redirect } from './frontend-response.js';

export function logOut(res: ServerResponse): void {
  redirect(res, LOGIN_PAGE_PATH, [discardCookie(SESSION_COOKIE, true)]);
}
