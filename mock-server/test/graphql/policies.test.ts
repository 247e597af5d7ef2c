/**
 * Privileges that follow the stored policies and roles (upstream's DataHubAuthorizer and PolicyEngine,
 * metadata-service/auth-impl/src/main/java/com/datahub/authorization/, over the policies of
 * metadata-service/war/src/main/resources/boot/policies.json and the roles of
 * metadata-service/configuration/src/main/resources/bootstrap_mcps/roles.yaml, v1.3.0.1): the default tokens'
 * users hold the built-in roles Admin, Editor and Reader; what `me` and getGrantedPrivileges say, and whether a
 * mutation is allowed, is what the policies grant each; a changed policy (createPolicy, updatePolicy,
 * deletePolicy, datahub-graphql-core/.../resolvers/policy/) or role assignment (batchAssignRole,
 * resolvers/role/BatchAssignRoleResolver.java) counts from the next request. A refused mutation answers
 * upstream's unauthorized error and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { UNAUTHORIZED_MESSAGE } from '../../graphql/errors.js';
import { ADMIN, READER, call, digest, graphql, ingest, startServer } from '../graphql-harness.js';
import { proposal } from '../http-harness.js';

const EDITOR = 'editor-token';

const ME = `query getMe {
  me {
    corpUser { urn }
    platformPrivileges { managePolicies manageIdentities manageIngestion manageGlossaries manageTags viewAnalytics generatePersonalAccessTokens }
  }
}`;
const GRANTED = `query getGrantedPrivileges($input: GetGrantedPrivilegesInput!) {
  getGrantedPrivileges(input: $input) { privileges }
}`;
const ADD_TAG = `mutation addTag($input: TagAssociationInput!) { addTag(input: $input) }`;
const CREATE_POLICY = `mutation createPolicy($input: PolicyUpdateInput!) { createPolicy(input: $input) }`;
const UPDATE_POLICY = `mutation updatePolicy($urn: String!, $input: PolicyUpdateInput!) { updatePolicy(urn: $urn, input: $input) }`;
const DELETE_POLICY = `mutation deletePolicy($urn: String!) { deletePolicy(urn: $urn) }`;
const ASSIGN_ROLE = `mutation batchAssignRole($input: BatchAssignRoleInput!) { batchAssignRole(input: $input) }`;

describe('privileges from the stored policies', () => {
  // The names a deployment uses: the policies and roles are booted in the served namespace.
  const namespace = 'li';
  const urn = (rest: string) => `urn:${namespace}:${rest}`;
  const dataset = urn(`dataset:(${urn('dataPlatform:hive')},db.orders,PROD)`);
  const tag = urn('tag:pii');
  const reader = urn('corpuser:reader');
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace });
    await ingest(server, dataset, 'status', { removed: false }, ADMIN);
    await ingest(server, tag, 'tagProperties', { name: 'pii' }, ADMIN);
  });
  afterAll(() => server.close());

  const run = async (token: string, query: string, variables?: Record<string, unknown>) =>
    (await graphql(server, { query, token, ...(variables ? { variables } : {}) })).json;
  const privileges = async (token: string) => (await run(token, ME)).data.me.platformPrivileges;
  const granted = async (token: string, actorUrn: string, resourceUrn?: string) => {
    const input = resourceUrn ? { actorUrn, resourceSpec: { resourceUrn, resourceType: 'DATASET' } } : { actorUrn };
    const json = await run(token, GRANTED, { input });
    expect(json.errors).toBeUndefined();
    return json.data.getGrantedPrivileges.privileges as string[];
  };
  const addTag = (token: string) => run(token, ADD_TAG, { input: { tagUrn: tag, resourceUrn: dataset } });
  const expectRefused = (json: { data: Record<string, unknown>; errors?: unknown[] }, field: string) => {
    expect(json.errors).toMatchObject([
      { message: UNAUTHORIZED_MESSAGE, path: [field], extensions: { code: 403, type: 'UNAUTHORIZED' } },
    ]);
    expect(json.data).toEqual({ [field]: null });
  };

  it.each([
    {
      role: 'Admin',
      token: ADMIN,
      user: 'datahub',
      platform: {
        managePolicies: true,
        manageIdentities: true,
        manageIngestion: true,
        manageGlossaries: true,
        manageTags: true,
        viewAnalytics: true,
        generatePersonalAccessTokens: true,
      },
      editsDataset: true,
    },
    {
      role: 'Editor',
      token: EDITOR,
      user: 'editor',
      platform: {
        managePolicies: false,
        manageIdentities: false,
        manageIngestion: false,
        manageGlossaries: true,
        manageTags: true,
        viewAnalytics: true,
        generatePersonalAccessTokens: true,
      },
      editsDataset: true,
    },
    {
      role: 'Reader',
      token: READER,
      user: 'reader',
      platform: {
        managePolicies: false,
        manageIdentities: false,
        manageIngestion: false,
        manageGlossaries: false,
        manageTags: false,
        viewAnalytics: true,
        generatePersonalAccessTokens: true,
      },
      editsDataset: false,
    },
  ])('$role ($token): me, getGrantedPrivileges and an edit', async ({ token, user, platform, editsDataset }) => {
    const me = (await run(token, ME)).data.me;
    expect(me).toEqual({ corpUser: { urn: urn(`corpuser:${user}`) }, platformPrivileges: platform });
    const onDataset = await granted(token, urn(`corpuser:${user}`), dataset);
    expect(onDataset.includes('EDIT_ENTITY')).toBe(editsDataset);
    expect(onDataset).toContain('VIEW_ENTITY_PAGE');
    if (editsDataset) expect(await addTag(token)).toEqual({ data: { addTag: true }, extensions: {} });
    else {
      const before = await digest(server);
      expectRefused(await addTag(token), 'addTag');
      expect(await digest(server)).toBe(before);
    }
  });

  it("lets only a policy manager ask about another user's privileges", async () => {
    expect(await granted(ADMIN, reader)).toContain('VIEW_ANALYTICS');
    expect((await run(EDITOR, GRANTED, { input: { actorUrn: reader } })).errors).toMatchObject([
      { message: UNAUTHORIZED_MESSAGE },
    ]);
  });

  it('counts a created, deactivated and deleted policy from the next request', async () => {
    const policy = {
      type: 'METADATA',
      name: 'Readers tag datasets',
      state: 'ACTIVE',
      description: 'Lets the reader tag datasets.',
      resources: { filter: { criteria: [{ field: 'RESOURCE_TYPE', values: ['dataset'], condition: 'EQUALS' }] } },
      privileges: ['EDIT_ENTITY_TAGS'],
      actors: { users: [reader], resourceOwners: false, allUsers: false, allGroups: false },
    };
    expectRefused(await run(EDITOR, CREATE_POLICY, { input: policy }), 'createPolicy');
    const created = await run(ADMIN, CREATE_POLICY, { input: policy });
    const policyUrn = created.data.createPolicy as string;
    expect(policyUrn).toMatch(new RegExp(`^urn:${namespace}:dataHubPolicy:`));
    expect(await granted(READER, reader, dataset)).toContain('EDIT_ENTITY_TAGS');
    expect(await addTag(READER)).toEqual({ data: { addTag: true }, extensions: {} });

    const inactive = await run(ADMIN, UPDATE_POLICY, { urn: policyUrn, input: { ...policy, state: 'INACTIVE' } });
    expect(inactive.data.updatePolicy).toBe(policyUrn);
    expect(await granted(READER, reader, dataset)).not.toContain('EDIT_ENTITY_TAGS');
    expectRefused(await addTag(READER), 'addTag');

    await run(ADMIN, UPDATE_POLICY, { urn: policyUrn, input: policy });
    expect((await addTag(READER)).data.addTag).toBe(true);
    expect((await run(ADMIN, DELETE_POLICY, { urn: policyUrn })).data.deletePolicy).toBe(policyUrn);
    expectRefused(await addTag(READER), 'addTag');
  });

  it('follows a changed role assignment at once, and a group role its members', async () => {
    const editorRole = urn('dataHubRole:Editor');
    expect((await run(ADMIN, ASSIGN_ROLE, { input: { roleUrn: editorRole, actors: [reader] } })).data).toEqual({
      batchAssignRole: true,
    });
    expect(await privileges(READER)).toMatchObject({ manageGlossaries: true, managePolicies: false });
    expect((await addTag(READER)).data.addTag).toBe(true);

    await run(ADMIN, ASSIGN_ROLE, { input: { roleUrn: null, actors: [reader] } });
    expect(await privileges(READER)).toMatchObject({ manageGlossaries: false });

    const group = urn('corpGroup:admins');
    await ingest(server, reader, 'groupMembership', { groups: [group] }, ADMIN);
    await run(ADMIN, ASSIGN_ROLE, { input: { roleUrn: urn('dataHubRole:Admin'), actors: [group] } });
    expect(await privileges(READER)).toMatchObject({ managePolicies: true, manageIdentities: true });

    await run(ADMIN, ASSIGN_ROLE, { input: { roleUrn: null, actors: [group] } });
    await run(ADMIN, ASSIGN_ROLE, { input: { roleUrn: urn('dataHubRole:Reader'), actors: [reader] } });
    expect(await privileges(READER)).toMatchObject({ managePolicies: false, manageGlossaries: false });
  });

  // The REST writes ask the same policies (AuthUtil.isAPIAuthorizedEntityUrns over PoliciesConfig.API_PRIVILEGE_MAP,
  // v1.3.0.1): an UPSERT needs EDIT_ENTITY over the URN, a delete DELETE_ENTITY; a refusal is 403 and writes nothing.
  it('decides REST writes by the same policies, from the next request', async () => {
    const owned = urn(`dataset:(${urn('dataPlatform:hive')},db.rest_written,PROD)`);
    const upsert = (token: string) =>
      call(server, 'POST', '/aspects?action=ingestProposal', {
        body: proposal(owned, 'status', { removed: false }),
        token,
      });
    const remove = (token: string) => call(server, 'POST', '/entities?action=delete', { body: { urn: owned }, token });
    const before = await digest(server);
    const refused = await upsert(READER);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(`User ${reader} is unauthorized to modify entity ${owned}`);
    expect(await digest(server)).toBe(before);

    const policy = {
      type: 'METADATA',
      name: 'Readers write rest_written',
      state: 'ACTIVE',
      description: 'Lets the reader write one dataset.',
      resources: { filter: { criteria: [{ field: 'RESOURCE_URN', values: [owned], condition: 'EQUALS' }] } },
      privileges: ['EDIT_ENTITY'],
      actors: { users: [reader], resourceOwners: false, allUsers: false, allGroups: false },
    };
    const policyUrn = (await run(ADMIN, CREATE_POLICY, { input: policy })).data.createPolicy as string;
    expect((await upsert(READER)).status).toBe(200);
    expect((await remove(READER)).status).toBe(403);
    await run(ADMIN, UPDATE_POLICY, {
      urn: policyUrn,
      input: { ...policy, privileges: ['EDIT_ENTITY', 'DELETE_ENTITY'] },
    });
    expect((await remove(READER)).status).toBe(200);
    await run(ADMIN, DELETE_POLICY, { urn: policyUrn });
    expect((await upsert(READER)).status).toBe(403);
    // The Editor role's metadata policy grants EDIT_ENTITY over every entity; the root user holds every privilege.
    expect((await upsert(EDITOR)).status).toBe(200);
    expect((await remove(ADMIN)).status).toBe(200);
  });

  it('refuses a role that is not stored and an actor that is neither user nor group, naming them', async () => {
    const missing = await run(ADMIN, ASSIGN_ROLE, { input: { roleUrn: urn('dataHubRole:Owner'), actors: [reader] } });
    expect(missing.errors).toMatchObject([{ extensions: { code: 400 } }]);
    expect(missing.errors[0].message).toContain('input.roleUrn');
    const wrong = await run(ADMIN, ASSIGN_ROLE, { input: { roleUrn: urn('dataHubRole:Reader'), actors: [dataset] } });
    expect(wrong.errors[0].message).toContain('input.actors[0]');
  });
});
