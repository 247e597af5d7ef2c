/**
 * searchAcrossLineage's lineage flags that shape a lineage screen, through POST /api/graphql, as
 * upstream's ESGraphQueryDAO walks them (metadata-io/src/main/java/com/linkedin/metadata/graph/elastic/ESGraphQueryDAO.java):
 * - ignoreAsHops: an entity of a listed type (of a listed platform, when platforms are given) is walked
 *   through within the hop that reached it and marked ignoredAsHop (processOneHopLineage);
 * - entitiesExploredPerHopLimit: each entity of a level reaches at most that many, and the ones it
 *   reached are marked truncatedChildren once it reaches that many
 *   (extractRelationshipsFromSearchResponses); 0 is no limit (LineageSearchService.isLineageVisualization)
 *   unless ignoreAsHops is given too, when upstream's grouped query returns nothing
 *   (executeGroupByLineageSearchQuery).
 * Platforms are URNs (LineageFlagsInputMapper: UrnUtils.getUrn, an IllegalArgumentException, so a
 * BAD_REQUEST), and a negative limit is refused naming it. Where upstream takes the limited entities
 * in a hash set's order, the mock takes them by URN (upstream-differences:
 * graphql-search-sort-and-flags-ignored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.${name},PROD)`;
const job = (orchestrator: string, name: string) =>
  `urn:svc:dataJob:(urn:svc:dataFlow:(${orchestrator},etl,PROD),${name})`;
const ORDERS = dataset('orders');
const LOAD = job('airflow', 'load');
const CLEAN = job('spark', 'clean');
const LOADED = dataset('loaded');
const CLEANED = dataset('cleaned');
const COPY = dataset('copy');
const BACKUP = dataset('backup');
const REPORT = dataset('report');

let server: MockServer;
beforeAll(async () => {
  server = await startServer({ indexLagMs: 0 });
  // orders → load (airflow) → loaded → report; orders → clean (spark) → cleaned; orders → copy, backup.
  await ingest(server, LOAD, 'dataJobInputOutput', { inputDatasets: [ORDERS], outputDatasets: [LOADED] }, ADMIN);
  await ingest(server, CLEAN, 'dataJobInputOutput', { inputDatasets: [ORDERS], outputDatasets: [CLEANED] }, ADMIN);
  for (const copy of [COPY, BACKUP])
    await ingest(server, copy, 'upstreamLineage', { upstreams: [{ dataset: ORDERS, type: 'COPY' }] }, ADMIN);
  await ingest(server, REPORT, 'upstreamLineage', { upstreams: [{ dataset: LOADED, type: 'TRANSFORMED' }] }, ADMIN);
  // Only the entities that exist are search results: the jobs' outputs are given a write of their own.
  for (const output of [LOADED, CLEANED]) await ingest(server, output, 'datasetProperties', { name: output }, ADMIN);
});
afterAll(() => server.close());

const SEARCH = `query s($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total searchResults { degree ignoredAsHop truncatedChildren paths { path { urn } } entity { urn } } } }`;
interface Result {
  degree: number;
  ignoredAsHop: boolean;
  truncatedChildren: boolean;
  paths: { path: { urn: string }[] }[];
  entity: { urn: string };
}
const search = (lineageFlags?: Record<string, unknown>) =>
  graphql(server, {
    query: SEARCH,
    variables: {
      input: { urn: ORDERS, direction: 'DOWNSTREAM', count: 50, ...(lineageFlags ? { lineageFlags } : {}) },
    },
    token: ADMIN,
  });
/** Lines `degree urn marks` in the order of their URNs. */
const inUrnOrder = (lines: string[]): string[] =>
  [...lines].sort((a, b) => (a.split(' ')[1]! < b.split(' ')[1]! ? -1 : 1));
