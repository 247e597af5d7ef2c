/**
 * Step states and the analytics page through POST /api/graphql, with documents in the shapes the app of
 * DataHub v1.3.0.1 sends (batchGetStepStates, batchUpdateStepStates, isAnalyticsEnabled, getHighlights,
 * getAnalyticsCharts, getMetadataAnalyticsCharts):
 * - step states are dataHubStepState entities (datahub-graphql-core/.../resolvers/step/BatchGetStepStatesResolver.java,
 *   BatchUpdateStepStatesResolver.java; metadata-models/.../step/DataHubStepStateProperties.pdl);
 * - the analytics page is on, as a quickstart's (platformAnalytics.enabled), its highlights and metadata charts
 *   counted on the search index (analytics/resolver/GetHighlightsResolver.java, GetMetadataAnalyticsResolver.java,
 *   GetChartsResolver.java).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, graphql, graphqlClient, ingest, startServer } from '../graphql-harness.js';

const GET_STEPS = `query batchGetStepStates($input: BatchGetStepStatesInput!) { batchGetStepStates(input: $input) { results { id properties { key value } } } }`;
const UPDATE_STEPS = `mutation batchUpdateStepStates($input: BatchUpdateStepStatesInput!) { batchUpdateStepStates(input: $input) { results { id succeeded } } }`;
const ANALYTICS_ENABLED = `query isAnalyticsEnabled { isAnalyticsEnabled }`;
const HIGHLIGHTS = `query getHighlights { getHighlights { value title body } }`;
const CHARTS = `fragment charts on AnalyticsChartGroup {
  groupId
  title
  charts {
    ... on TimeSeriesChart { title lines { name data { x y } } dateRange { start end } interval }
    ... on BarChart { title bars { name segments { label value } } }
    ... on TableChart { title columns rows { values cells { value linkParams { searchParams { types query filters { field values } } entityProfileParams { urn type } } } } }
  }
}`;
const ANALYTICS_CHARTS = `query getAnalyticsCharts { getAnalyticsCharts { ...charts } }
${CHARTS}`;
const METADATA_CHARTS = `query getMetadataAnalyticsCharts($input: MetadataAnalyticsInput!) { getMetadataAnalyticsCharts(input: $input) { ...charts } }
${CHARTS}`;

describe('step states and analytics', () => {
  let server: MockServer;
  const dataset = (platform: string, name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:${platform},${name},PROD)`;
  beforeAll(async () => {
    server = await startServer();
    await ingest(
      server,
      'urn:svc:dataPlatform:hive',
      'dataPlatformInfo',
      {
        name: 'hive',
        displayName: 'Hive',
        type: 'FILE_SYSTEM',
        datasetNameDelimiter: '.',
      },
      ADMIN,
    );
    for (const [platform, name] of [
      ['hive', 'a'],
      ['hive', 'b'],
      ['kafka', 'c'],
    ] as const)
      await ingest(
        server,
        dataset(platform, name),
        'datasetProperties',
        { name, ...(name === 'a' ? { description: 'orders' } : {}) },
        ADMIN,
      );
    await ingest(
      server,
      dataset('hive', 'a'),
      'ownership',
      {
        owners: [{ owner: 'urn:svc:corpuser:ann', type: 'DATAOWNER' }],
        lastModified: { time: 0, actor: 'urn:svc:corpuser:ann' },
      },
      ADMIN,
    );
    await ingest(
      server,
      'urn:svc:glossaryTerm:Revenue',
      'glossaryTermInfo',
      { name: 'Revenue', definition: 'money in', termSource: 'INTERNAL' },
      ADMIN,
    );
    await ingest(
      server,
      dataset('kafka', 'c'),
      'glossaryTerms',
      {
        terms: [{ urn: 'urn:svc:glossaryTerm:Revenue' }],
        auditStamp: { time: 0, actor: 'urn:svc:corpuser:ann' },
      },
      ADMIN,
    );
  });
  afterAll(() => server.close());

  const { gql, ok } = graphqlClient(() => server);

  it('round-trips step states; a step never stored is left out, a new state replaces the old', async () => {
    const ids = ['urn:svc:corpuser:reader-search-tour', 'never-stored'];
    expect((await ok(GET_STEPS, { input: { ids } }, READER)).batchGetStepStates.results).toEqual([]);
    const state = (state: string) => ({
      input: {
        states: [
          {
            id: ids[0],
            properties: [
              { key: 'state', value: state },
              { key: 'skipped', value: null },
            ],
          },
        ],
      },
    });
    expect((await ok(UPDATE_STEPS, state('COMPLETE'), READER)).batchUpdateStepStates.results).toEqual([
      { id: ids[0], succeeded: true },
    ]);
    expect((await ok(GET_STEPS, { input: { ids } }, READER)).batchGetStepStates.results).toEqual([
      { id: ids[0], properties: [{ key: 'state', value: 'COMPLETE' }] },
    ]);
    await ok(UPDATE_STEPS, state('SKIPPED'), READER);
    expect((await ok(GET_STEPS, { input: { ids } })).batchGetStepStates.results[0].properties).toEqual([
      { key: 'state', value: 'SKIPPED' },
    ]);
    // Without a token nothing is written.
    const anonymous = await graphql(server, { query: UPDATE_STEPS, variables: state('NOPE') });
    expect(anonymous.status).toBe(401);
    expect((await ok(GET_STEPS, { input: { ids } })).batchGetStepStates.results[0].properties[0].value).toBe('SKIPPED');
    const bad = await gql(UPDATE_STEPS, { input: { states: [{ id: '', properties: [] }] } });
    expect(bad.errors?.[0]?.message).toContain('input.states[0].id');
  });

  it('says analytics are enabled, as in a quickstart', async () => {
    expect(await ok(ANALYTICS_ENABLED)).toEqual({ isAnalyticsEnabled: true });
  });

  it('counts the highlights on the search index: datasets and their shares with owners and descriptions', async () => {
    const { getHighlights } = await ok(HIGHLIGHTS);
    expect(getHighlights.map((h: any) => h.title)).toEqual(['Weekly Active Users', 'Monthly Active Users', 'Datasets']);
    expect(getHighlights[0]).toEqual({ title: 'Weekly Active Users', value: 0, body: '' });
    expect(getHighlights[2]).toEqual({
      title: 'Datasets',
      value: 3,
      body: '33.33% have owners, 0.00% have tags, 33.33% have glossary terms, 33.33% have description, 0.00% have domain assigned!',
    });
  });

  it('charts the assets by platform and term, named by their display names, the most first', async () => {
    const [group] = (await ok(METADATA_CHARTS, { input: { entityType: 'DATASET' } })).getMetadataAnalyticsCharts;
    expect(group.groupId).toBe('FilteredMetadataAnalytics');
    expect(group.charts).toEqual([
      {
        title: 'Data Assets by Platform',
        bars: [
          { name: 'Hive', segments: [{ label: 'Count', value: 2 }] },
          { name: 'urn:svc:dataPlatform:kafka', segments: [{ label: 'Count', value: 1 }] },
        ],
      },
      { title: 'Data Assets by Term', bars: [{ name: 'Revenue', segments: [{ label: 'Count', value: 1 }] }] },
    ]);
    const charts = (await ok(ANALYTICS_CHARTS)).getAnalyticsCharts;
    expect(charts.map((g: any) => [g.groupId, g.title])).toEqual([
      ['DataHubUsageAnalytics', 'Usage Analytics'],
      ['GlobalMetadataAnalytics', 'Data Landscape Summary'],
    ]);
    expect(charts[1].charts.map((c: any) => c.title)).toEqual(['Assets By Platform', 'Entities With Term']);
  });
});
