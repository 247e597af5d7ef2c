/**
 * The search page's reads in the shapes the web app sends them (its search, scroll and quickFilters documents at
 * v1.3.0.1): searchAcrossEntities with its facets, scrollAcrossEntities paged by scroll ids
 * (ScrollAcrossEntitiesResolver; SearchRequestHandler.extractScrollResult gives a next id only after a full page),
 * aggregateAcrossEntities (AggregateAcrossEntitiesResolver; AggregationQueryBuilder.getAggregations: the named facets
 * only, unknown names dropped) and getQuickFilters (GetQuickFiltersResolver: five platforms by count, then by URN,
 * three source and two catalog entity types by upstream's priority), filters with the EXISTS condition
 * (ESUtils.getQueryBuilderFromCriterionForSingleField: an `exists` query, `negated` its negation) and on `_index`, the
 * index of each entity type (SearchUtil.ES_INDEX_FIELD, metadata-utils), sorts on `_index`, in both namespaces. The catalog is written
 * through the API: 21 datasets over six platforms (6 hive ... 1 s3), a dashboard (looker), a chart (tableau), a glossary term, a user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const PLATFORMS: [string, number][] = [
  ['hive', 6],
  ['kafka', 5],
  ['snowflake', 4],
  ['postgres', 3],
  ['mysql', 2],
  ['s3', 1],
];

const SEARCH = `query getSearchResultsForMultiple($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    start count total
    searchResults { entity { urn type ... on Dataset { name platform { urn name } } } matchedFields { name value } }
    facets { field displayName entity { urn type } aggregations { value count entity { urn type } } }
  }
}`;
/** The search bar's suggestions, sent on every keystroke (the app's getSearchResultsForMultipleTrimmed). */
const SEARCH_TRIMMED = `query getSearchResultsForMultipleTrimmed($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    total
    searchResults { entity { urn type } matchedFields { name value } }
  }
}`;
const SEARCH_ONE_TYPE = `query search($input: SearchInput!) {
  search(input: $input) { total searchResults { entity { urn } } }
}`;
const SCROLL = `query scrollAcrossEntities($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) {
    nextScrollId count total
    searchResults { entity { urn type } }
    facets { field aggregations { value count } }
  }
}`;
const AGGREGATE = `query aggregateAcrossEntities($input: AggregateAcrossEntitiesInput!) {
  aggregateAcrossEntities(input: $input) {
    facets { field displayName entity { urn type } aggregations { value count entity { urn type ... on DataPlatform { name } } } }
  }
}`;
const QUICK_FILTERS = `query getQuickFilters($input: GetQuickFiltersInput!) {
  getQuickFilters(input: $input) {
    quickFilters { field value entity { urn type ... on DataPlatform { name info { type displayName datasetNameDelimiter logoUrl } } } }
  }
}`;

/** The platform facet: the datasets' platforms, the dashboard's and the chart's, by count then by URN. */
const PLATFORM_FACET: [string, number][] = [...PLATFORMS.slice(0, 5), ['looker', 1], ['s3', 1], ['tableau', 1]];

interface Facet {
  field: string;
  aggregations: { value: string; count: number }[];
}

