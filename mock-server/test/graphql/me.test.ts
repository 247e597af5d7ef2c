/**
 * `me` through POST /api/graphql (upstream's MeResolver): the caller's user, read from the store as
 * `corpUser` reads it, and its platform privileges, what the default policies of a v1.3.0.1 deployment
 * (metadata-service/war/src/main/resources/boot/policies.json) grant the caller's built-in role: an admin
 * each, a reader what every user gets (viewing analytics) and the Reader role's view of the structured
 * properties page, the anonymous user what every user gets; every caller each with `--auth off`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, graphql, ingest, startServer } from '../graphql-harness.js';

const ME =
  '{ me { corpUser { urn username properties { displayName } } platformPrivileges { viewAnalytics manageTags manageGlobalViews createDomains viewStructuredPropertiesPage } } }';

describe.each(['standard', 'off'] as const)('me, with --auth %s', (auth) => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ auth });
    await ingest(
      server,
      'urn:svc:corpuser:reader',
      'corpUserInfo',
      { active: true, displayName: 'Rita Reader' },
      ADMIN,
    );
  });
  afterAll(() => server.close());

  const me = async (token?: string) => {
    const json = (await graphql(server, { query: ME, ...(token ? { token } : {}) })).json as {
      data: { me: { corpUser: Record<string, unknown>; platformPrivileges: Record<string, boolean> } };
      errors?: unknown[];
    };
    expect(json.errors).toBeUndefined();
    return json.data.me;
  };
  const every = (held: boolean) => ({
    viewAnalytics: held,
    manageTags: held,
    manageGlobalViews: held,
    createDomains: held,
    viewStructuredPropertiesPage: held,
  });
  const off = auth === 'off';
  const reader = { ...every(off), viewAnalytics: true, viewStructuredPropertiesPage: true };
  const anonymous = { ...every(off), viewAnalytics: true };

  it("gives the token's user, read from the store, and the role's privileges", async () => {
    expect(await me(READER)).toEqual({
      corpUser: { urn: 'urn:svc:corpuser:reader', username: 'reader', properties: { displayName: 'Rita Reader' } },
      platformPrivileges: reader,
    });
    expect(await me(ADMIN)).toEqual({
      corpUser: { urn: 'urn:svc:corpuser:datahub', username: 'datahub', properties: null },
      platformPrivileges: every(true),
    });
  });

  it('gives the anonymous user without a token', async () => {
    expect(await me()).toEqual({
      corpUser: { urn: 'urn:svc:corpuser:UNKNOWN', username: 'UNKNOWN', properties: null },
      platformPrivileges: anonymous,
    });
  });
});
