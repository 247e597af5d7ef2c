/**
 * `POST /aspects?action=ingestProposalBatch` as the Python emitter's `emit_mcps` sends it
 * (`_emit_restli_mcps` in `metadata-ingestion/src/datahub/emitter/rest_emitter.py`, commit
 * 008277cc3ae79c37e1abe87eae95426a92f03b68: `{"proposals": [...], "async": "true"|"false"}`), answered
 * as upstream's `AspectResource.ingestProposalBatch` (commit 024d4f72ad743711b60ca93c5462c3db2388e7c8):
 * `{"value": "success"}`, all proposals in one transaction.
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, digest, OTHER_DATASET, serverForTests } from '../http-harness.js';
import { pythonHeaders, pythonSystemMetadata, send } from '../datahub-client-wire.js';

const server = serverForTests();

function mcp(urn: string, aspectName: string, value: unknown): Record<string, unknown> {
  return {
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    systemMetadata: pythonSystemMetadata(),
  };
}

function emitMcps(proposals: unknown[], asyncFlag: 'true' | 'false', prefix = '') {
  return send(
    server(),
    'POST',
    `${prefix}/aspects?action=ingestProposalBatch`,
    pythonHeaders(),
    JSON.stringify({ proposals, async: asyncFlag }),
  );
}

describe('emit_mcps', () => {
  it.each([
    ['false', ''],
    ['true', '/api/gms'],
    ['false', '/gms'],
  ] as const)('applies every proposal with async %s at %s and answers success', async (asyncFlag, prefix) => {
    const description = `batch ${asyncFlag} ${prefix}`;
    const reply = await emitMcps(
      [
        mcp(DATASET, 'datasetProperties', { description, customProperties: {} }),
        mcp(OTHER_DATASET, 'status', { removed: false }),
      ],
      asyncFlag,
      prefix,
    );
    expect(reply).toMatchObject({ status: 200, json: { value: 'success' } });
    const read = await call(
      server(),
      'GET',
      `/aspects/${encodeURIComponent(DATASET)}?aspect=datasetProperties&version=0`,
    );
    // The mock fills the schema's defaults on write (here datasetProperties.tags: []).
    expect(Object.values(read.json.aspect)[0]).toMatchObject({ description, customProperties: {} });
    const other = await call(server(), 'GET', `/aspects/${encodeURIComponent(OTHER_DATASET)}?aspect=status&version=0`);
    expect(Object.values(other.json.aspect)[0]).toEqual({ removed: false });
  });

  it("accepts a batch of 100, the emitter's chunk size", async () => {
    const proposals = Array.from({ length: 100 }, (_, i) =>
      mcp(`urn:svc:dataset:(urn:svc:dataPlatform:hive,batch.t${i},PROD)`, 'status', { removed: false }),
    );
    expect((await emitMcps(proposals, 'false')).status).toBe(200);
    const read = await call(
      server(),
      'GET',
      `/entitiesV2/${encodeURIComponent('urn:svc:dataset:(urn:svc:dataPlatform:hive,batch.t99,PROD)')}?aspects=List(status)`,
    );
    expect(read.json.aspects.status.value).toEqual({ removed: false });
  });
});

describe('a bad proposal refuses the whole batch and names it', () => {
  const good = mcp(DATASET, 'status', { removed: true });
  it.each([
    {
      given: 'a value that breaks the schema',
      bad: mcp(OTHER_DATASET, 'status', { removed: 'yes' }),
      status: 422,
      message: 'body.proposals[1].aspect.value.removed: must be boolean',
    },
    {
      given: 'an unknown change type',
      bad: { ...mcp(OTHER_DATASET, 'status', {}), changeType: 'RESTATE' },
      status: 400,
      message: 'body.proposals[1].changeType',
    },
    {
      given: 'a CREATE of an aspect that exists',
      bad: { ...mcp(DATASET, 'datasetProperties', { description: 'x', customProperties: {} }), changeType: 'CREATE' },
      status: 422,
      message: 'body.proposals[1].changeType: Cannot perform CREATE since the aspect already exists.',
    },
    {
      given: 'a URN of another entity type',
      bad: { ...mcp(OTHER_DATASET, 'status', {}), entityType: 'chart' },
      status: 400,
      message: 'body.proposals[1].entityUrn',
    },
    {
      given: 'an aspect the entity does not allow',
      bad: mcp(OTHER_DATASET, 'chartInfo', { title: 'x' }),
      status: 400,
      message: 'body.proposals[1]',
    },
    {
      given: 'aspect text that is not JSON',
      bad: { ...mcp(OTHER_DATASET, 'status', {}), aspect: { value: '{', contentType: 'application/json' } },
      status: 400,
      message: 'body.proposals[1].aspect.value: is not valid JSON',
    },
  ])('$given', async ({ bad, status, message }) => {
    const before = await digest(server());
    const reply = await emitMcps([good, bad], 'false');
    expect(reply.status).toBe(status);
    expect(reply.json.message).toContain(message);
    expect(await digest(server())).toBe(before);
  });

  it('refuses a body without proposals', async () => {
    const reply = await send(
      server(),
      'POST',
      '/aspects?action=ingestProposalBatch',
      pythonHeaders(),
      JSON.stringify({ async: 'false' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain("body: missing required property 'proposals'");
  });
});
