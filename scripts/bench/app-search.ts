/**
 * The web app's search screen at catalog scale, through POST /api/graphql (one client, p50/p99): the app's search
 * (searchAcrossEntities over every type, ten results with the fields its result cards show, the facets), its sidebar
 * (aggregateAcrossEntities, the default facets), its search bar's suggestions (searchAcrossEntities as typed: the last
 * word a prefix) and autocomplete (autoCompleteForMultiple over every type, as typed: a five-letter prefix that a
 * fifth of the names share). Runs on the search suite's cached
 * 100,000-dataset file (search.ts builds it the first time). Each request carries its own number in `extensions`,
 * so that none is answered from the cached responses (a body seen before, until the next write): a user's next
 * keystroke or search is a new body too, and is worked out anew.
 */
import { loadContract } from '../../spec/index.js';
import { load, median } from './load.js';
import { below, fmt, type BenchRow } from './rows.js';
import { cachedStore } from './search.js';
import { startMock } from './servers.js';

const names = loadContract('svc').names;
const DATASETS = 100_000;

/** The fields the app's result card reads of a dataset, as far as the built-in schema has them. */
const SEARCH = `query getSearchResultsForMultiple($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    start count total
    searchResults {
      entity {
        urn type
        ... on Dataset {
          name exists lastIngested origin
          platform { urn type name }
          container { urn }
          parentContainers { count containers { urn } }
          properties { name description qualifiedName externalUrl customProperties { key value } lastModified { time actor } }
          editableProperties { description }
          ownership { owners { owner { ... on CorpUser { urn type username } ... on CorpGroup { urn type name } } associatedUrn } }
          deprecation { deprecated note }
          tags { tags { tag { urn type name } associatedUrn } }
          glossaryTerms { terms { term { urn type name } associatedUrn } }
          domain { domain { urn } }
          subTypes { typeNames }
          statsSummary { queryCountLast30Days uniqueUserCountLast30Days }
        }
      }
      matchedFields { name value }
    }
    facets { field displayName aggregations { value count entity { urn type } } }
  }
}`;
/** The search bar's suggestions as a word is typed (the app's getSearchResultsForMultipleTrimmed): a prefix search. */
const SEARCH_BAR = `query getSearchResultsForMultipleTrimmed($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    total
    searchResults { entity { urn type ... on Dataset { name platform { urn name } } } matchedFields { name value } }
    facets { field aggregations { value count } }
  }
}`;
const AGGREGATE = `query aggregateAcrossEntities($input: AggregateAcrossEntitiesInput!) {
  aggregateAcrossEntities(input: $input) { facets { field displayName aggregations { value count entity { urn type } } } }
}`;
const AUTOCOMPLETE = `query getAutoCompleteMultipleResults($input: AutoCompleteMultipleInput!) {
  autoCompleteForMultiple(input: $input) {
    query
    suggestions { type suggestions entities { urn type ... on Dataset { name platform { urn name } properties { name qualifiedName } } } }
  }
}`;

const ROWS: {
  name: string;
  query: string;
  input: Record<string, unknown>;
  target: number;
  size: (data: any) => string;
}[] = [
  {
    name: 'app search (searchAcrossEntities, every type, a broad term, 10 results with their cards and facets)',
    query: SEARCH,
    input: { types: [], query: 'payments', start: 0, count: 10, orFilters: [], searchFlags: {} },
    target: 100,
    size: (data) => `${fmt(data.searchAcrossEntities.total)} hits`,
  },
  {
    name: "app search bar (searchAcrossEntities as typed, every type, 'clea': a prefix of a fifth of the names, 20 results)",
    query: SEARCH_BAR,
    input: { query: 'clea', count: 20 },
    target: 100,
    size: (data) => `${fmt(data.searchAcrossEntities.total)} hits`,
  },
  {
    name: 'app aggregate (aggregateAcrossEntities, every type, a broad term, the default facets)',
    query: AGGREGATE,
    input: { query: 'payments', orFilters: [] },
    target: 50,
    size: (data) => `${fmt(data.aggregateAcrossEntities.facets.length)} facets`,
  },
  {
    name: "app autocomplete (autoCompleteForMultiple, every type, 'clean': a prefix of a fifth of the names)",
    query: AUTOCOMPLETE,
    input: { query: 'clean', orFilters: [] },
    target: 5,
    size: (data) =>
      `${fmt(data.autoCompleteForMultiple.suggestions.reduce((n: number, s: { entities: unknown[] }) => n + s.entities.length, 0))} entities`,
  },
];

export async function benchAppSearch(runs: number, seconds: number): Promise<BenchRow[]> {
  const file = await cachedStore(DATASETS);
  const rows: BenchRow[] = [];
  const mock = await startMock(['--no-sample', '--data', file]);
  try {
    for (const row of ROWS) {
      const url = `${mock.url}/api/graphql`;
      const body = (n: number) =>
        JSON.stringify({ query: row.query, variables: { input: row.input }, extensions: { request: n } });
      const probe = (await (
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(-1) })
      ).json()) as { data?: unknown; errors?: unknown };
      if (probe.errors || !probe.data) throw new Error(`${row.name}: ${JSON.stringify(probe).slice(0, 500)}`);
      const p50s: number[] = [];
      const p99s: number[] = [];
      for (let r = 0; r < runs; r++) {
        const result = await load({ url, method: 'POST', seconds, connections: 1, body });
        if (result.errors + result.non2xx) throw new Error(`${row.name}: failed requests`);
        p50s.push(result.p50Ms);
        p99s.push(result.p99Ms);
      }
      const p50 = median(p50s);
      const p99 = median(p99s);
      rows.push(
        below(
          `${fmt(DATASETS)} datasets: ${row.name} (${row.size(probe.data)}): p50 / p99 ms`,
          p99,
          row.target,
          1,
          `${fmt(p50, 1)} / ${fmt(p99, 1)}`,
        ),
      );
    }
  } finally {
    await mock.stop();
  }
  return rows;
}
