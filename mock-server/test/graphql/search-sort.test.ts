/**
 * searchAcrossEntities and searchAcrossLineage with `sortInput`, through POST /api/graphql, as upstream orders a sorted search
 * (SearchUtils.getSortCriteria in datahub-graphql-core/.../resolvers/search/SearchUtils.java, then
 * ESUtils.buildSortOrder in metadata-io/.../search/utils/ESUtils.java): by the criteria, then urn
 * ascending, the hits of several types interleaved; text values lower-cased, dates as numbers, an
 * entity without the value last in either order; a field no searched type can sort on is BAD_REQUEST
 * naming `input.sortInput...`. searchAcrossLineage hands the criteria to the search of the entities it
 * reached (LineageSearchService.getSearchResultInBatches in metadata-io/.../search/LineageSearchService.java).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.${name},PROD)`;
const ALPHA = dataset('alpha');
const BETA = dataset('beta');
const GAMMA = dataset('gamma');
const UNNAMED = dataset('unnamed');
const BOARD = 'urn:svc:dashboard:(looker,revenue)';

const SEARCH =
  'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total searchResults { entity { urn } } } }';

describe('sortInput', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ indexLagMs: 0 });
    // Names whose lower-cased order (alpha, Beta, gamma) differs from their stored order (Beta first) and from their urns' order.
    const named: [string, string, number][] = [
      [GAMMA, 'gamma sales', 3000],
      [ALPHA, 'alpha sales', 1000],
      [BETA, 'Beta sales', 2000],
    ];
    for (const [urn, name, time] of named) {
      await ingest(
        server,
        urn,
        'datasetProperties',
        { name, description: 'sales', lastModified: { time, actor: 'urn:svc:corpuser:etl' } },
        ADMIN,
      );
    }
    await ingest(server, UNNAMED, 'datasetProperties', { description: 'sales' }, ADMIN);
    // Lineage from UNNAMED: BETA and GAMMA one hop downstream, ALPHA two (through GAMMA).
    const edges: [string, string][] = [
      [BETA, UNNAMED],
      [GAMMA, UNNAMED],
      [ALPHA, GAMMA],
    ];
    for (const [urn, upstream] of edges)
      await ingest(server, urn, 'upstreamLineage', { upstreams: [{ dataset: upstream, type: 'TRANSFORMED' }] }, ADMIN);
    await ingest(
      server,
      BOARD,
      'dashboardInfo',
      {
        title: 'sales board',
        description: 'sales',
        lastModified: { lastModified: { time: 1500, actor: 'urn:svc:corpuser:etl' } },
      },
      ADMIN,
    );
  });
  afterAll(() => server.close());

  const search = async (input: Record<string, unknown>) => {
    const reply = await graphql(server, { query: SEARCH, variables: { input }, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as {
      data: { searchAcrossEntities: { total: number; searchResults: { entity: { urn: string } }[] } | null } | null;
      errors?: { message: string; extensions: { code: number; type: string } }[];
    };
  };
  const urns = async (input: Record<string, unknown>) => {
    const json = await search(input);
    expect(json.errors).toBeUndefined();
    return json.data?.searchAcrossEntities?.searchResults.map((r) => r.entity.urn);
  };
  const by = (field: string, sortOrder: string) => ({ sortCriteria: [{ field, sortOrder }] });

  it('orders by a text field lower-cased, ascending and descending, an entity without the value last in both', async () => {
    expect(await urns({ types: ['DATASET'], query: 'sales', sortInput: by('name', 'ASCENDING') })).toEqual([
      ALPHA,
      BETA,
      GAMMA,
      UNNAMED,
    ]);
    expect(await urns({ types: ['DATASET'], query: 'sales', sortInput: by('name', 'DESCENDING') })).toEqual([
      GAMMA,
      BETA,
      ALPHA,
      UNNAMED,
    ]);
  });

  it('orders by the stored value on `<field>.keyword`, and pages the sorted hits', async () => {
    expect(await urns({ types: ['DATASET'], query: '*', sortInput: by('name.keyword', 'ASCENDING') })).toEqual([
      BETA,
      ALPHA,
      GAMMA,
      UNNAMED,
    ]);
    expect(
      await urns({ types: ['DATASET'], query: '*', start: 1, count: 2, sortInput: by('name.keyword', 'ASCENDING') }),
    ).toEqual([ALPHA, GAMMA]);
  });

  it('orders the hits of several types together by a date field, the deprecated sortCriterion too', async () => {
    const sortInput = { sortCriterion: { field: 'lastModifiedAt', sortOrder: 'DESCENDING' } };
    expect(await urns({ types: ['DATASET', 'DASHBOARD'], query: 'sales', sortInput })).toEqual([
      GAMMA,
      BETA,
      BOARD,
      ALPHA,
      UNNAMED,
    ]);
    expect(
      await urns({
        types: ['DATASET', 'DASHBOARD'],
        query: 'sales',
        sortInput: by('lastModifiedAt', 'ASCENDING'),
        count: 3,
      }),
    ).toEqual([ALPHA, BOARD, BETA]);
  });

  it('orders a few hits of a larger catalog alike (their values looked up one by one rather than read for the whole field)', async () => {
    for (let i = 0; i < 16; i++)
      await ingest(
        server,
        `urn:svc:dataset:(urn:svc:dataPlatform:hive,stock.filler${i},PROD)`,
        'datasetProperties',
        { name: `filler ${i}` },
        ADMIN,
      );
    const orFilters = [{ and: [{ field: 'urn', values: [ALPHA, BETA] }] }];
    expect(await urns({ types: ['DATASET'], query: '*', orFilters, sortInput: by('name', 'DESCENDING') })).toEqual([
      BETA,
      ALPHA,
    ]);
    expect(
      await urns({ types: ['DATASET'], query: '*', orFilters, sortInput: by('lastModifiedAt', 'DESCENDING') }),
    ).toEqual([BETA, ALPHA]);
  });

  it("orders by a field's alias as by the field: `_entityName`, which upstream's search screens sort by name with", async () => {
    // The dashboard's title is its `_entityName` (DashboardInfo.pdl, v1.3.0.1): "sales board" after "gamma sales";
    // the dataset without a name last.
    const sortInput = by('_entityName', 'ASCENDING');
    expect(await urns({ types: ['DATASET', 'DASHBOARD'], query: 'sales', sortInput })).toEqual([
      ALPHA,
      BETA,
      GAMMA,
      BOARD,
      UNNAMED,
    ]);
  });

  it('breaks ties by urn ascending, and takes the sortCriteria list before sortCriterion', async () => {
    const sortInput = {
      sortCriterion: { field: 'name', sortOrder: 'DESCENDING' },
      sortCriteria: [{ field: 'hasDescription', sortOrder: 'ASCENDING' }],
    };
    expect(await urns({ types: ['DATASET'], query: 'sales', sortInput })).toEqual([ALPHA, BETA, GAMMA, UNNAMED]);
  });

  it('orders searchAcrossLineage by its sortInput instead of nearest first', async () => {
    const LINEAGE =
      'query l($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { searchResults { degree entity { urn } } } }';
    const lineage = async (sortInput?: Record<string, unknown>) => {
      const input = {
        urn: UNNAMED,
        direction: 'DOWNSTREAM',
        types: ['DATASET'],
        query: '*',
        ...(sortInput ? { sortInput } : {}),
      };
      const reply = await graphql(server, { query: LINEAGE, variables: { input }, token: ADMIN });
      return reply.json as {
        data: { searchAcrossLineage: { searchResults: { degree: number; entity: { urn: string } }[] } | null } | null;
        errors?: { message: string }[];
      };
    };
    const order = async (sortInput?: Record<string, unknown>) =>
      (await lineage(sortInput)).data?.searchAcrossLineage?.searchResults.map((r) => [r.entity.urn, r.degree]);
    expect(await order()).toEqual([
      [BETA, 1],
      [GAMMA, 1],
      [ALPHA, 2],
    ]);
    expect(await order(by('name', 'ASCENDING'))).toEqual([
      [ALPHA, 2],
      [BETA, 1],
      [GAMMA, 1],
    ]);
    expect(await order({ sortCriterion: { field: 'lastModifiedAt', sortOrder: 'DESCENDING' } })).toEqual([
      [GAMMA, 1],
      [BETA, 1],
      [ALPHA, 2],
    ]);
    expect((await lineage(by('noSuchField', 'ASCENDING'))).errors?.[0]?.message).toContain(
      'input.sortInput.sortCriteria[0].field',
    );
  });

  it('a field no searched type can sort on is BAD_REQUEST naming it', async () => {
    for (const [sortInput, at] of [
      [by('noSuchField', 'ASCENDING'), 'input.sortInput.sortCriteria[0].field'],
      [{ sortCriterion: { field: 'owners', sortOrder: 'ASCENDING' } }, 'input.sortInput.sortCriterion.field'],
    ] as const) {
      const json = await search({ types: ['DATASET'], query: '*', sortInput });
      expect(json.data).toEqual({ searchAcrossEntities: null });
      expect(json.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
      expect(json.errors?.[0]?.message).toContain(at);
    }
  });
});
