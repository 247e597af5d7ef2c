/** Scenarios: built-in and from --scenarios DIR, loaded deterministically into a session, the state a reset returns to. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, DATASET, digest, ingest, proposal, serverForTests } from '../http-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
writeFileSync(
  join(dir, 'one-dataset.json'),
  JSON.stringify([proposal(DATASET, 'datasetProperties', { description: 'the only one' }).proposal]),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scenarios', () => {
  const server = serverForTests({ scenarios: dir });

  it('lists the built-in scenarios and those of the folder', async () => {
    const { json } = await call(server(), 'GET', '/__mock/scenarios');
    expect(json.scenarios).toEqual(['sample', 'empty', 'one-dataset']);
  });

  it('loading a scenario twice gives the same digest, whatever the clock says', async () => {
    const first = await call(server(), 'POST', '/__mock/scenarios/sample', { headers: { 'X-Mock-Session': 'first' } });
    expect(first.status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2031, 0, 1) });
    try {
      const second = await call(server(), 'POST', '/__session/second/__mock/scenarios/sample');
      expect(second.json.digest).toBe(first.json.digest);
    } finally {
      vi.useRealTimers();
    }
    expect(first.json.tables.aspects).toBeGreaterThan(100);
  });

  it('a reset returns the session to the scenario it loaded, and the default session is untouched', async () => {
    const s = { 'X-Mock-Session': 'seeded' };
    const loaded = await call(server(), 'POST', '/__mock/scenarios/one-dataset', { headers: s });
    expect(loaded.json).toMatchObject({ scenario: 'one-dataset', digest: expect.any(String) });
    const aspect = `/aspects/${encodeURIComponent(DATASET)}?aspect=datasetProperties`;
    expect((await call(server(), 'GET', aspect, { headers: s })).json.aspect).toBeDefined();
    await call(server(), 'POST', '/aspects?action=ingestProposal', {
      body: proposal(DATASET, 'status', { removed: true }),
      headers: s,
    });
    const reset = await call(server(), 'POST', '/__mock/reset', { headers: s });
    expect(reset.json.digest).toBe(loaded.json.digest);
    expect((await call(server(), 'GET', aspect)).status).toBe(404);
    const sessions = await call(server(), 'GET', '/__mock/sessions');
    expect(sessions.json.sessions).toContainEqual(expect.objectContaining({ id: 'seeded', scenario: 'one-dataset' }));
  });

  it('the default session may load one; sessions made later still copy the start-up state', async () => {
    const startup = await digest(server());
    await ingest(server(), DATASET, 'status', { removed: false });
    const empty = await call(server(), 'POST', '/__mock/scenarios/empty');
    // Empty as a fresh upstream deployment is: only its system entities, key and one aspect each: the four
    // ownership types, the six home page modules, the default home page template and the global settings; the
    // three built-in roles and the thirteen default policies; and the roleMembership of the default tokens' three
    // users.
    expect(empty.json.tables.aspects).toBe(24 + 2 * (3 + 13) + 2 * 3);
    for (const urn of ['urn:svc:ownershipType:__system__none', 'urn:svc:dataHubPageTemplate:home_default_1'])
      expect((await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(urn)}`)).status).toBe(200);
    expect((await call(server(), 'POST', '/__mock/reset')).json.digest).toBe(empty.json.digest);
    expect((await call(server(), 'GET', '/__session/later/__mock/snapshot')).json.digest).toBe(startup);
  });

  it('an unknown scenario is a 404 naming the known ones', async () => {
    const reply = await call(server(), 'POST', '/__mock/scenarios/nothing');
    expect(reply.status).toBe(404);
    expect(reply.json.message).toContain('one-dataset');
  });
});

describe('a scenario holding an aspect the store refuses', () => {
  const refused = mkdtempSync(join(tmpdir(), 'scenarios-refused-'));
  writeFileSync(
    join(refused, 'user-aspect-on-dataset.json'),
    JSON.stringify([proposal(DATASET, 'corpUserInfo', { active: true }).proposal]),
  );
  afterAll(() => rmSync(refused, { recursive: true, force: true }));
  const server = serverForTests({ scenarios: refused });

  it('is a 400 counting the refused aspect in the singular and naming it, the store left as it was', async () => {
    const before = await digest(server());
    const reply = await call(server(), 'POST', '/__mock/scenarios/user-aspect-on-dataset');
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^scenario 'user-aspect-on-dataset': 1 aspect rejected: .*corpUserInfo/);
    expect(await digest(server())).toBe(before);
  });
});
