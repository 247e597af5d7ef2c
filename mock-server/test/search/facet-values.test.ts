/**
 * How many values each facet of a search response keeps, as upstream sizes its terms aggregations
 * (AggregationQueryBuilder.facetToAggregationBuilder in metadata-io/.../search/elasticsearch/query/request/):
 * the search flags' maxAggValues (SearchFlags.pdl: 20 when absent), at most the server's
 * maxTermBucketSize (metadata-service/configuration/.../application.yaml: 60), the values most
 * counted first, ties by value; then each value a filter criterion names that its facet does not
 * show is added with a count of 0, and a facet for a filtered field without one
 * (addFiltersToAggregationMetadata). Through the REST search (no flags: 20) and GraphQL's searches.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql } from '../graphql-harness.js';
import { call, proposal, serverForTests } from '../http-harness.js';

const DATASETS = 70;
const dataset = (i: number) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,facets.table_${i},PROD)`;
const tag = (name: string) => `urn:svc:tag:${name}`;
const unique = (i: number) => tag(`t${String(i).padStart(2, '0')}`);

/** Every dataset has tag `common`, every other one `even`, each its own `tNN`: 72 values, in bucket order. */
const ORDERED = [
  `${tag('common')}:${DATASETS}`,
  `${tag('even')}:${DATASETS / 2}`,
  ...Array.from({ length: DATASETS }, (_, i) => `${unique(i)}:1`),
];

const ACROSS =
  'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { facets { field aggregations { value count } } } }';
const ONE_TYPE =
  'query s($input: SearchInput!) { search(input: $input) { facets { field aggregations { value count } } } }';

