/**
 * 4.2 restoreIndices and its defaults in 8. Limits, on the run's own rows only: `urn` set to a run
 * URN, or `urnLike` set to the pattern of the run's dataset URNs. The response shape is not shown;
 * what was restored is read from upstream's text report (`rowsMigrated=`, `lastUrn=`, `lastAspect=`),
 * and a check is skipped when the deployment answers something else.
 */
import { expect, expectEqual, type CheckContext, type CheckGroup } from '../check.js';
import { searchUrns } from './deployment-lookups.js';
import { valueOf } from './response-readers.js';

const RESTORE = '4.2 Operations endpoints: restoreIndices';

export interface Restored {
  /** Rows restored (migrated or ignored). */
  rows: number;
  /** `<urn> <aspect>` of the last row restored, '' when none was. */
  last: string;
}

/**
 * What a report says was restored. Upstream's newest report is `{args=RestoreIndicesArgs(..., lastUrn=,
 * lastAspect=), result=<one RestoreIndicesResult per batch, one a line>}` (operations/Utils.java
 * restoreIndices), so only the text after `result=` counts, summed over its batches; older reports are
 * the results alone.
 */
export function restoredBy(report: string): Restored | undefined {
  const results = report.includes('result=') ? report.slice(report.indexOf('result=') + 'result='.length) : report;
  const batches = results.split('\n').filter((line) => /rowsMigrated=/.test(line));
  let rows = 0;
  let last = '';
  for (const batch of batches) {
    const migrated = /rowsMigrated=(\d+)/.exec(batch)?.[1];
    const ignored = /ignored=(\d+)/.exec(batch)?.[1];
    const lastRow = /lastUrn=(.*?), lastAspect=(\w*)\)/.exec(batch);
    if (migrated === undefined || ignored === undefined || !lastRow) return undefined;
    rows += Number(migrated) + Number(ignored);
    if (lastRow[1]) last = `${lastRow[1]} ${lastRow[2] ?? ''}`;
  }
  return batches.length ? { rows, last } : undefined;
}

async function restore(ctx: CheckContext, body: Record<string, unknown>): Promise<Restored> {
  const text = String(valueOf<unknown>(await ctx.client.expectStatus('restoreIndices', { body })));
  return (
    restoredBy(text) ??
    ctx.skip(`the response does not report what was restored (shape not shown): ${text.slice(0, 200)}`)
  );
}

/** The run's dataset rows, restored through urnLike with `extra` (start, batchSize). */
function runRows(ctx: CheckContext, extra: Record<string, unknown> = {}): Promise<Restored> {
  return restore(ctx, { urnLike: ctx.fixture.datasetPattern, ...extra });
}

export const restoreIndicesChecks: CheckGroup = {
  name: 'restoreIndices',
  checks: [
    {
      id: 'operations.restoreIndices.urn',
      clause: `${RESTORE} urn`,
      needsFixture: true,
      async run(ctx) {
        const res = await ctx.client.expectStatus('restoreIndices', {
          body: { urn: ctx.fixture.orders, aspect: 'datasetProperties' },
        });
        // Upstream's text report names the last URN it restored: it must be the one asked for.
        const restored = restoredBy(String(valueOf<unknown>(res)));
        if (restored)
          expect(
            restored.last.startsWith(`${ctx.fixture.orders} `),
            `restoreIndices restored other URNs: ${restored.last}`,
          );
        const hits = await ctx.eventually(
          () => searchUrns(ctx, ctx.fixture.word),
          (urns) => urns.includes(ctx.fixture.orders),
        );
        expect(hits.includes(ctx.fixture.orders), 'the restored dataset is not found by search');
      },
    },
    {
      id: 'operations.restoreIndices.aspect',
      clause: `${RESTORE} aspect`,
      needsFixture: true,
      async run(ctx) {
        const one = await restore(ctx, { urn: ctx.fixture.orders, aspect: 'datasetProperties' });
        expectEqual(
          one,
          { rows: 1, last: `${ctx.fixture.orders} datasetProperties` },
          'rows restored with urn and aspect',
        );
        expect(
          (await restore(ctx, { urn: ctx.fixture.orders })).rows > 1,
          'without aspect no more than one row of the dataset was restored',
        );
      },
    },
    {
      id: 'operations.restoreIndices.urn-like',
      clause: `${RESTORE} urnLike`,
      needsFixture: true,
      async run(ctx) {
        const restored = await runRows(ctx, { batchSize: 1000 });
        expect(restored.rows > 0, `urnLike ${ctx.fixture.datasetPattern} restored no row`);
        expect(
          restored.last.startsWith(ctx.fixture.datasetPattern.replace(/%$/, '')),
          `urnLike ${ctx.fixture.datasetPattern} restored ${restored.last}`,
        );
        const none = await restore(ctx, {
          urnLike: `${ctx.fixture.datasetPattern.replace(/%$/, '')}never_written%`,
          batchSize: 1000,
        });
        expectEqual(none, { rows: 0, last: '' }, 'rows restored with a pattern no URN matches');
      },
    },
    {
      id: 'operations.restoreIndices.start',
      clause: `${RESTORE} start`,
      needsFixture: true,
      async run(ctx) {
        const firstTwo = await runRows(ctx, { start: 0, batchSize: 2 });
        expectEqual(
          await runRows(ctx, { start: 1, batchSize: 1 }),
          { rows: 1, last: firstTwo.last },
          'the row restored from start 1 (the second of the first two)',
        );
      },
    },
    {
      id: 'operations.restoreIndices.batch-size',
      clause: `${RESTORE} batchSize`,
      needsFixture: true,
      async run(ctx) {
        for (const batchSize of [1, 3])
          expectEqual(
            (await runRows(ctx, { start: 0, batchSize })).rows,
            batchSize,
            `rows restored with batchSize ${batchSize}`,
          );
      },
    },
    {
      id: 'operations.restoreIndices.defaults',
      clause: '8 Limits: batchSize default of restoreIndices',
      needsFixture: true,
      async run(ctx) {
        const all = (await runRows(ctx, { batchSize: 1000 })).rows;
        expect(all > 10, `the run has only ${all} dataset rows; the default batch of 10 cannot be told apart`);
        expectEqual((await runRows(ctx, { start: 0 })).rows, 10, 'rows restored without batchSize');
      },
    },
    {
      id: 'operations.restoreIndices.start-default',
      clause: '8 Limits: start default of restoreIndices',
      needsFixture: true,
      async run(ctx) {
        const fromZero = await runRows(ctx, { start: 0, batchSize: 1 });
        expectEqual(await runRows(ctx, { batchSize: 1 }), fromZero, 'the row restored without start (the first)');
        expect(
          (await runRows(ctx, { start: 1, batchSize: 1 })).last !== fromZero.last,
          'start 1 restored the same row as start 0',
        );
      },
    },
  ],
};
