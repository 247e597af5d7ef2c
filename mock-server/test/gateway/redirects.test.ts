/**
 * `GET /authenticate` and `GET /logOut`, as upstream's AuthenticationController.authenticate and
 * CentralLogoutController.executeLogout answer them with password sign-in and no SSO
 * (datahub-frontend/app/controllers/, v1.3.0.1), with Play's 303 redirects: a signed-in visitor goes to
 * `redirect_uri` (`/` by default, and for a target on another site), anyone else to the app's
 * `/login?redirect_uri=...`; signing out discards the session cookie and goes to `/login`.
 */
import { describe, expect, it } from 'vitest';
import { cookieAttributes, Visitor } from '../frontend-harness.js';
import { serverForTests } from '../http-harness.js';

describe.each(['svc', 'li'] as const)('the frontend redirects, namespace %s', (namespace) => {
  const server = serverForTests({ namespace });

  const signedIn = async (): Promise<Visitor> => {
    const visitor = new Visitor(server());
    expect((await visitor.logIn('datahub', 'datahub')).status).toBe(200);
    return visitor;
  };

  it.each([
    ['/authenticate?redirect_uri=%2Fsearch%3Fquery%3Dorders', '/login?redirect_uri=%2Fsearch%3Fquery%3Dorders'],
    ['/authenticate', '/login?redirect_uri=%2F'],
    ['/authenticate?redirect_uri=%2Fa%20b%28c%29', '/login?redirect_uri=%2Fa+b%28c%29'],
    ['/authenticate?redirect_uri=https%3A%2F%2Felsewhere.example%2F', '/login?redirect_uri=%2F'],
  ])('sends a signed-out visitor of %s to the sign-in page %s', async (path, location) => {
    const reply = await new Visitor(server()).send('GET', path);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(location);
    expect(reply.setCookies).toEqual([]);
  });

  it.each([
    ['/authenticate?redirect_uri=%2Fsearch%3Fquery%3Dorders', '/search?query=orders'],
    ['/authenticate', '/'],
    ['/authenticate?redirect_uri=%2F%2Felsewhere.example%2Fpage', '/'],
  ])('sends a signed-in visitor of %s on to %s', async (path, location) => {
    const reply = await (await signedIn()).send('GET', path);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(location);
  });

  it('counts a visitor whose actor cookie is gone as signed out', async () => {
    const visitor = await signedIn();
    visitor.cookies.delete('actor');
    const reply = await visitor.send('GET', '/authenticate?redirect_uri=%2F');
    expect(reply.headers.get('location')).toBe('/login?redirect_uri=%2F');
  });

  it('signs out: the session cookie is discarded, the visitor sent to /login, then signed out', async () => {
    const visitor = await signedIn();
    const reply = await visitor.send('GET', '/logOut');
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/login');
    expect(reply.setCookies.map(cookieAttributes)).toEqual([
      expect.objectContaining({ name: 'PLAY_SESSION', value: '', 'max-age': '0', path: '/' }),
    ]);
    expect(visitor.cookies.has('PLAY_SESSION')).toBe(false);
    const after = await visitor.send('GET', '/authenticate?redirect_uri=%2F');
    expect(after.headers.get('location')).toBe('/login?redirect_uri=%2F');
  });
});
