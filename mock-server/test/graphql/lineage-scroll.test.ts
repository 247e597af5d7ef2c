/**
 * scrollAcrossLineage in the shape the web app's scroll document sends it (v1.3.0.1, ScrollAcrossLineageResolver):
 * the results of searchAcrossLineage paged by scroll ids, every one once, nearest first; a full page names the next.
 * And what searchAcrossLineage tells of itself: `lineageSearchPath` TORTOISE (LineageSearchService's search over the
 * walk). In both namespaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const SCROLL = `query scrollAcrossLineage($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) {
    nextScrollId count total
    searchResults { entity { urn type } degree degrees explored insights { text } paths { path { urn } } }
    facets { field aggregations { value count } }
  }
}`;
const SEARCH = `query searchAcrossLineage($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) { total lineageSearchPath searchResults { entity { urn } degree } }
}`;

describe.each(['svc', 'li'] as const)('scrollAcrossLineage (namespace %s)', (ns) => {
  const dataset = (name: string) => `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,sales.${name},PROD)`;
  const SOURCE = dataset('orders');
  // orders → a0..a3 (degree 1) → b0..b2 (degree 2).
  const FIRST = [0, 1, 2, 3].map((i) => dataset(`a${i}`));
  const SECOND = [0, 1, 2].map((i) => dataset(`b${i}`));
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ namespace: ns, indexLagMs: 0 });
    for (const urn of FIRST)
      await ingest(server, urn, 'upstreamLineage', { upstreams: [{ dataset: SOURCE, type: 'TRANSFORMED' }] }, ADMIN);
    for (const [i, urn] of SECOND.entries())
      await ingest(server, urn, 'upstreamLineage', { upstreams: [{ dataset: FIRST[i]!, type: 'TRANSFORMED' }] }, ADMIN);
  });
  afterAll(() => server.close());

  const ask = async (query: string, input: Record<string, unknown>) => {
    const reply = await graphql(server, { query, variables: { input }, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as { data: Record<string, any> | null; errors?: { message: string }[] };
  };

  it('pages through every entity downstream once, nearest first, each full page naming the next', async () => {
    const seen: { urn: string; degree: number }[] = [];
    const counts: number[] = [];
    let scrollId: string | null = null;
    do {
      const json = await ask(SCROLL, { urn: SOURCE, direction: 'DOWNSTREAM', query: '*', count: 3, scrollId });
      expect(json.errors).toBeUndefined();
      const page = json.data!.scrollAcrossLineage;
      expect(page.total).toBe(7);
      counts.push(page.count);
      for (const r of page.searchResults) {
        seen.push({ urn: r.entity.urn, degree: r.degree });
        expect(r.insights).toBeNull();
        expect(r.paths[0].path[0].urn).toBe(SOURCE);
      }
      scrollId = page.nextScrollId;
    } while (scrollId !== null);
    expect(counts).toEqual([3, 3, 1]);
    expect(seen.map((s) => s.urn).sort()).toEqual([...FIRST, ...SECOND].sort());
    expect(seen.map((s) => s.degree)).toEqual([1, 1, 1, 1, 2, 2, 2]);
  });

  it('filters by degree and answers the degree facet', async () => {
    const json = await ask(SCROLL, {
      urn: SOURCE,
      direction: 'DOWNSTREAM',
      count: 10,
      orFilters: [{ and: [{ field: 'degree', values: ['2'] }] }],
      keepAlive: '30s',
    });
    const page = json.data!.scrollAcrossLineage;
    expect(page.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn).sort()).toEqual([...SECOND].sort());
    expect(page.nextScrollId).toBeNull();
    expect(page.facets.find((f: { field: string }) => f.field === 'degree')).toBeDefined();
  });

  it('a scroll id the server did not give, or a bad keepAlive, is an error naming it', async () => {
    const bad = await ask(SCROLL, { urn: SOURCE, direction: 'DOWNSTREAM', scrollId: '%%%' });
    expect(bad.errors?.[0]?.message).toMatch(/^input\.scrollId: /);
    const keepAlive = await ask(SCROLL, { urn: SOURCE, direction: 'DOWNSTREAM', keepAlive: 'soon' });
    expect(keepAlive.errors?.[0]?.message).toMatch(/^input\.keepAlive: /);
  });

  it('searchAcrossLineage says it searched the walk: lineageSearchPath TORTOISE', async () => {
    const json = await ask(SEARCH, { urn: SOURCE, direction: 'UPSTREAM', query: '*' });
    expect(json.data!.searchAcrossLineage).toEqual({ total: 0, lineageSearchPath: 'TORTOISE', searchResults: [] });
    const down = await ask(SEARCH, { urn: SOURCE, direction: 'DOWNSTREAM', query: '*', count: 2 });
    expect(down.data!.searchAcrossLineage.total).toBe(7);
  });
});
