/**
 * 3 States and transitions: a soft-deleted entity (status removed true) is no longer found by
 * search, browse or autocomplete while reads by URN still work; restoring makes it discoverable again.
 */
import { expect, expectEqual, type CheckContext, type CheckGroup } from '../check.js';
import { browse, suggestions } from './search.js';
import { searchUrns } from './support.js';

async function discoverable(ctx: CheckContext, urn: string): Promise<{ search: boolean; browse: boolean; autocomplete: boolean }> {
  const inBrowse = (await browse(ctx, ctx.fixture.browseRoot)).entities.some((e) => e.urn === urn);
  const completions = await suggestions(ctx, `conformance_${ctx.runId}.ret`);
  return { search: (await searchUrns(ctx, ctx.fixture.word)).includes(urn), browse: inBrowse, autocomplete: completions.some((s) => s.includes('returns')) };
}

export const lifecycleChecks: CheckGroup = {
  name: 'lifecycle',
  checks: [
    {
      id: 'lifecycle.soft-delete.hidden',
      clause: '3 States and transitions: active',
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.returns;
        await ctx.fixture.upsert(urn, 'status', { removed: true });
        expectEqual(await discoverable(ctx, urn), { search: false, browse: false, autocomplete: false }, 'where a soft-deleted dataset is found');
        const read = await ctx.client.expectStatus('getEntityV2', { path: { urn } });
        const status = (read.body as { aspects?: { status?: { value?: { removed?: unknown } } } }).aspects?.status?.value;
        expectEqual(status?.removed, true, 'status.removed read back by URN');
        expect((await ctx.client.call('getEntity', { path: { urn } })).status === 200, 'the legacy read of a soft-deleted entity failed');
      },
    },
    {
      id: 'lifecycle.restore',
      clause: '3 States and transitions: soft-deleted',
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.returns;
        await ctx.fixture.upsert(urn, 'status', { removed: true });
        await ctx.fixture.upsert(urn, 'status', { removed: false });
        expectEqual(await discoverable(ctx, urn), { search: true, browse: true, autocomplete: true }, 'where a restored dataset is found');
      },
    },
  ],
};