describe('the values a facet keeps', () => {
  const server = serverForTests({ indexLagMs: 0 });

  it('loads datasets whose tags facet has 72 values', async () => {
    const proposals = Array.from(
      { length: DATASETS },
      (_, i) =>
        proposal(dataset(i), 'globalTags', {
          tags: [tag('common'), ...(i % 2 === 0 ? [tag('even')] : []), unique(i)].map((t) => ({ tag: t })),
        }).proposal,
    );
    const reply = await call(server(), 'POST', '/aspects?action=ingestProposalBatch', {
      body: { proposals },
      token: ADMIN,
    });
    expect(reply.status, reply.text).toBe(200);
  });

  it('the REST search keeps upstream default of 20 values per facet, the most counted first', async () => {
    const reply = await call(server(), 'POST', '/entities?action=search', {
      body: { input: '*', entity: 'dataset', start: 0, count: 5 },
      token: ADMIN,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.value.numEntities).toBe(DATASETS);
    const tags = (
      reply.json.value.metadata.searchResultMetadatas as { name: string; aggregations: Record<string, number> }[]
    ).find((m) => m.name === 'tags');
    const kept = Object.entries(tags?.aggregations ?? {}).map(([value, n]) => `${value}:${n}`);
    expect(kept.sort()).toEqual(ORDERED.slice(0, 20).sort());
  });

  const restTags = async (
    filter?: Record<string, unknown>,
  ): Promise<{ numEntities: number; tags: string[] | undefined }> => {
    const reply = await call(server(), 'POST', '/entities?action=search', {
      body: { input: '*', entity: 'dataset', start: 0, count: 5, ...(filter ? { filter } : {}) },
      token: ADMIN,
    });
    expect(reply.status, reply.text).toBe(200);
    const tags = (
      reply.json.value.metadata.searchResultMetadatas as { name: string; aggregations: Record<string, number> }[]
    ).find((m) => m.name === 'tags');
    return {
      numEntities: reply.json.value.numEntities,
      tags: tags && Object.entries(tags.aggregations).map(([value, n]) => `${value}:${n}`),
    };
  };

  it('the REST search adds the filtered values its facet lacks, at 0, even one the cut left out', async () => {
    const NONE = tag('nothing');
    const one = await restTags({
      or: [{ and: [{ field: 'tags', condition: 'EQUAL', value: unique(5), values: [unique(5), NONE] }] }],
    });
    expect(one.numEntities).toBe(1);
    expect(one.tags?.sort()).toEqual([`${tag('common')}:1`, `${unique(5)}:1`, `${NONE}:0`].sort());
    const none = await restTags({ or: [{ and: [{ field: 'tags.keyword', condition: 'EQUAL', value: NONE }] }] });
    expect(none).toEqual({ numEntities: 0, tags: [`${NONE}:0`] });
    const cutOne = await restTags({
      or: [{ and: [{ field: 'tags', condition: 'EQUAL', value: tag('common'), values: [tag('common'), unique(69)] }] }],
    });
    expect(cutOne.numEntities).toBe(DATASETS);
    expect(cutOne.tags?.sort()).toEqual([...ORDERED.slice(0, 20), `${unique(69)}:0`].sort());
  });

  const graphqlTags = async (query: string, input: Record<string, unknown>): Promise<string[]> => {
    const reply = await graphql(server(), { query, variables: { input }, token: ADMIN });
    expect(reply.status).toBe(200);
    expect(reply.json.errors).toBeUndefined();
    const result = Object.values(
      reply.json.data as Record<
        string,
        { facets: { field: string; aggregations: { value: string; count: number }[] }[] }
      >,
    )[0];
    return (result?.facets.find((f) => f.field === 'tags')?.aggregations ?? []).map((a) => `${a.value}:${a.count}`);
  };

  it('GraphQL keeps 20 values without maxAggValues, maxAggValues up to 60, and no more', async () => {
    expect(await graphqlTags(ACROSS, { types: ['DATASET'], query: '*' })).toEqual(ORDERED.slice(0, 20));
    expect(await graphqlTags(ONE_TYPE, { type: 'DATASET', query: '*' })).toEqual(ORDERED.slice(0, 20));
    expect(await graphqlTags(ACROSS, { types: ['DATASET'], query: '*', searchFlags: { maxAggValues: 30 } })).toEqual(
      ORDERED.slice(0, 30),
    );
    expect(await graphqlTags(ACROSS, { types: ['DATASET'], query: '*', searchFlags: { maxAggValues: 100 } })).toEqual(
      ORDERED.slice(0, 60),
    );
    expect(await graphqlTags(ONE_TYPE, { type: 'DATASET', query: '*', searchFlags: { maxAggValues: 2 } })).toEqual(
      ORDERED.slice(0, 2),
    );
  });

  it('GraphQL adds the filtered values a facet lacks after the cut, at 0, and leaves _entityType to its own facet', async () => {
    const NONE = tag('nothing');
    const orFilters = [
      {
        and: [
          { field: '_entityType', values: ['DATASET'] },
          { field: 'tags', values: [unique(5), NONE] },
        ],
      },
    ];
    expect(await graphqlTags(ACROSS, { types: ['DATASET'], query: '*', orFilters })).toEqual([
      `${tag('common')}:1`,
      `${unique(5)}:1`,
      `${NONE}:0`,
    ]);
    const cut = [{ and: [{ field: 'tags', values: [tag('common'), unique(69)] }] }];
    expect(
      await graphqlTags(ACROSS, { types: ['DATASET'], query: '*', orFilters: cut, searchFlags: { maxAggValues: 3 } }),
    ).toEqual([...ORDERED.slice(0, 3), `${unique(69)}:0`]);
  });
});

describe('the upstream profile', () => {
  const server = serverForTests({ profile: 'upstream', indexLagMs: 0 });

  it("returns each aggregation's values as upstream's FilterValue records: most counted first, filtered only for a value the filter adds, entity for a URN", async () => {
    const proposals = [0, 1].map(
      (i) =>
        proposal(dataset(i), 'globalTags', {
          tags: [tag('common'), ...(i === 0 ? [unique(0)] : [])].map((t) => ({ tag: t })),
        }).proposal,
    );
    expect(
      (await call(server(), 'POST', '/aspects?action=ingestProposalBatch', { body: { proposals }, token: ADMIN }))
        .status,
    ).toBe(200);
    const NONE = tag('nothing');
    const filter = {
      or: [{ and: [{ field: 'tags', condition: 'EQUAL', value: NONE, values: [unique(0), NONE, tag('common')] }] }],
    };
    const reply = await call(server(), 'POST', '/entities?action=search', {
      body: { input: '*', entity: 'dataset', start: 0, count: 5, filter },
      token: ADMIN,
    });
    expect(reply.status, reply.text).toBe(200);
    const tags = (reply.json.value.metadata.aggregations as { name: string; filterValues: unknown[] }[]).find(
      (a) => a.name === 'tags',
    );
    expect(tags?.filterValues).toEqual([
      { value: tag('common'), facetCount: 2, filtered: false, entity: tag('common') },
      { value: unique(0), facetCount: 1, filtered: false, entity: unique(0) },
      { value: NONE, facetCount: 0, filtered: true, entity: NONE },
    ]);
  });
});
