/**
 * The web app's shell and search screen at catalog scale, through POST /api/graphql (one client, p50/p99): the
 * shell's queries every page load sends (getMe as the signed-in admin, appConfig), the app's search
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

/** The caller's user, settings and platform privileges, as the app's getMe reads them on every page. */
const GET_ME = `query getMe {
  me {
    corpUser {
      urn type username
      info { active displayName title firstName lastName fullName email }
      editableProperties { displayName title pictureLink teams skills }
      settings { appearance { showSimplifiedHomepage showThemeV2 } views { defaultView { urn } } }
    }
    platformPrivileges { viewAnalytics managePolicies manageIdentities generatePersonalAccessTokens manageIngestion manageSecrets manageDomains manageGlossaries manageTags createDomains createTags manageUserCredentials manageGlobalViews manageOwnershipTypes manageGlobalAnnouncements createBusinessAttributes manageBusinessAttributes }
  }
}`;
/** The deployment's configuration, as the app's appConfig reads it once per page load. */
const APP_CONFIG = `query appConfig {
  appConfig {
    appVersion
    policiesConfig { enabled platformPrivileges { type displayName description } resourcePrivileges { resourceType resourceTypeDisplayName entityType privileges { type displayName description } } }
    analyticsConfig { enabled }
    authConfig { tokenAuthEnabled }
    identityManagementConfig { enabled }
    lineageConfig { supportsImpactAnalysis }
    managedIngestionConfig { enabled }
    visualConfig { logoUrl faviconUrl showFullTitleInLineage queriesTab { queriesTabResultSize } theme { themeId } }
    telemetryConfig { enableThirdPartyLogging }
    testsConfig { enabled }
    viewsConfig { enabled }
    searchBarConfig { apiVariant }
    featureFlags { themeV2Enabled themeV2Default showHomePageRedesign showNavBarRedesign showBrowseV2 lineageGraphV3 }
  }
}`;

const ROWS: {
  name: string;
  query: string;
  input?: Record<string, unknown>;
  token?: string;
  target: number;
  size: (data: any) => string;
}[] = [
  {
    name: 'app getMe (the signed-in admin, its settings and platform privileges)',
    query: GET_ME,
    token: 'admin-token',
    target: 5,
    size: (data) => `${data.me.corpUser.username}`,
  },
  {
    name: 'app appConfig (the configuration, its privilege lists)',
    query: APP_CONFIG,
    target: 5,
    size: (data) => `${fmt(data.appConfig.policiesConfig.platformPrivileges.length)} privileges`,
  },
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
        JSON.stringify({
          query: row.query,
          ...(row.input ? { variables: { input: row.input } } : {}),
          extensions: { request: n },
        });
      const headers: Record<string, string> = row.token ? { authorization: `Bearer ${row.token}` } : {};
      const probe = (await (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: body(-1),
        })
      ).json()) as { data?: unknown; errors?: unknown };
      if (probe.errors || !probe.data) throw new Error(`${row.name}: ${JSON.stringify(probe).slice(0, 500)}`);
      const p50s: number[] = [];
      const p99s: number[] = [];
      for (let r = 0; r < runs; r++) {
        const result = await load({ url, method: 'POST', headers, seconds, connections: 1, body });
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
