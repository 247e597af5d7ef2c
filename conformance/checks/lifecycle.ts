/**
 * 3 States and transitions: a soft-deleted entity (status removed true) is no longer found by
 * search, browse or autocomplete while reads by URN still work; restoring makes it discoverable again.
 */
import { expect, expectEqual, type Check, type CheckContext, type CheckGroup } from '../check.js';
import { browse, suggestions } from './search.js';
import { searchUrns } from './deployment-lookups.js';

async function discoverable(
  ctx: CheckContext,
  urn: string,
): Promise<{ search: boolean; browse: boolean; autocomplete: boolean }> {
  const inBrowse = (await browse(ctx, ctx.fixture.browseRoot)).entities.some((e) => e.urn === urn);
  const completions = await suggestions(ctx, `conformance_${ctx.runId}.ret`);
  return {
    search: (await searchUrns(ctx, ctx.fixture.word)).includes(urn),
    browse: inBrowse,
    autocomplete: completions.some((s) => s.includes('returns')),
  };
}

/** A transition of section 3: the status values written in turn on `returns`, and where it must then be found. */
function transitionCheck(
  id: string,
  clause: string,
  removed: boolean[],
  found: boolean,
  alsoCheck?: (ctx: CheckContext, urn: string) => Promise<void>,
): Check {
  return {
    id,
    clause,
    needsFixture: true,
    async run(ctx) {
      const urn = ctx.fixture.returns;
      for (const value of removed) await ctx.fixture.upsert(urn, 'status', { removed: value });
      const where = await ctx.eventually(
        () => discoverable(ctx, urn),
        (d) => d.search === found && d.browse === found && d.autocomplete === found,
      );
      expectEqual(
        where,
        { search: found, browse: found, autocomplete: found },
        `where the dataset is found after status removed ${removed.join(', then ')}`,
      );
      await alsoCheck?.(ctx, urn);
    },
  };
}

export const lifecycleChecks: CheckGroup = {
  name: 'lifecycle',
  checks: [
    transitionCheck(
      'lifecycle.soft-delete.hidden',
      '3 States and transitions: active',
      [true],
      false,
      async (ctx, urn) => {
        const read = await ctx.client.expectStatus('getEntityV2', { path: { urn } });
        const status = (read.body as { aspects?: { status?: { value?: { removed?: unknown } } } }).aspects?.status
          ?.value;
        expectEqual(status?.removed, true, 'status.removed read back by URN');
        expect(
          (await ctx.client.call('getEntity', { path: { urn } })).status === 200,
          'the legacy read of a soft-deleted entity failed',
        );
      },
    ),
    transitionCheck('lifecycle.restore', '3 States and transitions: soft-deleted', [true, false], true),
  ],
};
