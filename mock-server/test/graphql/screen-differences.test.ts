/**
 * Where the GraphQL screens knowingly differ from upstream (spec/upstream-differences.yaml), in both
 * profiles, through HTTP:
 * - graphql-screens-malformed-urn-code: a URN that does not parse is BAD_REQUEST in both profiles
 *   (upstream: SERVER_ERROR, Urn.createFromString in AddTagResolver.java, UrnUtils.getUrn in the loaders);
 * - graphql-search-sort-and-flags-ignored: the search flags other than maxAggValues and skipAggregates
 *   change nothing, and without maxAggValues a facet keeps every value (upstream maps every flag,
 *   SearchFlagsInputMapper.java, and cuts facets at 20 by default); sortInput and the two facet flags
 *   are honoured (graphql/search-sort.test.ts, graphql/search-flags.test.ts), lineageFlags' time window
 *   too (graphql/lineage-window.test.ts), and lastOperationTime is the operation aspect's newest point
 *   (search/operation-search.test.ts);
 * - graphql-container-entities-filters: Container.entities(input) applies input.filters in the document
 *   profile and ignores them in the upstream profile, as ContainerEntitiesResolver.java (commit
 *   1d4c082be8eed0d2202e90c5affe1f55e60980b5) never reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer, Profile } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const DB = 'urn:svc:container:sales_db';
const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.orders,PROD)';
const REFUNDS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.refunds,PROD)';

describe.each<Profile>(['document', 'upstream'])('the %s profile', (profile) => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ profile, indexLagMs: 0 });
    await ingest(server, DB, 'containerProperties', { name: 'Sales' }, ADMIN);
    await ingest(server, 'urn:svc:tag:Gold', 'tagProperties', { name: 'Gold' }, ADMIN);
    for (const urn of [ORDERS, REFUNDS]) await ingest(server, urn, 'container', { container: DB }, ADMIN);
    await ingest(server, ORDERS, 'globalTags', { tags: [{ tag: 'urn:svc:tag:Gold' }] }, ADMIN);
  });
  afterAll(() => server.close());

  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const reply = await graphql(server, { query, variables, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as {
      data: Record<string, any> | null;
      errors?: { message: string; extensions: { code: number; type: string } }[];
    };
  };

  it('graphql-screens-malformed-urn-code: a URN that does not parse is BAD_REQUEST naming it, for a page and for an edit', async () => {
    const page = await gql('{ entity(urn: "orders") { urn } }');
    expect(page.data).toEqual({ entity: null });
    expect(page.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(page.errors?.[0]?.message).toContain('orders');
    const edit = await gql('mutation { addTag(input: {tagUrn: "urn:svc:tag:Gold", resourceUrn: "orders"}) }');
    expect(edit.data).toEqual({ addTag: null });
    expect(edit.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(edit.errors?.[0]?.message).toContain('orders');
  });

  it('graphql-search-sort-and-flags-ignored: the other search flags leave the results as they were, and without maxAggValues a facet keeps 20 values', async () => {
    const SEARCH =
      'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total searchResults { entity { urn } matchedFields { name value } } facets { field aggregations { value count } } } }';
    const plain = await gql(SEARCH, { input: { types: ['DATASET', 'CONTAINER'], query: 'sales' } });
    expect(plain.data?.searchAcrossEntities.total).toBe(3);
    const searchFlags = {
      fulltext: false,
      skipHighlighting: true,
      skipCache: true,
      getSuggestions: true,
      includeSoftDeleted: true,
    };
    expect(
      (await gql(SEARCH, { input: { types: ['DATASET', 'CONTAINER'], query: 'sales', searchFlags } })).data,
    ).toEqual(plain.data);
    // 21 tags on one dataset, 22 in all: upstream's default maxAggValues keeps 20 of them (search/facet-values.test.ts).
    const many = Array.from({ length: 21 }, (_, i) => ({ tag: `urn:svc:tag:t${String(i).padStart(2, '0')}` }));
    await ingest(server, REFUNDS, 'globalTags', { tags: many }, ADMIN);
    const facets = (await gql(SEARCH, { input: { types: ['DATASET'], query: '*' } })).data?.searchAcrossEntities
      .facets as { field: string; aggregations: unknown[] }[];
    expect(facets.find((f) => f.field === 'tags')?.aggregations).toHaveLength(20);
  });

  it(`graphql-container-entities-filters: a container's entities ${profile === 'upstream' ? 'ignore' : 'apply'} input.filters`, async () => {
    const json = await gql(
      `{ container(urn: "${DB}") { entities(input: {filters: [{field: "tags", values: ["urn:svc:tag:Gold"]}]}) { total searchResults { entity { urn } } } } }`,
    );
    const urns = json.data?.container.entities.searchResults
      .map((r: { entity: { urn: string } }) => r.entity.urn)
      .sort();
    expect(urns).toEqual(profile === 'upstream' ? [ORDERS, REFUNDS] : [ORDERS]);
  });
});
