/**
 * GraphQL: throughput of the document's dataset query as a ratio to the REST entitiesV2 read of
 * the same dataset, the two loads alternated in one run, on the sample catalog.
 */
import { loadContract } from '../../spec/index.js';
import { alternate, median } from './load.js';
import { atLeast, fmt, info, type BenchRow } from './rows.js';
import { startMock } from './servers.js';

const names = loadContract('svc').names;
const DATASET = `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:snowflake,analytics.mart.daily_revenue,PROD)`;
const QUERY = `query dataset($urn: String!) { dataset(urn: $urn) { properties { description } schemaMetadata { fields { fieldPath description } } } }`;

export async function benchGraphql(runs: number, seconds: number): Promise<BenchRow[]> {
  const ratios: number[] = [];
  const graphqlRates: number[] = [];
  const restRates: number[] = [];
  for (let r = 0; r < runs; r++) {
    const mock = await startMock([]);
    try {
      const body = JSON.stringify({ query: QUERY, variables: { urn: DATASET } });
      const probe = (await (
        await fetch(`${mock.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).json()) as { data?: { dataset?: { properties?: unknown } } };
      if (!probe.data?.dataset?.properties)
        throw new Error(`the sample catalog has no ${DATASET}: ${JSON.stringify(probe)}`);
      const { a: rest, b: graphql } = await alternate(
        { url: `${mock.url}/entitiesV2/${encodeURIComponent(DATASET)}` },
        { url: `${mock.url}/api/graphql`, method: 'POST', body: () => body },
        seconds,
      );
      if (rest.non2xx + graphql.non2xx + rest.errors + graphql.errors)
        throw new Error('failed requests during the GraphQL benchmark');
      restRates.push(rest.requestsPerSecond);
      graphqlRates.push(graphql.requestsPerSecond);
      ratios.push(graphql.requestsPerSecond / rest.requestsPerSecond);
    } finally {
      await mock.stop();
    }
  }
  return [
    info(
      'GraphQL dataset query: requests/s (entitiesV2 read of the same dataset, alternated)',
      `${fmt(median(graphqlRates))} (${fmt(median(restRates))})`,
    ),
    atLeast('GraphQL dataset query: ratio to the entitiesV2 read', median(ratios), 0.8, 2),
  ];
}
