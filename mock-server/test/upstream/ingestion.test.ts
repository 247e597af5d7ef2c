/**
 * ingestProposal in the upstream profile against the document profile (spec/upstream-differences.yaml
 * proposal-delete-unsupported, proposal-content-type-dropped, proposal-entity-type-ignored): upstream
 * drops a DELETE and a proposal of another content type and answers "success"; it takes the entity
 * from the URN whatever entityType says. Upstream's 500s stay 400s in both profiles.
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, proposal, serverForTests } from '../http-harness.js';

const TOKEN = 'admin-token';
const INGEST = '/aspects?action=ingestProposal';
const STATUS = { removed: false };

function aspectsOf(server: Parameters<typeof call>[0], urn: string) {
  return call(server, 'GET', `/entitiesV2/${encodeURIComponent(urn)}`, { token: TOKEN }).then(
    (r) => (r.json?.aspects ?? {}) as Record<string, unknown>,
  );
}

const deleteWithAspect = proposal(DATASET, 'status', STATUS, { changeType: 'DELETE' });
const deleteWithoutAspect = {
  proposal: { entityType: 'dataset', entityUrn: DATASET, changeType: 'DELETE', aspectName: 'status' },
};
const xmlContent = proposal(
  DATASET,
  'globalTags',
  { tags: [] },
  { aspect: { value: JSON.stringify({ tags: [] }), contentType: 'application/xml' } },
);
const chartTyped = proposal(
  DATASET,
  'ownership',
  { owners: [], lastModified: { time: 1, actor: 'urn:svc:corpuser:jdoe' } },
  { entityType: 'chart' },
);

describe('the upstream profile', () => {
  const server = serverForTests({ profile: 'upstream', indexLagMs: 0 });

  it('answers a DELETE with an aspect "success" and deletes nothing (ChangeItemImpl: DELETE is not in MCPItem.CHANGE_TYPES)', async () => {
    await ingest(server(), DATASET, 'status', STATUS, TOKEN);
    const reply = await call(server(), 'POST', INGEST, { body: deleteWithAspect, token: TOKEN });
    expect([reply.status, reply.json]).toEqual([200, { value: 'success' }]);
    expect(await aspectsOf(server(), DATASET)).toHaveProperty('status');
  });

  it("refuses a DELETE without an aspect with upstream's message, as a 400 where upstream answers 500", async () => {
    const reply = await call(server(), 'POST', INGEST, { body: deleteWithoutAspect, token: TOKEN });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('Aspect and aspect name is required for create and update operations');
    expect(await aspectsOf(server(), DATASET)).toHaveProperty('status');
  });

  it('drops a proposal whose content type is not application/json and answers "success"', async () => {
    const reply = await call(server(), 'POST', INGEST, { body: xmlContent, token: TOKEN });
    expect([reply.status, reply.json]).toEqual([200, { value: 'success' }]);
    expect(await aspectsOf(server(), DATASET)).not.toHaveProperty('globalTags');
  });

  it("writes an aspect under the URN's entity when entityType names another entity that has the aspect", async () => {
    const reply = await call(server(), 'POST', INGEST, { body: chartTyped, token: TOKEN });
    expect(reply.status).toBe(200);
    expect(await aspectsOf(server(), DATASET)).toHaveProperty('ownership');
  });

  it('keeps a 400 for an aspect the named entityType lacks (upstream: "Unknown aspect", 500)', async () => {
    const reply = await call(server(), 'POST', INGEST, {
      body: proposal(DATASET, 'datasetProperties', { customProperties: {} }, { entityType: 'chart' }),
      token: TOKEN,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('Unknown aspect datasetProperties for entity chart');
  });
});

describe('the document profile, unchanged', () => {
  const server = serverForTests({});

  it('deletes the aspect a DELETE names', async () => {
    await ingest(server(), DATASET, 'status', STATUS, TOKEN);
    expect((await call(server(), 'POST', INGEST, { body: deleteWithoutAspect, token: TOKEN })).status).toBe(200);
    expect(await aspectsOf(server(), DATASET)).not.toHaveProperty('status');
  });

  it.each([
    { given: 'a content type other than application/json', body: xmlContent, names: 'contentType' },
    { given: 'an entityType other than the URN entity', body: chartTyped, names: 'entityType' },
  ])('refuses $given with a 400 naming $names', async ({ body, names }) => {
    const reply = await call(server(), 'POST', INGEST, { body, token: TOKEN });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain(names);
  });
});

describe.each([
  { profile: 'document' as const, created: { time: 0, actor: 'urn:svc:corpuser:unknown' } },
  { profile: 'upstream' as const, created: undefined },
])(
  'schema defaults on write, the $profile profile (upstream: RecordTemplateValidator fixes nothing up)',
  ({ profile, created }) => {
    const server = serverForTests({ profile, indexLagMs: 0 });

    it(
      created ? 'fills the zero stamp in for an absent created' : 'stores the aspect as sent, with no created',
      async () => {
        await ingest(server(), DATASET, 'editableDatasetProperties', { description: 'as sent' }, TOKEN);
        const stored = (await aspectsOf(server(), DATASET)).editableDatasetProperties as {
          value: Record<string, unknown>;
        };
        expect(stored.value.description).toBe('as sent');
        expect(stored.value.created).toEqual(created);
      },
    );
  },
);
