/**
 * 4.6 Browse, search, autocomplete: the response shapes, full text, `field:value`, every filter
 * condition, paging, aggregations, matchedFields, browse groups and entity names, autocomplete, and
 * only the latest state indexed. Behavioural checks look at the run's own datasets only (their
 * unique word keeps other data out of the results).
 */
import { expect, expectEqual, type CheckContext, type CheckGroup, type Check } from '../check.js';
import { browseGroups } from '../../deployment/index.js';
import { fixtureSearchable, searchUrns } from './deployment-lookups.js';
import { hitUrns, valueOf } from './response-readers.js';

const SEARCH = '4.6 Browse, search, autocomplete: search';
const FILTER = '4.6 Browse, search, autocomplete: filter';
const BROWSE = '4.6 Browse, search, autocomplete: browse';
const AUTOCOMPLETE = '4.6 Browse, search, autocomplete: autocomplete';
/** The largest page of a search, upstream's `searchService.limit.results.max`. */
const LARGEST_PAGE = 10000;

interface SearchResult {
  numEntities: number;
  pageSize: number;
  from: number;
  /** The hits' URNs, read from either shape (response-readers.ts hitUrns). */
  entities: string[];
  metadata: {
    urns?: string[];
    matches?: { matchedFields: { name: string; value: string }[] }[];
    searchResultMetadatas?: { name: string; aggregations: Record<string, number> }[];
  };
}

interface Group {
  name: string;
  count: number;
}

interface BrowseResult {
  numEntities: number;
  pageSize: number;
  from: number;
  metadata: { totalNumEntities: number; groups?: Group[]; path: string };
  /** Upstream's shape puts groups here instead (spec/upstream-differences.yaml browse-result-shape). */
  groups?: Group[];
  entities: { name: string; urn: string }[];
}

async function search(ctx: CheckContext, body: Record<string, unknown>): Promise<SearchResult> {
  const value = valueOf<SearchResult>(
    await ctx.client.expectStatus('searchEntities', { body: { entity: 'dataset', start: 0, count: 50, ...body } }),
  );
  return { ...value, entities: hitUrns(value) };
}

export async function browse(ctx: CheckContext, path: string): Promise<BrowseResult> {
  return valueOf<BrowseResult>(
    await ctx.client.expectStatus('browseEntities', { body: { path, entity: 'dataset', start: 0, limit: 50 } }),
  );
}

export async function suggestions(ctx: CheckContext, query: string, limit = 10): Promise<string[]> {
  const value = valueOf<{ suggestions: string[]; query: string }>(
    await ctx.client.expectStatus('autocompleteEntities', { body: { query, entity: 'dataset', limit } }),
  );
  return value.suggestions;
}

function sameSet(actual: string[], expected: string[], what: string): void {
  expectEqual([...actual].sort(), [...expected].sort(), what);
}

/** One check per filter condition, each with a value that selects a known part of the run's datasets. */
function filterCheck(
  condition: string,
  field: string,
  value: (ctx: CheckContext) => string,
  want: (ctx: CheckContext) => string[],
): Check {
  return {
    id: `search.filter.${condition.toLowerCase().replace(/_/g, '-')}`,
    clause: `${FILTER} condition ${condition}`,
    needsFixture: true,
    async run(ctx) {
      const filter = { or: [{ and: [{ field, value: value(ctx), condition }] }] };
      await fixtureSearchable(ctx);
      sameSet(
        await searchUrns(ctx, ctx.fixture.word, { filter }),
        want(ctx),
        `hits of ${field} ${condition} ${value(ctx)}`,
      );
    },
  };
}