/** Each entity reached as `degree urn`, with its marks, in URN order. */
const walked = async (lineageFlags?: Record<string, unknown>) => {
  const reply = await search(lineageFlags);
  const json = reply.json as { data: { searchAcrossLineage: { searchResults: Result[] } }; errors?: unknown[] };
  expect(json.errors).toBeUndefined();
  return inUrnOrder(
    json.data.searchAcrossLineage.searchResults.map(
      (r) =>
        `${r.degree} ${r.entity.urn}${r.ignoredAsHop ? ' ignoredAsHop' : ''}${r.truncatedChildren ? ' truncatedChildren' : ''}`,
    ),
  );
};
const refusal = async (lineageFlags: Record<string, unknown>) => {
  const reply = await search(lineageFlags);
  expect(reply.status).toBe(200);
  return (reply.json as { errors?: { message: string; extensions: { type: string } }[] }).errors?.[0];
};

describe('searchAcrossLineage with ignoreAsHops', () => {
  it('without it, a job is a hop of its own', async () => {
    expect(await walked()).toEqual(
      inUrnOrder([`1 ${LOAD}`, `1 ${CLEAN}`, `1 ${BACKUP}`, `2 ${CLEANED}`, `1 ${COPY}`, `2 ${LOADED}`, `3 ${REPORT}`]),
    );
  });

  it('walks through every job within the hop that reached it, and marks it', async () => {
    expect(await walked({ ignoreAsHops: [{ entityType: 'DATA_JOB' }] })).toEqual(
      inUrnOrder([
        `1 ${LOAD} ignoredAsHop`,
        `1 ${CLEAN} ignoredAsHop`,
        `1 ${BACKUP}`,
        `1 ${CLEANED}`,
        `1 ${COPY}`,
        `1 ${LOADED}`,
        `2 ${REPORT}`,
      ]),
    );
  });

  it("with platforms, only the jobs of those platforms (a job's is its flow's orchestrator)", async () => {
    expect(
      await walked({ ignoreAsHops: [{ entityType: 'DATA_JOB', platforms: ['urn:svc:dataPlatform:airflow'] }] }),
    ).toEqual(
      inUrnOrder([
        `1 ${LOAD} ignoredAsHop`,
        `1 ${CLEAN}`,
        `1 ${BACKUP}`,
        `2 ${CLEANED}`,
        `1 ${COPY}`,
        `1 ${LOADED}`,
        `2 ${REPORT}`,
      ]),
    );
  });

  it('keeps the job in the path of what lies beyond it', async () => {
    const reply = await search({ ignoreAsHops: [{ entityType: 'DATA_JOB' }] });
    const results = (reply.json as { data: { searchAcrossLineage: { searchResults: Result[] } } }).data
      .searchAcrossLineage.searchResults;
    expect(results.find((r) => r.entity.urn === REPORT)?.paths.map((p) => p.path.map((step) => step.urn))).toEqual([
      [ORDERS, LOAD, LOADED, REPORT],
    ]);
  });

  it('refuses a platform that is not a URN, naming it', async () => {
    const error = await refusal({
      ignoreAsHops: [{ entityType: 'DATA_JOB', platforms: ['urn:svc:dataPlatform:airflow', 'airflow'] }],
    });
    expect(error?.extensions.type).toBe('BAD_REQUEST');
    expect(error?.message).toContain('input.lineageFlags.ignoreAsHops[0].platforms[1]');
  });
});

