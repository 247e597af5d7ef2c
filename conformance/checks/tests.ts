/** 4.3 Metadata tests: evaluate, without pushing results (a read), and its body names. */
import { expect, expectStatusOf, type CheckGroup } from '../check.js';
import { readableDataset } from './deployment-lookups.js';
import { valueOf } from './response-readers.js';

interface Results {
  passing?: { test: string }[];
  failing?: { test: string }[];
}

function testsIn(results: Results): string[] {
  return [...(results.passing ?? []), ...(results.failing ?? [])].map((r) => r.test);
}

export const testsChecks: CheckGroup = {
  name: 'tests',
  checks: [
    {
      id: 'tests.evaluate',
      clause: '4.3 Metadata tests: evaluate',
      async run(ctx) {
        const res = await ctx.client.expectStatus('evaluateTests', {
          body: { urn: await readableDataset(ctx), shouldPush: false },
        });
        valueOf(res);
      },
    },
    {
      id: 'tests.evaluate.parameters',
      clause: '4.3 Metadata tests: evaluate testUrns',
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const all = testsIn(
          valueOf<Results>(await ctx.client.expectStatus('evaluateTests', { body: { urn, shouldPush: false } })),
        );
        const [chosen] = all;
        if (!chosen || all.length < 2) ctx.skip('fewer than two metadata tests apply to the dataset');
        const only = testsIn(
          valueOf<Results>(
            await ctx.client.expectStatus('evaluateTests', { body: { urn, shouldPush: false, testUrns: [chosen] } }),
          ),
        );
        expect(only.length === 1 && only[0] === chosen, `testUrns [${chosen}] evaluated ${JSON.stringify(only)}`);
      },
    },
    {
      id: 'tests.evaluate.required',
      clause: '4.3 Metadata tests: evaluate urn required',
      writes: true,
      async run(ctx) {
        // A missing required action parameter is a Rest.li 400 (restli-facts §3.2), not any 4xx: a 404 means no route.
        expectStatusOf(
          (await ctx.client.call('evaluateTests', { body: { shouldPush: false } })).status,
          400,
          'evaluate without urn',
        );
      },
    },
  ],
};
