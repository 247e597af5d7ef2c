/**
 * `POST /logIn`, as upstream's AuthenticationController.logIn answers it with its JAAS user file
 * (datahub-frontend/app/controllers/AuthenticationController.java and conf/user.props, v1.3.0.1): quickstart's
 * `datahub`/`datahub` and the `--user` accounts sign in with 200, no body, and the cookies AuthUtils.java
 * sets (`actor`, readable by the app's checkAuthStatus.ts, and the HttpOnly `PLAY_SESSION`); wrong
 * credentials are a 400 "Invalid Credentials", a blank name upstream's 400, a missing password or a body
 * that is not a JSON object a 400 naming it; in both namespaces.
 */
import { describe, expect, it } from 'vitest';
import { parseUserAccount } from '../../index.js';
import { cookieAttributes, Visitor } from '../frontend-harness.js';
import { serverForTests } from '../http-harness.js';

describe.each(['svc', 'li'] as const)('POST /logIn, namespace %s', (namespace) => {
  const server = serverForTests({ namespace, users: [{ name: 'rita', password: 's3cret', role: 'Reader' }] });

  it("signs quickstart's datahub/datahub in with 200, no body and the actor and session cookies", async () => {
    const visitor = new Visitor(server());
    const reply = await visitor.logIn('datahub', 'datahub');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    const cookies = Object.fromEntries(reply.setCookies.map((c) => [cookieAttributes(c).name, cookieAttributes(c)]));
    expect(Object.keys(cookies).sort()).toEqual(['PLAY_SESSION', 'actor']);
    expect(cookies.actor).toMatchObject({
      value: `urn:${namespace}:corpuser:datahub`,
      'max-age': '86400',
      samesite: 'Lax',
      path: '/',
    });
    // The app's scripts read the actor cookie: it is not HttpOnly; the session cookie is.
    expect(cookies.actor).not.toHaveProperty('httponly');
    expect(cookies.PLAY_SESSION).toMatchObject({ 'max-age': '86400', samesite: 'Lax', path: '/', httponly: '' });
    expect(cookies.PLAY_SESSION!.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Play's JWT session: the actor and the access token under `data`.
    const claims = JSON.parse(Buffer.from(cookies.PLAY_SESSION!.value.split('.')[1]!, 'base64url').toString());
    expect(claims.data).toMatchObject({ actor: `urn:${namespace}:corpuser:datahub`, token: expect.any(String) });
    expect(claims.exp - claims.iat).toBe(86400);
  });

  it('signs in a --user account', async () => {
    const reply = await new Visitor(server()).logIn('rita', 's3cret');
    expect(reply.status).toBe(200);
    expect(reply.setCookies.map((c) => cookieAttributes(c).value)).toContain(`urn:${namespace}:corpuser:rita`);
  });

  it.each([
    ['a wrong password', { username: 'datahub', password: 'wrong' }],
    ['an unknown user', { username: 'nobody', password: 'datahub' }],
    ["another user's password", { username: 'rita', password: 'datahub' }],
  ])('refuses %s with a 400 "Invalid Credentials" and no cookie', async (_name, body) => {
    const reply = await new Visitor(server()).send('POST', '/logIn', { body });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ message: 'Invalid Credentials' });
    expect(reply.setCookies).toEqual([]);
  });

  it.each([
    ['no username', { password: 'datahub' }, 'User name must not be empty.'],
    ['a blank username', { username: '  ', password: 'datahub' }, 'User name must not be empty.'],
    ['a username that is no string', { username: 7, password: 'datahub' }, 'User name must not be empty.'],
    ['no password', { username: 'datahub' }, 'Password must not be empty.'],
    ['an empty password', { username: 'datahub', password: '' }, 'Password must not be empty.'],
    ['an array', [], 'body: expected a JSON object {username, password}'],
  ])('answers %s with a 400 naming the field', async (_name, body, message) => {
    const reply = await new Visitor(server()).send('POST', '/logIn', { body });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ message });
    expect(reply.setCookies).toEqual([]);
  });

  it('answers a body that is not JSON with a 400 naming the body', async () => {
    const reply = await new Visitor(server()).send('POST', '/logIn', { raw: '{"username": "datahub",' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/body/i);
  });

  it('answers GET with a 405 naming the method it takes', async () => {
    const reply = await new Visitor(server()).send('GET', '/logIn');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
  });
});

describe('--user NAME:PASSWORD[:ROLE]', () => {
  it.each([
    ['ann:pw', { name: 'ann', password: 'pw', role: 'Admin' }],
    ['ann:pw:Editor', { name: 'ann', password: 'pw', role: 'Editor' }],
    ['ann:p:w:Reader', { name: 'ann', password: 'p:w', role: 'Reader' }],
    ['ann:p:w', { name: 'ann', password: 'p:w', role: 'Admin' }],
  ])('reads %s', (text, want) => {
    expect(parseUserAccount(text)).toEqual(want);
  });

  it.each([
    ['ann', /NAME:PASSWORD/],
    [':pw', /NAME:PASSWORD/],
    ['ann:', /password is empty/],
    ['ann::Reader', /password is empty/],
    ['a b:pw', /may not hold spaces/],
  ])('refuses %s, naming what is wrong', (text, message) => {
    expect(parseUserAccount(text)).toMatch(message);
  });
});
