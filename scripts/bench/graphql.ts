/**
 * GraphQL: throughput of the document's dataset query as a ratio to the REST entitiesV2 read of
 * the same dataset, in the same run, on the sample catalog.
 */
import { loadContract } from '../../spec/index.js';
import { load, median } from './load.js';
import type { BenchRow } from './mock-core.js';
import { startMock } from './servers.js';

const names = loadContract('svc').names;
const DATASET = `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:snowflake,analytics.mart.daily_revenue,PROD)`;
const QUERY = `query dataset($urn: String!) { dataset(urn: $urn) { properties { description } schemaMetadata { fields { fieldPath description } } } }`;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function benchGraphql(runs: number, seconds: number): Promise<BenchRow[]> {
  const ratios: number[] = [];
  const graphqlRates: number[] = [];
  const restRates: number[] = [];
  for (let r = 0; r < runs; r++) {
    const mock = await startMock([]);
    try {
      const body = JSON.stringify({ query: QUERY, variables: { urn: DATASET } });
      const probe = (await (await fetch(`${mock.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as { data?: { dataset?: { properties?: unknown } } };
      if (!probe.data?.dataset?.properties) throw new Error(`the sample catalog has no ${DATASET}: ${JSON.stringify(probe)}`);
      const rest = await load({ url: `${mock.url}/entitiesV2/${encodeURIComponent(DATASET)}`, seconds });
      const graphql = await load({ url: `${mock.url}/api/graphql`, method: 'POST', seconds, body: () => body });
      if (rest.non2xx + graphql.non2xx + rest.errors + graphql.errors) throw new Error('failed requests during the GraphQL benchmark');
      restRates.push(rest.requestsPerSecond);
      graphqlRates.push(graphql.requestsPerSecond);
      ratios.push(graphql.requestsPerSecond / rest.requestsPerSecond);
    } finally {
      await mock.stop();
    }
  }
  return [
    { scenario: 'GraphQL dataset query: requests/s (entitiesV2 read of the same dataset)', value: `${fmt(median(graphqlRates))} (${fmt(median(restRates))})`, target: '' },
    { scenario: 'GraphQL dataset query: ratio to the entitiesV2 read', value: fmt(median(ratios), 2), target: '≥ 0.5' },
  ];
}