describe('searchAcrossLineage with entitiesExploredPerHopLimit', () => {
  it('lets each entity reach at most that many, and marks what it reached when it reached that many', async () => {
    // The two jobs come first by URN; the copies are left out, and what the jobs reach is walked on.
    expect(await walked({ entitiesExploredPerHopLimit: 2 })).toEqual(
      inUrnOrder([
        `1 ${LOAD} truncatedChildren`,
        `1 ${CLEAN} truncatedChildren`,
        `2 ${CLEANED}`,
        `2 ${LOADED}`,
        `3 ${REPORT}`,
      ]),
    );
  });

  it('marks them when the entity reaches exactly that many, and not when it reaches fewer', async () => {
    const four = await walked({ entitiesExploredPerHopLimit: 4 });
    expect(four.filter((r) => r.endsWith('truncatedChildren'))).toHaveLength(4);
    expect(await walked({ entitiesExploredPerHopLimit: 5 })).toEqual(await walked());
  });

  it('0 is no limit, unless ignoreAsHops is given too: then nothing is reached', async () => {
    expect(await walked({ entitiesExploredPerHopLimit: 0 })).toEqual(await walked());
    expect(await walked({ entitiesExploredPerHopLimit: 0, ignoreAsHops: [{ entityType: 'DATA_JOB' }] })).toEqual([]);
  });

  it('refuses a negative limit, naming it', async () => {
    const error = await refusal({ entitiesExploredPerHopLimit: -1 });
    expect(error?.extensions.type).toBe('BAD_REQUEST');
    expect(error?.message).toContain('input.lineageFlags.entitiesExploredPerHopLimit');
  });
});

/**
 * How far the walk goes and which entities it went on from (`explored`), as upstream's
 * LineageSearchService.applyMaxHopsLimit and ESGraphQueryDAO set them: 20 hops for a lineage screen
 * (either flag given: lineageMaxHops), 1,000 for impact analysis, and only as far as a degree filter
 * without "3+" asks (SearchUtils.getMaxHops); an entity reached at the last hop is not explored.
 */
describe('searchAcrossLineage: hops walked and entities explored', () => {
  const QUERY = `query s($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total searchResults { degree explored entity { urn } } } }`;
  const explored = async (urn: string, extra: Record<string, unknown>) => {
    const reply = await graphql(server, {
      query: QUERY,
      variables: { input: { urn, direction: 'DOWNSTREAM', count: 100, ...extra } },
      token: ADMIN,
    });
    const json = reply.json as {
      data: { searchAcrossLineage: { total: number; searchResults: { degree: number; explored: boolean }[] } };
      errors?: unknown[];
    };
    expect(json.errors).toBeUndefined();
    const results = json.data.searchAcrossLineage.searchResults;
    return {
      total: json.data.searchAcrossLineage.total,
      farthest: Math.max(...results.map((r) => r.degree)),
      unexplored: results.filter((r) => !r.explored).map((r) => r.degree),
    };
  };
  const degree = (...values: string[]) => ({ orFilters: [{ and: [{ field: 'degree', values }] }] });

  it('walks every hop of impact analysis, exploring each entity', async () => {
    expect(await explored(ORDERS, {})).toEqual({ total: 7, farthest: 3, unexplored: [] });
  });

  it('walks only as far as a degree filter without 3+ asks, and does not explore the last hop', async () => {
    expect(await explored(ORDERS, degree('1'))).toEqual({ total: 4, farthest: 1, unexplored: [1, 1, 1, 1] });
    expect(await explored(ORDERS, degree('1', '2'))).toEqual({ total: 6, farthest: 2, unexplored: [2, 2] });
    expect(await explored(ORDERS, degree('1', '3+'))).toEqual({ total: 5, farthest: 3, unexplored: [] });
  });

  it('walks 20 hops for a lineage screen, 1,000 without its flags', async () => {
    const chain = Array.from({ length: 23 }, (_, i) => dataset(`chain_${String(i).padStart(2, '0')}`));
    for (let i = 1; i < chain.length; i++)
      await ingest(
        server,
        chain[i]!,
        'upstreamLineage',
        { upstreams: [{ dataset: chain[i - 1], type: 'COPY' }] },
        ADMIN,
      );
    expect(await explored(chain[0]!, {})).toEqual({ total: 22, farthest: 22, unexplored: [] });
    expect(await explored(chain[0]!, { lineageFlags: { entitiesExploredPerHopLimit: 10 } })).toEqual({
      total: 20,
      farthest: 20,
      unexplored: [20],
    });
  });
});