export const searchChecks: CheckGroup = {
  name: 'search',
  checks: [
    {
      id: 'search.search.shape',
      clause: `${SEARCH} response`,
      async run(ctx) {
        const result = await search(ctx, { input: '*', count: 5 });
        expectEqual(result.metadata.urns, result.entities, 'metadata.urns');
        expectEqual(result.metadata.matches?.length, result.entities.length, 'number of metadata.matches');
        expect(Array.isArray(result.metadata.searchResultMetadatas), 'metadata.searchResultMetadatas is not a list');
        expect(result.entities.length <= 5, `count 5 gave ${result.entities.length} hits`);
      },
    },
    {
      id: 'search.search.full-text',
      clause: `${SEARCH} input`,
      needsFixture: true,
      async run(ctx) {
        const { orders, customers, returns } = ctx.fixture;
        await fixtureSearchable(ctx);
        sameSet(await searchUrns(ctx, ctx.fixture.word), [orders, customers, returns], `hits of ${ctx.fixture.word}`);
      },
    },
    {
      id: 'search.search.field-value',
      clause: `${SEARCH} input <field>:<value>`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        sameSet(
          await searchUrns(ctx, `tags:conformance_${ctx.runId}`),
          [ctx.fixture.orders],
          'hits of tags:<tag name>',
        );
      },
    },
    {
      id: 'search.search.paging',
      clause: `${SEARCH} start count`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        const pages = [];
        for (const start of [0, 1, 2, 3]) pages.push(await search(ctx, { input: ctx.fixture.word, start, count: 1 }));
        for (const [start, page] of pages.entries()) {
          expectEqual(page.numEntities, 3, `numEntities of page ${start}`);
          expectEqual(page.from, start, `from of page ${start}`);
          expectEqual(page.pageSize, 1, `pageSize of page ${start}`);
        }
        const hits = pages.flatMap((p) => p.entities);
        expectEqual(hits.length, 3, 'hits over the pages of one');
        expectEqual(new Set(hits).size, 3, 'distinct hits over the pages');
      },
    },
    {
      // The document shows no page limit; a client asking for more than the largest page expects that
      // page (upstream's searchService.limit.results.max is 10000), not a smaller one in its place.
      id: 'search.search.count-beyond-limit',
      clause: `${SEARCH} start count`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        const page = await search(ctx, { input: ctx.fixture.word, start: 0, count: LARGEST_PAGE + 1 });
        expectEqual(page.entities.length, 3, `hits for count ${LARGEST_PAGE + 1}`);
        expectEqual(page.pageSize, LARGEST_PAGE, `pageSize for count ${LARGEST_PAGE + 1} (the largest page)`);
      },
    },
    {
      id: 'search.search.aggregations',
      clause: `${SEARCH} searchResultMetadatas aggregations`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        const result = await search(ctx, { input: ctx.fixture.word });
        const tags = result.metadata.searchResultMetadatas?.find((m) => m.name === 'tags');
        expectEqual(tags?.aggregations?.[ctx.fixture.tag], 1, 'tags aggregation of the run tag');
      },
    },
    {
      id: 'search.search.matched-fields',
      clause: `${SEARCH} matches matchedFields`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        const result = await search(ctx, { input: ctx.fixture.word });
        for (const [i, match] of (result.metadata.matches ?? []).entries()) {
          expect(
            match.matchedFields.some((f) => f.value.toLowerCase().includes(ctx.fixture.word.toLowerCase())),
            `matchedFields of hit ${i} do not name the field holding ${ctx.fixture.word}: ${JSON.stringify(match.matchedFields)}`,
          );
        }
      },
    },
    filterCheck(
      'EQUAL',
      'tags',
      (ctx) => ctx.fixture.tag,
      (ctx) => [ctx.fixture.orders],
    ),
    filterCheck(
      'CONTAIN',
      'description',
      () => 'ORDERS TABLE',
      (ctx) => [ctx.fixture.orders],
    ),
    filterCheck(
      'START_WITH',
      'id',
      (ctx) => `conformance_${ctx.runId}.cust`,
      (ctx) => [ctx.fixture.customers],
    ),
    filterCheck(
      'END_WITH',
      'id',
      () => '.returns',
      (ctx) => [ctx.fixture.returns],
    ),
    filterCheck(
      'GREATER_THAN',
      'createdAt',
      () => '2000',
      (ctx) => [ctx.fixture.returns],
    ),
    filterCheck(
      'GREATER_THAN_OR_EQUAL_TO',
      'createdAt',
      () => '2000',
      (ctx) => [ctx.fixture.customers, ctx.fixture.returns],
    ),
    filterCheck(
      'LESS_THAN',
      'createdAt',
      () => '2000',
      (ctx) => [ctx.fixture.orders],
    ),
    filterCheck(
      'LESS_THAN_OR_EQUAL_TO',
      'createdAt',
      () => '2000',
      (ctx) => [ctx.fixture.orders, ctx.fixture.customers],
    ),
    {
      id: 'search.latest-state',
      clause: '4.6 Browse, search, autocomplete: search covers only the latest state',
      needsFixture: true,
      async run(ctx) {
        const urn = ctx.fixture.returns;
        const [before, after] = [`before${ctx.runId}`, `after${ctx.runId}`];
        for (const word of [before, after]) {
          await ctx.fixture.upsert(urn, 'datasetProperties', {
            name: `returns_${ctx.runId}`,
            description: `Returns ${word} ${ctx.fixture.word}`,
            created: { time: 3000 },
          });
        }
        const latest = await ctx.eventually(
          () => searchUrns(ctx, after),
          (hits) => hits.includes(urn),
        );
        const older = await ctx.eventually(
          () => searchUrns(ctx, before),
          (hits) => hits.length === 0,
        );
        expectEqual(older, [], `hits of ${before}, a word of an older version`);
        expectEqual(latest, [urn], `hits of ${after}, a word of the latest version`);
      },
    },
    {
      id: 'search.browse.shape',
      clause: `${BROWSE} response`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        const result = await browse(ctx, ctx.fixture.browseRoot);
        const { orders, customers, returns } = ctx.fixture;
        sameSet(
          result.entities.map((e) => e.urn),
          [orders, customers, returns],
          `entities under ${ctx.fixture.browseRoot}`,
        );
        expectEqual(result.numEntities, 3, 'numEntities');
        expectEqual(result.metadata.path, ctx.fixture.browseRoot, 'metadata.path');
        expect(Array.isArray(result.metadata.groups), 'metadata.groups is not a list');
      },
    },
    {
      id: 'search.browse.entity-name',
      clause: `${BROWSE} entities name`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        const result = await browse(ctx, ctx.fixture.browseRoot);
        const orders = result.entities.find((e) => e.urn === ctx.fixture.orders);
        expectEqual(orders?.name, 'orders', 'name of the dataset browsed at /conformance/<run>/orders');
      },
    },
    {
      id: 'search.browse.groups',
      clause: `${BROWSE} metadata groups`,
      needsFixture: true,
      async run(ctx) {
        await fixtureSearchable(ctx);
        const result = await browse(ctx, '/conformance');
        const group = browseGroups(result).find((g) => g.name === ctx.runId);
        expectEqual(group?.count, 3, `count of group ${ctx.runId} under /conformance`);
      },
    },
    {
      id: 'search.autocomplete.shape',
      clause: `${AUTOCOMPLETE} response`,
      async run(ctx) {
        const value = valueOf<{ suggestions: unknown; query: unknown }>(
          await ctx.client.expectStatus('autocompleteEntities', { body: { query: 'a', entity: 'dataset', limit: 3 } }),
        );
        expectEqual(value.query, 'a', 'query');
        expect(
          Array.isArray(value.suggestions) && value.suggestions.length <= 3,
          'suggestions is not a list of at most limit strings',
        );
      },
    },
    {
      id: 'search.autocomplete.suggestions',
      clause: `${AUTOCOMPLETE} query`,
      needsFixture: true,
      async run(ctx) {
        const prefix = `conformance_${ctx.runId}.or`;
        await fixtureSearchable(ctx);
        const found = await suggestions(ctx, prefix);
        expect(
          found.some((s) => s.includes(`${ctx.runId}.orders`) || s === `orders_${ctx.runId}`),
          `no suggestion for ${prefix}: ${JSON.stringify(found)}`,
        );
      },
    },
    {
      id: 'search.autocomplete.limit',
      clause: `${AUTOCOMPLETE} limit`,
      needsFixture: true,
      async run(ctx) {
        const prefix = `conformance_${ctx.runId}`;
        await fixtureSearchable(ctx);
        expect(
          (await suggestions(ctx, prefix)).length >= 2,
          `fewer than two suggestions for ${prefix}, the limit cannot be observed`,
        );
        const limited = await suggestions(ctx, prefix, 1);
        expect(limited.length <= 1, `limit 1 gave ${limited.length} suggestions`);
      },
    },
  ],
};
