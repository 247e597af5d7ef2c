/**
 * Negative checks: invalid bodies, unknown actions, actions sent with GET and malformed URNs get a
 * 400, as Rest.li answers them (restli-facts §3.2: routing errors, parameter validation, an action sent
 * with GET), never a 5xx; not any 4xx, so a 401 or the 404 of a missing route does not pass. Those
 * aimed at write endpoints run only with --allow-writes. errors.malformed-urn keeps the id
 * spec/upstream-differences.yaml gives it.
 */
import { expectStatusOf, type CheckContext, type CheckGroup } from '../check.js';
import type { ApiResponse } from '../client.js';

function expect4xx(res: ApiResponse, what: string): void {
  expectStatusOf(res.status, 400, what);
}

async function raw(ctx: CheckContext, method: string, pathAndQuery: string, body?: unknown): Promise<ApiResponse> {
  const { baseUrl, prefix } = ctx.client;
  return ctx.client.send(method, `${baseUrl}${prefix}${pathAndQuery}`, body, 'token', {
    [ctx.contract.names.protocolHeader]: '2.0.0',
  });
}

export const negativeChecks: CheckGroup = {
  name: 'negative',
  checks: [
    {
      id: 'errors.malformed-urn',
      clause: '2.1 Identifiers: dataset malformed (invalid) URN',
      async run(ctx) {
        expect4xx(await ctx.client.call('getEntityV2', { path: { urn: 'not-a-urn' } }), 'a read of a malformed URN');
      },
    },
    {
      id: 'negative.invalid-body.search',
      clause: '4.6 Browse, search, autocomplete: search invalid body (no input, not JSON)',
      async run(ctx) {
        expect4xx(
          await ctx.client.call('searchEntities', { body: { entity: 'dataset', start: 0, count: 1 } }),
          'search without input',
        );
        expect4xx(
          await raw(ctx, 'POST', '/entities?action=search', '{not json'),
          'search with a body that is not JSON',
        );
      },
    },
    {
      id: 'negative.invalid-filter-condition',
      clause: '4.6 Browse, search, autocomplete: filter invalid condition',
      async run(ctx) {
        const filter = { or: [{ and: [{ field: 'platform', value: 'x', condition: 'SOUNDS_LIKE' }] }] };
        expect4xx(
          await ctx.client.call('searchEntities', {
            body: { input: '*', entity: 'dataset', start: 0, count: 1, filter },
          }),
          'a filter with an unknown condition',
        );
      },
    },
    {
      id: 'negative.unknown-action',
      clause: '4 Endpoints: unknown action',
      async run(ctx) {
        expect4xx(await raw(ctx, 'POST', '/entities?action=conformanceUnknown', {}), 'an unknown action of /entities');
      },
    },
    {
      id: 'negative.unknown-action.operations',
      clause: '4.2 Operations endpoints: unknown action',
      writes: true,
      async run(ctx) {
        expect4xx(
          await raw(ctx, 'POST', '/operations?action=conformanceUnknown', {}),
          'an unknown action of /operations',
        );
      },
    },
    {
      id: 'negative.action-with-get',
      clause: '4.6 Browse, search, autocomplete: actions are POST',
      async run(ctx) {
        expect4xx(await ctx.client.call('searchEntities', { method: 'GET' }), 'GET /entities?action=search');
      },
    },
    {
      id: 'negative.action-with-get.operations',
      clause: '4.2 Operations endpoints: all are POST',
      async run(ctx) {
        expect4xx(await ctx.client.call('getIndexSizes', { method: 'GET' }), 'GET /operations?action=getIndexSizes');
      },
    },
    {
      id: 'negative.invalid-body.operations',
      clause: '4.2 Operations endpoints: truncateTimeseriesAspect endTimeMillis invalid (not an integer)',
      writes: true,
      async run(ctx) {
        const body = {
          entityType: 'dataset',
          aspect: 'datasetUsageStatistics',
          endTimeMillis: 'yesterday',
          dryRun: true,
        };
        expect4xx(await ctx.client.call('truncateTimeseriesAspect', { body }), 'truncation with a text endTimeMillis');
      },
    },
  ],
};
