/**
 * The two cookies datahub-frontend sets at a sign-in (datahub-frontend/app/auth/AuthUtils.java and
 * conf/application.conf, v1.3.0.1): `actor`, the user's URN, readable by the app's scripts (its
 * checkAuthStatus.ts tells a signed-in visitor by it), and Play's session cookie `PLAY_SESSION`, HttpOnly,
 * a signed token holding the actor and the access token. Both last 24 hours, with SameSite=Lax, Path=/ and
 * not Secure, as a quickstart sets them.
 */
import type { IncomingMessage } from 'node:http';

export const ACTOR_COOKIE = 'actor';
export const SESSION_COOKIE = 'PLAY_SESSION';

/** The value of a cookie the request sends (the first of that name), undefined when it sends none. */
export function requestCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length > 1 ? value.slice(1, -1) : value;
  }
  return undefined;
}

/** A `Set-Cookie` value as Play writes it: the lifetime both as Max-Age and Expires. */
export function setCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  httpOnly: boolean,
  now = Date.now(),
): string {
  const expires = new Date(now + maxAgeSeconds * 1000).toUTCString();
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Expires=${expires}; SameSite=Lax; Path=/${httpOnly ? '; HTTPOnly' : ''}`;
}

/** The `Set-Cookie` that discards a cookie (Play's `withNewSession` for the session cookie). */
export function discardCookie(name: string, httpOnly: boolean): string {
  return `${name}=; Max-Age=0; Expires=${new Date(0).toUTCString()}; SameSite=Lax; Path=/${httpOnly ? '; HTTPOnly' : ''}`;
}
