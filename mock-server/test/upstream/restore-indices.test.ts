/**
 * restoreIndices in the upstream profile against the document profile (spec/upstream-differences.yaml
 * restore-indices-batching, restore-indices-batch-size-default): upstream restores every matching row
 * from start on in batches of batchSize (default 500), one RestoreIndicesResult a line, after an args
 * part with the newer fields; the document restores batchSize rows (default 10).
 */
import { describe, expect, it } from 'vitest';
import { call, ingest, serverForTests } from '../http-harness.js';

const TOKEN = 'admin-token';
const urnOf = (i: number) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,restore.t${i},PROD)`;
const PATTERN = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,restore.%';

type Server = Parameters<typeof ingest>[0];

async function restore(server: Server, body: Record<string, unknown>): Promise<{ args: string; batches: string[] }> {
  const reply = await call(server, 'POST', '/operations?action=restoreIndices', { body, token: TOKEN });
  expect(reply.status).toBe(200);
  const text = String(reply.json.value);
  const result = text.indexOf(', result=');
  return { args: text.slice(0, result), batches: text.slice(result + ', result='.length, -1).split('\n') };
}

const rowsOf = (batch: string) => Number(/rowsMigrated=(\d+)/.exec(batch)?.[1]);

async function writeRows(server: Server): Promise<number> {
  for (let i = 0; i < 12; i++) await ingest(server, urnOf(i), 'status', { removed: false }, TOKEN);
  // Each dataset holds its status and the key aspect the store keeps for it.
  const { batches } = await restore(server, { urnLike: PATTERN, batchSize: 1000 });
  return rowsOf(batches[0] ?? '');
}

describe('the upstream profile', () => {
  const server = serverForTests({ profile: 'upstream', indexLagMs: 0 });

  it('restores every row from start on in batches of batchSize, one result a line, no empty batch after a full one', async () => {
    const total = await writeRows(server());
    expect(total).toBeGreaterThanOrEqual(12);
    // From a start that leaves a whole number of batches, where a batch past the last row would be empty.
    const start = (total % 4) + 4;
    const { args, batches } = await restore(server(), { urnLike: PATTERN, start, batchSize: 4 });
    expect(batches.map(rowsOf)).toEqual(Array.from({ length: (total - start) / 4 }, () => 4));
    expect(batches.at(-1)).toMatch(
      /lastUrn=urn:svc:dataset:\(urn:svc:dataPlatform:hive,restore\.t9,PROD\), lastAspect=\w+\)$/,
    );
    expect(args).toMatch(
      new RegExp(
        `^\\{args=RestoreIndicesArgs\\(start=${start}, batchSize=4, limit=0, numThreads=1, batchDelayMs=1000, .*urnBasedPagination=false, lastUrn=, lastAspect=\\)$`,
      ),
    );
  });

  it('defaults batchSize to 500 (RestoreIndicesArgs.DEFAULT_BATCH_SIZE)', async () => {
    const { args, batches } = await restore(server(), { urnLike: PATTERN });
    expect(args).toContain('batchSize=500,');
    expect(batches).toHaveLength(1);
  });
});

describe('the document profile, unchanged', () => {
  const server = serverForTests({});

  it('restores batchSize rows (default 10) and answers one result', async () => {
    await writeRows(server());
    expect((await restore(server(), { urnLike: PATTERN, start: 1, batchSize: 4 })).batches.map(rowsOf)).toEqual([4]);
    const defaults = await restore(server(), { urnLike: PATTERN });
    expect([defaults.args, defaults.batches.map(rowsOf)]).toEqual([expect.stringContaining('batchSize=10,'), [10]]);
  });
});
