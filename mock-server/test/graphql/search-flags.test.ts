/**
 * The `searchFlags` that shape a search's facets, through POST /api/graphql, as upstream maps them
 * (SearchFlagsInputMapper.java in datahub-graphql-core/.../types/common/mappers): `maxAggValues` keeps
 * the first values of each facet by count, `skipAggregates` leaves the facets out (searchAcrossLineage
 * keeps its `degree` group, which LineageSearchService adds after the search), and a `maxAggValues`
 * below 1 is BAD_REQUEST naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,sales.${name},PROD)`;
const RAW = dataset('raw');
const CLEAN = dataset('clean');
const REPORT = dataset('report');
const tag = (name: string) => `urn:svc:tag:${name}`;

const FACETS = 'facets { field aggregations { value count } }';
const ACROSS = `query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total ${FACETS} } }`;
const ONE_TYPE = `query s($input: SearchInput!) { search(input: $input) { total ${FACETS} } }`;
const LINEAGE = `query l($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total ${FACETS} } }`;

interface Facet {
  field: string;
  aggregations: { value: string; count: number }[];
}
type Reply = {
  data: Record<string, { total: number; facets: Facet[] } | null> | null;
  errors?: { message: string; extensions: { code: number; type: string } }[];
};

describe('searchFlags on the facets', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ indexLagMs: 0 });
    const tags: [string, string[]][] = [
      [RAW, ['Gold', 'Silver']],
      [CLEAN, ['Gold']],
      [REPORT, ['Gold', 'Bronze']],
    ];
    for (const [urn, names] of tags)
      await ingest(server, urn, 'globalTags', { tags: names.map((name) => ({ tag: tag(name) })) }, ADMIN);
    await ingest(server, CLEAN, 'upstreamLineage', { upstreams: [{ dataset: RAW, type: 'TRANSFORMED' }] }, ADMIN);
    await ingest(server, REPORT, 'upstreamLineage', { upstreams: [{ dataset: CLEAN, type: 'TRANSFORMED' }] }, ADMIN);
    await ingest(server, 'urn:svc:container:sales', 'containerProperties', { name: 'Sales' }, ADMIN);
  });
  afterAll(() => server.close());

  const ask = async (query: string, input: Record<string, unknown>): Promise<Reply> => {
    const reply = await graphql(server, { query, variables: { input }, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as Reply;
  };
  const facets = async (query: string, input: Record<string, unknown>): Promise<Record<string, string[]>> => {
    const json = await ask(query, input);
    expect(json.errors).toBeUndefined();
    const result = Object.values(json.data ?? {})[0];
    return Object.fromEntries(
      (result?.facets ?? []).map((f) => [f.field, f.aggregations.map((a) => `${a.value}:${a.count}`)]),
    );
  };

  it('maxAggValues keeps the first values of each facet by count, on searchAcrossEntities and search', async () => {
    const all = await facets(ACROSS, { types: ['DATASET', 'CONTAINER'], query: '*' });
    expect(all.tags).toEqual([`${tag('Gold')}:3`, `${tag('Bronze')}:1`, `${tag('Silver')}:1`]);
    expect(all._entityType).toEqual(['DATASET:3', 'CONTAINER:1']);
    const cut = await facets(ACROSS, { types: ['DATASET', 'CONTAINER'], query: '*', searchFlags: { maxAggValues: 2 } });
    expect(cut.tags).toEqual([`${tag('Gold')}:3`, `${tag('Bronze')}:1`]);
    const one = await facets(ACROSS, { types: ['DATASET', 'CONTAINER'], query: '*', searchFlags: { maxAggValues: 1 } });
    expect(one.tags).toEqual([`${tag('Gold')}:3`]);
    expect(one._entityType).toEqual(['DATASET:3']);
    expect((await facets(ONE_TYPE, { type: 'DATASET', query: '*', searchFlags: { maxAggValues: 1 } })).tags).toEqual([
      `${tag('Gold')}:3`,
    ]);
  });

  it('skipAggregates leaves the facets out and keeps the hits', async () => {
    const json = await ask(ACROSS, { types: ['DATASET'], query: '*', searchFlags: { skipAggregates: true } });
    expect(json.data?.searchAcrossEntities).toEqual({ total: 3, facets: [] });
    const single = await ask(ONE_TYPE, { type: 'DATASET', query: '*', searchFlags: { skipAggregates: true } });
    expect(single.data?.search).toEqual({ total: 3, facets: [] });
  });

  it('on searchAcrossLineage, the flags shape the search facets and leave the degree group', async () => {
    const input = { urn: RAW, direction: 'DOWNSTREAM', types: ['DATASET'], query: '*' };
    const all = await facets(LINEAGE, input);
    expect(all.tags).toEqual([`${tag('Gold')}:2`, `${tag('Bronze')}:1`]);
    expect(Object.keys(all)).toContain('degree');
    expect((await facets(LINEAGE, { ...input, searchFlags: { maxAggValues: 1 } })).tags).toEqual([`${tag('Gold')}:2`]);
    expect(Object.keys(await facets(LINEAGE, { ...input, searchFlags: { skipAggregates: true } }))).toEqual(['degree']);
  });

  it('a maxAggValues below 1 is BAD_REQUEST naming it', async () => {
    for (const [query, input] of [
      [ACROSS, { query: '*', searchFlags: { maxAggValues: 0 } }],
      [LINEAGE, { urn: RAW, direction: 'DOWNSTREAM', searchFlags: { maxAggValues: -1 } }],
    ] as const) {
      const json = await ask(query, input);
      expect(json.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
      expect(json.errors?.[0]?.message).toContain('input.searchFlags.maxAggValues');
    }
  });
});