describe.each(['svc', 'li'] as const)('the search page (namespace %s)', (ns) => {
  const platform = (name: string) => `urn:${ns}:dataPlatform:${name}`;
  const dataset = (p: string, name: string) => `urn:${ns}:dataset:(${platform(p)},${name},PROD)`;
  const DATASETS = PLATFORMS.flatMap(([p, n]) =>
    Array.from({ length: n }, (_, i) => dataset(p, `shop.orders_${p}_${i}`)),
  );
  const stamp = { time: 0, actor: `urn:${ns}:corpuser:datahub` };
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ namespace: ns, indexLagMs: 0 });
    for (const urn of DATASETS) await ingest(server, urn, 'status', { removed: false }, ADMIN);
    const info = { title: 'Orders', description: 'orders', lastModified: { created: stamp, lastModified: stamp } };
    await ingest(server, `urn:${ns}:dashboard:(looker,orders)`, 'dashboardInfo', info, ADMIN);
    await ingest(server, `urn:${ns}:chart:(tableau,orders)`, 'chartInfo', info, ADMIN);
    await ingest(
      server,
      `urn:${ns}:glossaryTerm:Orders`,
      'glossaryTermInfo',
      { definition: 'An order', termSource: 'INTERNAL' },
      ADMIN,
    );
    // Inactive but named: the app's user lists keep it for its display name (the EXISTS filter below).
    const jdoe = { active: false, displayName: 'Jane Doe' };
    await ingest(server, `urn:${ns}:corpuser:jdoe`, 'corpUserInfo', jdoe, ADMIN);
    await ingest(server, `urn:${ns}:tag:Gold`, 'tagProperties', { name: 'Gold' }, ADMIN);
    const hiveInfo = {
      name: 'hive',
      type: 'FILE_SYSTEM',
      datasetNameDelimiter: '.',
      displayName: 'Hive',
      logoUrl: '/hive.png',
    };
    await ingest(server, platform('hive'), 'dataPlatformInfo', hiveInfo, ADMIN);
  });
  afterAll(() => server.close());

  const answer = async (query: string, input: Record<string, unknown>) => {
    const reply = await graphql(server, { query, variables: { input }, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as {
      data: Record<string, any> | null;
      errors?: { message: string; extensions: { type: string } }[];
    };
  };
  const data = async (query: string, input: Record<string, unknown>) => {
    const json = await answer(query, input);
    expect(json.errors).toBeUndefined();
    return Object.values(json.data ?? {})[0];
  };
  const counts = (facets: Facet[], field: string) =>
    facets.find((f) => f.field === field)?.aggregations.map((a) => `${a.value}:${a.count}`);

  it('searchAcrossEntities answers the app search: 10 results, the total, platform and type facets', async () => {
    const result = await data(SEARCH, { types: [], query: '*', start: 0, count: 10, orFilters: [], searchFlags: {} });
    expect(result.count).toBe(10);
    // Besides the datasets: the five other entities ingested above, and the users of the three default tokens,
    // each given its role (roleMembership) at start.
    expect(result.total).toBe(DATASETS.length + 5 + 3);
    const platformFacet = result.facets.find((f: Facet) => f.field === 'platform');
    expect(platformFacet.aggregations.map((a: { value: string; count: number }) => [a.value, a.count])).toEqual(
      PLATFORM_FACET.map(([p, n]) => [platform(p), n]),
    );
    expect(platformFacet.aggregations[0].entity).toEqual({ urn: platform('hive'), type: 'DATA_PLATFORM' });
    const typeFacet = counts(result.facets, '_entityType');
    expect(typeFacet).toEqual(expect.arrayContaining(['DATASET:21', 'DASHBOARD:1', 'CHART:1', 'GLOSSARY_TERM:1']));
    const dataset = result.searchResults.find((r: { entity: { type: string } }) => r.entity.type === 'DATASET');
    expect(dataset.entity.platform.urn).toMatch(new RegExp(`^urn:${ns}:dataPlatform:`));
  });

  it('a search naming SCHEMA_FIELD among its types answers, as the app asks for the assets of a container, group or tag', async () => {
    // SearchUtils.SEARCHABLE_ENTITY_TYPES (datahub-graphql-core, v1.3.0.1) holds SCHEMA_FIELD; the app's asset lists name it.
    const result = await data(SEARCH, {
      types: ['DATASET', 'SCHEMA_FIELD'],
      query: '*',
      start: 0,
      count: 10,
      orFilters: [],
      searchFlags: {},
    });
    expect(result.total).toBe(DATASETS.length);
  });

  // A full-text search (searchFlags.fulltext, true when absent: SearchResolver's defaults and
  // SearchAcrossEntitiesResolver, datahub-graphql-core, v1.3.0.1) matches its last word as a prefix
  // (SearchQueryBuilder.getPrefixAndExactMatchQuery, metadata-io, v1.3.0.1).
  it('the search bar finds names by the start of their last word as it is typed', async () => {
    const result = await data(SEARCH_TRIMMED, { query: 'ord', count: 20 });
    expect(result.total).toBe(DATASETS.length + 3);
    expect(result.searchResults).toHaveLength(20);
    for (const hit of result.searchResults)
      expect(hit.matchedFields.some((f: { value: string }) => /ord/i.test(f.value))).toBe(true);
    const typed = await data(SEARCH_ONE_TYPE, { type: 'DATASET', query: 'shop.orders_hi', start: 0, count: 10 });
    expect(typed.total).toBe(6);
  });

  it('searchFlags.fulltext false matches whole tokens only; a word before the last is never a prefix', async () => {
    const whole = await data(SEARCH_TRIMMED, { query: 'ord', count: 20, searchFlags: { fulltext: false } });
    expect(whole.total).toBe(0);
    const middle = await data(SEARCH_TRIMMED, { query: 'ord hive', count: 20 });
    expect(middle.total).toBe(0);
    const all = await data(SEARCH_TRIMMED, { query: '*', count: 20 });
    expect(all.total).toBe(DATASETS.length + 5 + 3);
  });

  it('scrollAcrossEntities pages through every result once; the page after a short one has no scroll id', async () => {
    const seen: string[] = [];
    let scrollId: string | null = null;
    const sizes: number[] = [];
    do {
      const page: any = await data(SCROLL, { types: ['DATASET'], query: '*', count: 5, scrollId, keepAlive: '5m' });
      expect(page.total).toBe(DATASETS.length);
      sizes.push(page.count);
      seen.push(...page.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn));
      scrollId = page.nextScrollId;
    } while (scrollId !== null);
    expect(sizes).toEqual([5, 5, 5, 5, 1]);
    expect([...seen].sort()).toEqual([...DATASETS].sort());
  });

  it('a full last page names one more, empty page (as upstream does)', async () => {
    const first = await data(SCROLL, { types: ['DATASET'], query: '*', count: 7 });
    const second = await data(SCROLL, { types: ['DATASET'], query: '*', count: 7, scrollId: first.nextScrollId });
    const third = await data(SCROLL, { types: ['DATASET'], query: '*', count: 7, scrollId: second.nextScrollId });
    expect([first.count, second.count, third.count]).toEqual([7, 7, 7]);
    const fourth = await data(SCROLL, { types: ['DATASET'], query: '*', count: 7, scrollId: third.nextScrollId });
    expect(fourth).toMatchObject({ count: 0, nextScrollId: null, searchResults: [], total: 21 });
  });

  it('scroll filters, facets and sorts as the search does', async () => {
    const page = await data(SCROLL, {
      query: '*',
      count: 3,
      orFilters: [{ and: [{ field: 'platform', values: [platform('kafka')] }] }],
      sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'DESCENDING' }] },
    });
    expect(page.total).toBe(5);
    const kafka = DATASETS.filter((u) => u.includes('dataPlatform:kafka'))
      .sort()
      .reverse();
    expect(page.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual(kafka.slice(0, 3));
    expect(counts(page.facets, '_entityType')).toContain('DATASET:5');
  });

  it('a scroll id the server did not give, or a keepAlive that is no time value, is a BAD_REQUEST naming it', async () => {
    const badId = await answer(SCROLL, { query: '*', scrollId: 'not-a-scroll-id' });
    expect(badId.errors?.[0]?.message).toMatch(/^input\.scrollId: /);
    expect(badId.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    const badKeepAlive = await answer(SCROLL, { query: '*', keepAlive: 'five minutes' });
    expect(badKeepAlive.errors?.[0]?.message).toMatch(/^input\.keepAlive: /);
  });

  it('aggregateAcrossEntities answers only the facets named, in order; unknown names are left out', async () => {
    const result = await data(AGGREGATE, { query: '*', facets: ['platform', 'no_such_field', '_entityType'] });
    expect(result.facets.map((f: Facet) => f.field)).toEqual(['platform', '_entityType']);
    expect(counts(result.facets, 'platform')).toEqual(PLATFORM_FACET.map(([p, n]) => `${platform(p)}:${n}`));
    expect(result.facets[0].aggregations[0].entity).toMatchObject({ urn: platform('hive'), type: 'DATA_PLATFORM' });
    expect(result.facets[1].displayName).toBe('Type');
  });

  it('aggregateAcrossEntities without facets answers the default ones; filters and types narrow the counts', async () => {
    const all = await data(AGGREGATE, { query: '*' });
    expect(all.facets.map((f: Facet) => f.field)).toEqual(expect.arrayContaining(['_entityType', 'platform']));
    const search = await data(SEARCH, { query: '*', count: 0 });
    const shown = (facets: Facet[]) => facets.map((f) => ({ field: f.field, values: counts(facets, f.field) }));
    expect(shown(all.facets)).toEqual(shown(search.facets));
    const hive = await data(AGGREGATE, {
      types: ['DATASET', 'CHART'],
      query: '*',
      facets: ['_entityType'],
      orFilters: [{ and: [{ field: 'platform', values: [platform('hive'), platform('s3')] }] }],
    });
    expect(counts(hive.facets, '_entityType')).toEqual(['DATASET:7', 'CHART:0']);
  });

  it('getQuickFilters: the five biggest platforms by URN, then source and catalog types by priority', async () => {
    const result = await data(QUICK_FILTERS, {});
    expect(result.quickFilters.map((q: { field: string; value: string }) => `${q.field}=${q.value}`)).toEqual([
      ...['hive', 'kafka', 'mysql', 'postgres', 'snowflake'].map((p) => `platform=${platform(p)}`),
      '_entityType=DATASET',
      '_entityType=DASHBOARD',
      '_entityType=CHART',
      '_entityType=GLOSSARY_TERM',
      '_entityType=CORP_USER',
    ]);
    expect(result.quickFilters[0].entity).toEqual({
      urn: platform('hive'),
      type: 'DATA_PLATFORM',
      name: 'hive',
      info: { type: 'FILE_SYSTEM', displayName: 'Hive', datasetNameDelimiter: '.', logoUrl: '/hive.png' },
    });
    expect(result.quickFilters[1].entity.info).toBeNull();
    expect(result.quickFilters[5].entity).toBeNull();
  });

  const urnsOf = (result: { searchResults: { entity: { urn: string } }[] }) =>
    result.searchResults.map((r) => r.entity.urn);
  const user = (name: string) => `urn:${ns}:corpuser:${name}`;

  it("EXISTS keeps the entities with a value of the field; negated, those without: the app's user filters", async () => {
    // The app's user lists (shared/userSearchUtils.ts): active users, or users with a display name.
    const userFilters = [
      { and: [{ field: 'active', values: ['true'] }] },
      { and: [{ field: 'displayName', condition: 'EXISTS' }] },
    ];
    const users = await data(SEARCH, { types: ['CORP_USER'], query: '*', count: 20, orFilters: userFilters });
    expect(urnsOf(users)).toEqual([user('jdoe')]);
    const unnamed = [{ and: [{ field: 'displayName', condition: 'EXISTS', negated: true }] }];
    const others = await data(SEARCH, { types: ['CORP_USER'], query: '*', count: 20, orFilters: unnamed });
    expect(urnsOf(others)).toEqual([user('datahub'), user('editor'), user('reader')]);
  });

  it('EXISTS filters the search, scroll and aggregation roots alike', async () => {
    const named = [{ field: 'displayName', condition: 'EXISTS' }];
    const one = await data(SEARCH_ONE_TYPE, { type: 'CORP_USER', query: '*', start: 0, count: 10, filters: named });
    expect(urnsOf(one)).toEqual([user('jdoe')]);
    const page = await data(SCROLL, { types: ['CORP_USER'], query: '*', count: 5, orFilters: [{ and: named }] });
    expect(urnsOf(page)).toEqual([user('jdoe')]);
    const described = [{ and: [{ field: 'description', condition: 'EXISTS' }] }];
    const facets = await data(AGGREGATE, {
      types: ['DASHBOARD', 'CHART'],
      query: '*',
      facets: ['_entityType'],
      orFilters: described,
    });
    expect(counts(facets.facets, '_entityType')).toEqual(['DASHBOARD:1', 'CHART:1']);
    const undescribed = await data(AGGREGATE, {
      types: ['DASHBOARD', 'CHART'],
      query: '*',
      facets: ['_entityType'],
      orFilters: [{ and: [{ ...described[0]!.and[0], negated: true }] }],
    });
    expect(counts(undescribed.facets, '_entityType')).toEqual(['DASHBOARD:0', 'CHART:0']);
  });

  it('`_index` filters by the index of each entity type, `_entityType` by its type or entity name', async () => {
    const types = ['DASHBOARD', 'CHART', 'GLOSSARY_TERM', 'TAG'];
    const only = async (field: string, values: string[], negated = false) =>
      urnsOf(await data(SEARCH, { types, query: '*', orFilters: [{ and: [{ field, values, negated }] }] }));
    expect(await only('_index', ['dashboardindex_v2', 'tagindex_v2'])).toEqual([
      `urn:${ns}:dashboard:(looker,orders)`,
      `urn:${ns}:tag:Gold`,
    ]);
    expect(await only('_index', ['DASHBOARD'])).toEqual([]);
    expect(await only('_entityType', ['glossaryTerm'])).toEqual([`urn:${ns}:glossaryTerm:Orders`]);
    expect(await only('_entityType', ['GLOSSARY_TERM', 'CHART'], true)).toEqual([
      `urn:${ns}:dashboard:(looker,orders)`,
      `urn:${ns}:tag:Gold`,
    ]);
  });

  it("sorts by `_index`, the name of each entity type's index, as the glossary lists nodes before terms", async () => {
    const sorted = async (sortOrder: string) =>
      urnsOf(
        await data(SCROLL, {
          types: ['TAG', 'GLOSSARY_TERM', 'DASHBOARD', 'CHART'],
          query: '*',
          count: 10,
          sortInput: { sortCriteria: [{ field: '_index', sortOrder }] },
        }),
      );
    const ascending = [
      `urn:${ns}:chart:(tableau,orders)`,
      `urn:${ns}:dashboard:(looker,orders)`,
      `urn:${ns}:glossaryTerm:Orders`,
      `urn:${ns}:tag:Gold`,
    ];
    expect(await sorted('ASCENDING')).toEqual(ascending);
    expect(await sorted('DESCENDING')).toEqual([...ascending].reverse());
  });
});
