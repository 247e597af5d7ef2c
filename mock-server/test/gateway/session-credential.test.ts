/**
 * The session cookie as a credential, as datahub-frontend's proxy uses it (Application.proxy and
 * getAuthorizationHeaderValueToProxy, auth/Authenticator.java, auth/AuthUtils.hasValidSessionCookie,
 * datahub-frontend v1.3.0.1): the session's access token goes on as the bearer token of `/api/v2/graphql`
 * (and any `/api/` path), so under `--auth standard` a signed-in visitor's mutations are allowed, written
 * in the visitor's name, and `me` names the visitor; a forged, changed, expired or other server's cookie,
 * or one whose `actor` cookie disagrees, is a 401, where the app sends its visitor to /authenticate
 * (datahub-web-react/src/App.tsx). A sign-in inside a session of the mock is that session's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Visitor } from '../frontend-harness.js';
import { call, ingest, serverForTests, withServer } from '../http-harness.js';

const ME = 'query getMe { me { corpUser { urn username } platformPrivileges { manageTags } } }';
const UPDATE_DATASET =
  'mutation updateDataset($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }';

describe.each(['svc', 'li'] as const)('the session cookie under --auth standard, namespace %s', (namespace) => {
  const server = serverForTests({
    namespace,
    auth: 'standard',
    users: [
      { name: 'erin', password: 'pw', role: 'Editor' },
      { name: 'rita', password: 'pw', role: 'Reader' },
    ],
  });
  const urn = (id: string) => `urn:${namespace}:corpuser:${id}`;
  const dataset = `urn:${namespace}:dataset:(urn:${namespace}:dataPlatform:hive,db.orders,PROD)`;
  const signedIn = async (name: string, password: string): Promise<Visitor> => {
    const visitor = new Visitor(server());
    expect((await visitor.logIn(name, password)).status).toBe(200);
    return visitor;
  };
  const describeAs = (visitor: Visitor, description: string) =>
    visitor.graphql(UPDATE_DATASET, { urn: dataset, input: { editableProperties: { description } } });
  const stored = async () =>
    (await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(dataset)}`)).json.aspects.editableDatasetProperties
      ?.value;

  it('makes `me` the signed-in user, with the privileges of the role', async () => {
    const reply = await (await signedIn('datahub', 'datahub')).graphql(ME);
    expect(reply.status).toBe(200);
    expect(reply.json.data.me).toEqual({
      corpUser: { urn: urn('datahub'), username: 'datahub' },
      platformPrivileges: { manageTags: true },
    });
    const reader = await (await signedIn('rita', 'pw')).graphql(ME);
    expect(reader.json.data.me).toEqual({
      corpUser: { urn: urn('rita'), username: 'rita' },
      platformPrivileges: { manageTags: false },
    });
  });

  it("lets a signed-in Admin or Editor write, stamped with the user's URN", async () => {
    await ingest(server(), dataset, 'status', { removed: false }, 'admin-token');
    for (const [name, password] of [
      ['datahub', 'datahub'],
      ['erin', 'pw'],
    ] as const) {
      const reply = await describeAs(await signedIn(name, password), `written by ${name}`);
      expect(reply.json).toEqual({ data: { updateDataset: { urn: dataset } }, extensions: {} });
      expect(await stored()).toMatchObject({ description: `written by ${name}`, lastModified: { actor: urn(name) } });
    }
  });

  it("refuses a signed-in Reader's write with upstream's UNAUTHORIZED error, writing nothing", async () => {
    await ingest(server(), dataset, 'status', { removed: false }, 'admin-token');
    const before = await stored();
    const reply = await describeAs(await signedIn('rita', 'pw'), 'by a reader');
    expect(reply.status).toBe(200);
    expect(reply.json.errors?.[0]?.extensions?.code).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('refuses a mutation without a sign-in with a 401, as before', async () => {
    const reply = await describeAs(new Visitor(server()), 'anonymous');
    expect(reply.status).toBe(401);
  });

  it('sends the session token on in place of an Authorization header, as the proxy does', async () => {
    const reply = await (await signedIn('rita', 'pw')).graphql(ME, undefined, { authorization: 'Bearer admin-token' });
    expect(reply.json.data.me.corpUser.urn).toBe(urn('rita'));
  });

  it('is a credential for /api/graphql too, the path the proxy forwards to', async () => {
    const visitor = await signedIn('erin', 'pw');
    const reply = await visitor.send('POST', '/api/graphql', { body: { query: ME } });
    expect(reply.json.data.me.corpUser.urn).toBe(urn('erin'));
  });

  it.each([
    [
      'a changed byte of the session cookie',
      (v: Visitor) => v.cookies.set('PLAY_SESSION', flipped(v.cookies.get('PLAY_SESSION')!)),
    ],
    ['a session cookie that is no token', (v: Visitor) => v.cookies.set('PLAY_SESSION', 'made-up')],
    ['an actor cookie naming someone else', (v: Visitor) => v.cookies.set('actor', urn('rita'))],
    ['no actor cookie', (v: Visitor) => v.cookies.delete('actor')],
  ])('refuses %s with a 401 naming the cookie, even for a query', async (_name, spoil) => {
    const visitor = await signedIn('datahub', 'datahub');
    spoil(visitor);
    const reply = await visitor.graphql(ME);
    expect(reply.status).toBe(401);
    expect(reply.json.message).toMatch(/Cookie (PLAY_SESSION|actor)/);
  });

  it("refuses another server's session cookie with a 401", async () => {
    const visitor = await signedIn('datahub', 'datahub');
    await withServer({ namespace }, async (other) => {
      const elsewhere = new Visitor(other);
      for (const [name, value] of visitor.cookies) elsewhere.cookies.set(name, value);
      expect((await elsewhere.graphql(ME)).status).toBe(401);
    });
  });
});

/** The token with one character of its signature changed. */
function flipped(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('an expired sign-in', () => {
  const server = serverForTests();
  afterEach(() => vi.useRealTimers());

  it('is refused with a 401 once its 24 hours have passed, and counts as signed out', async () => {
    const visitor = new Visitor(server());
    await visitor.logIn('datahub', 'datahub');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 23 * 3600 * 1000);
    expect((await visitor.graphql(ME)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 3600 * 1000);
    expect((await visitor.graphql(ME)).status).toBe(401);
    const authenticate = await visitor.send('GET', '/authenticate?redirect_uri=%2F');
    expect(authenticate.headers.get('location')).toBe('/login?redirect_uri=%2F');
  });
});

describe('a sign-in inside a session of the mock', () => {
  const server = serverForTests();

  it("is that session's: its cookie opens nothing in the default session or another one", async () => {
    const inSession = new Visitor(server(), '/__session/alpha');
    expect((await inSession.logIn('datahub', 'datahub')).status).toBe(200);
    expect((await inSession.graphql(ME)).json.data.me.corpUser.urn).toBe('urn:svc:corpuser:datahub');
    const authenticate = await inSession.send('GET', '/authenticate?redirect_uri=%2Fhome');
    expect(authenticate.headers.get('location')).toBe('/home');

    for (const base of ['', '/__session/beta']) {
      const elsewhere = new Visitor(server(), base);
      for (const [name, value] of inSession.cookies) elsewhere.cookies.set(name, value);
      expect((await elsewhere.graphql(ME)).status).toBe(401);
    }
    // The header names the session as the prefix does.
    const byHeader = new Visitor(server());
    for (const [name, value] of inSession.cookies) byHeader.cookies.set(name, value);
    const reply = await byHeader.graphql(ME, undefined, { 'x-mock-session': 'alpha' });
    expect(reply.json.data.me.corpUser.urn).toBe('urn:svc:corpuser:datahub');
  });

  it("is journaled in that session's journal", async () => {
    await new Visitor(server(), '/__session/gamma').logIn('datahub', 'datahub');
    const journal = await call(server(), 'GET', '/__mock/requests?session=gamma&operation=frontend:logIn');
    expect(journal.json.requests).toHaveLength(1);
    expect(journal.json.requests[0]).toMatchObject({ method: 'POST', path: '/logIn', status: 200 });
    // The password is elided, as the Authorization header and the session cookie are.
    expect(journal.json.requests[0].request.body).toMatchObject({ password: '[elided]' });
    expect(JSON.stringify(journal.json)).not.toContain('"password":"datahub"');
  });
});

describe('the upstream profile', () => {
  const server = serverForTests({ profile: 'upstream' });

  it('serves the frontend routes without a token, and takes the session cookie as GMS takes its token', async () => {
    const visitor = new Visitor(server());
    expect((await visitor.graphql(ME)).status).toBe(401);
    expect((await visitor.logIn('datahub', 'datahub')).status).toBe(200);
    const reply = await visitor.graphql(ME);
    expect(reply.status).toBe(200);
    expect(reply.json.data.me.corpUser.urn).toBe('urn:svc:corpuser:datahub');
    expect((await visitor.send('GET', '/logOut')).status).toBe(303);
  });
});
