/**
 * ingestProposal with every change type upstream applies (spec/upstream-differences.yaml
 * proposal-change-types, proposal-patch-templates): PATCH through the aspect's template, written as a
 * new version with its derived indices; CREATE, CREATE_ENTITY and UPDATE; 4xx, never 5xx, and nothing
 * written for a proposal that does not apply (a patch nested past the JSON depth limit included).
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, digest, ingest, OTHER_DATASET, proposal, serverForTests } from '../http-harness.js';

const server = serverForTests();
const UPSTREAM = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.raw_orders,PROD)';

function patchBody(urn: string, aspectName: string, operations: unknown, contentType = 'application/json-patch+json') {
  return proposal(urn, aspectName, undefined, {
    changeType: 'PATCH',
    aspect: { value: JSON.stringify(operations), contentType },
  });
}

const send = (body: unknown) => call(server(), 'POST', '/aspects?action=ingestProposal', { body });
const aspectOf = async (urn: string, aspect: string, version = 0) =>
  (await call(server(), 'GET', `/aspects/${encodeURIComponent(urn)}?aspect=${aspect}&version=${version}`)).json?.aspect;

describe('PATCH', () => {
  it('adds an upstream to an absent upstreamLineage; the lineage edge follows', async () => {
    const upstream = { dataset: UPSTREAM, type: 'TRANSFORMED' };
    const reply = await send(
      patchBody(DATASET, 'upstreamLineage', [{ op: 'add', path: `/upstreams/${UPSTREAM}`, value: upstream }]),
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ value: 'success' });
    expect(await aspectOf(DATASET, 'upstreamLineage')).toEqual({
      'com.svc.dataset.UpstreamLineage': { upstreams: [upstream], fineGrainedLineages: [] },
    });
    const edges = await call(
      server(),
      'GET',
      `/relationships?urn=${encodeURIComponent(DATASET)}&direction=OUTGOING&types=List(DownstreamOf)`,
    );
    expect(edges.json.entities).toEqual([UPSTREAM]);
  });

  it('applies to the latest value and writes a new version; application/json is accepted as the content type too', async () => {
    await ingest(server(), OTHER_DATASET, 'globalTags', { tags: [{ tag: 'urn:svc:tag:A' }, { tag: 'urn:svc:tag:B' }] });
    const ops = [
      { op: 'remove', path: '/tags/urn:svc:tag:A' },
      { op: 'add', path: '/tags/urn:svc:tag:C', value: { tag: 'urn:svc:tag:C' } },
    ];
    expect((await send(patchBody(OTHER_DATASET, 'globalTags', ops, 'application/json'))).status).toBe(200);
    expect(await aspectOf(OTHER_DATASET, 'globalTags')).toEqual({
      'com.svc.common.GlobalTags': { tags: [{ tag: 'urn:svc:tag:B' }, { tag: 'urn:svc:tag:C' }] },
    });
    expect(await aspectOf(OTHER_DATASET, 'globalTags', 1)).toEqual({
      'com.svc.common.GlobalTags': { tags: [{ tag: 'urn:svc:tag:A' }, { tag: 'urn:svc:tag:B' }] },
    });
    const search = await call(server(), 'POST', '/entities?action=search', {
      body: { input: 'tags:C', entity: 'dataset', start: 0, count: 10 },
    });
    expect(search.json.value.entities).toEqual([OTHER_DATASET]);
  });

  it.each([
    {
      name: 'an aspect without a template',
      body: () => patchBody(DATASET, 'status', [{ op: 'add', path: '/removed', value: true }]),
      status: 422,
      message: 'body.proposal.aspect.value: aspect status has no patch template',
    },
    {
      name: 'an operation that does not apply',
      body: () =>
        patchBody(DATASET, 'datasetProperties', [
          { op: 'add', path: '/name', value: 'n' },
          { op: 'replace', path: '/description', value: 'd' },
        ]),
      status: 422,
      message: 'body.proposal.aspect.value[1]: replace /description does not apply: nothing at that path',
    },
    {
      name: 'a patched value the schema refuses',
      body: () =>
        patchBody(DATASET, 'upstreamLineage', [{ op: 'add', path: '/upstreams/x', value: { dataset: UPSTREAM } }]),
      status: 422,
      message:
        "body.proposal.aspect.value (the patched upstreamLineage).upstreams[1]: missing required property 'type'",
    },
    {
      name: 'a value that is not a JSON Patch',
      body: () => patchBody(DATASET, 'globalTags', { tags: [] }),
      status: 400,
      message: 'body.proposal.aspect.value: a PATCH takes a JSON Patch',
    },
    {
      name: 'a path deeper than the JSON depth limit',
      body: () =>
        patchBody(DATASET, 'datasetProperties', [
          { op: 'add', path: '/customProperties' + '/a'.repeat(20_000), value: 'x' },
        ]),
      status: 400,
      message: 'body.proposal.aspect.value[0].path: JSON nesting depth exceeds the maximum allowed (1000)',
    },
    {
      name: 'a patched value nested deeper than the JSON depth limit',
      body: () =>
        patchBody(DATASET, 'datasetProperties', [
          { op: 'add', path: '/customProperties' + '/a'.repeat(998), value: [[[[[]]]]] },
        ]),
      status: 400,
      message: 'body.proposal.aspect.value: JSON nesting depth exceeds the maximum allowed (1000)',
    },
    {
      name: 'a content type other than JSON or JSON Patch',
      body: () => patchBody(DATASET, 'globalTags', [], 'application/merge-patch+json'),
      status: 400,
      message: 'body.proposal.aspect.contentType: must be application/json or application/json-patch+json',
    },
  ])('answers $status for $name, naming it, and writes nothing', async ({ body, status, message }) => {
    const before = await digest(server());
    const reply = await send(body());
    expect(reply.status).toBe(status);
    expect(reply.json.message).toContain(message);
    expect(await digest(server())).toBe(before);
  });
});

describe('CREATE, CREATE_ENTITY, UPDATE', () => {
  const NEW = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.created,PROD)';

  it('CREATE writes an aspect that has no value and refuses one that has', async () => {
    const create = (removed: boolean) => proposal(NEW, 'status', { removed }, { changeType: 'CREATE' });
    expect((await send(create(false))).status).toBe(200);
    const again = await send(create(true));
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('body.proposal.changeType: Cannot perform CREATE since the aspect already exists.');
    expect(await aspectOf(NEW, 'status')).toEqual({ 'com.svc.common.Status': { removed: false } });
  });

  it('CREATE_ENTITY writes to an entity that does not exist and refuses one that does', async () => {
    const fresh = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.created_entity,PROD)';
    const body = (urn: string) =>
      proposal(
        urn,
        'datasetProperties',
        { description: 'once', customProperties: {} },
        { changeType: 'CREATE_ENTITY' },
      );
    expect((await send(body(fresh))).status).toBe(200);
    const existing = await send(body(NEW));
    expect(existing.status).toBe(422);
    expect(existing.json.message).toBe(
      'body.proposal.changeType: Cannot perform CREATE_ENTITY if not exists since the entity key already exists.',
    );
  });

  it('UPDATE writes the aspect whole, as UPSERT', async () => {
    expect((await send(proposal(NEW, 'status', { removed: true }, { changeType: 'UPDATE' }))).status).toBe(200);
    expect(await aspectOf(NEW, 'status')).toEqual({ 'com.svc.common.Status': { removed: true } });
  });

  it('refuses a change type upstream does not apply with 400 naming the field', async () => {
    const reply = await send(proposal(NEW, 'status', { removed: true }, { changeType: 'RESTATE' }));
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain(
      'body.proposal.changeType: must be one of UPSERT, UPDATE, CREATE, CREATE_ENTITY, PATCH, DELETE',
    );
  });
});
