/**
 * The V2 home page through POST /api/graphql, with documents in the shapes the app of DataHub v1.3.0.1 sends
 * (getHomePageSettings, getMe's home page settings, listRecommendations, listPosts and the post mutations), in
 * both namespaces:
 * - a fresh store holds the default template and modules a quickstart boots (metadata-service/configuration/
 *   src/main/resources/bootstrap_mcps/page-templates.yaml, page-modules.yaml; boot/global_settings.json);
 * - the recommendation modules are computed from the search index as upstream's candidate sources compute them
 *   (metadata-service/services/.../recommendation/candidatesource/TopPlatformsSource.java, TopTagsSource.java,
 *   TopTermsSource.java, EntitySearchAggregationSource.java; RecommendationServiceFactory.java's order);
 * - posts are stored as postInfo and listed newest first (datahub-graphql-core/.../resolvers/post/, PostService).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, graphql, graphqlClient, ingest, startServer } from '../graphql-harness.js';

const PAGE_TEMPLATE = `fragment PageTemplate on DataHubPageTemplate {
  urn
  type
  properties {
    rows { modules { urn type exists properties { name type visibility { scope } params { richTextParams { content } linkParams { linkUrl } assetCollectionParams { assetUrns } hierarchyViewParams { assetUrns showRelatedEntities } } } } }
    assetSummary { summaryElements { elementType structuredProperty { urn } } }
    surface { surfaceType }
    visibility { scope }
  }
}`;
const HOME_PAGE_SETTINGS = `query getHomePageSettings { globalHomePageSettings { defaultTemplate { ...PageTemplate } } }
${PAGE_TEMPLATE}`;
const MY_HOME_PAGE = `query getMe { me { corpUser { urn settings { homePage { pageTemplate { ...PageTemplate } dismissedAnnouncementUrns } } } } }
${PAGE_TEMPLATE}`;
const RECOMMENDATIONS = `query listRecommendations($input: ListRecommendationsInput!) {
  listRecommendations(input: $input) {
    modules {
      title
      moduleId
      renderType
      content {
        value
        entity { urn type ... on DataPlatform { name } ... on Tag { name } ... on GlossaryTerm { name } }
        params { searchParams { types query filters { field values } } entityProfileParams { urn } contentParams { count } }
      }
    }
  }
}`;
const LIST_POSTS = `query listPosts($input: ListPostsInput!) {
  listPosts(input: $input) {
    start
    count
    total
    posts { urn type postType content { contentType title description link media { type location } } lastModified { time actor } }
  }
}`;
const CREATE_POST = `mutation createPost($input: CreatePostInput!) { createPost(input: $input) }`;
const UPDATE_POST = `mutation updatePost($input: UpdatePostInput!) { updatePost(input: $input) }`;
const DELETE_POST = `mutation deletePost($urn: String!) { deletePost(urn: $urn) }`;

describe.each(['svc', 'li'] as const)('the home page, namespace %s', (namespace) => {
  const urn = (rest: string) => `urn:${namespace}:${rest}`;
  const dataset = (platform: string, name: string) => urn(`dataset:(${urn(`dataPlatform:${platform}`)},${name},PROD)`);
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace });
    const datasets = [
      ['snowflake', 'a'],
      ['snowflake', 'b'],
      ['snowflake', 'c'],
      ['hive', 'd'],
      ['hive', 'e'],
      ['kafka', 'f'],
    ];
    for (const [platform, name] of datasets)
      await ingest(server, dataset(platform!, name!), 'datasetProperties', { name }, ADMIN);
    for (const [platform, logo] of [
      ['snowflake', true],
      ['hive', true],
      ['kafka', false],
    ] as const)
      await ingest(
        server,
        urn(`dataPlatform:${platform}`),
        'dataPlatformInfo',
        { name: platform, type: 'OTHERS', datasetNameDelimiter: '.', ...(logo ? { logoUrl: `/${platform}.png` } : {}) },
        ADMIN,
      );
    await ingest(server, urn('tag:Gold'), 'tagProperties', { name: 'Gold' }, ADMIN);
    await ingest(server, urn('tag:Silver'), 'tagProperties', { name: 'Silver' }, ADMIN);
    const tags = (...names: string[]) => ({ tags: names.map((name) => ({ tag: urn(`tag:${name}`) })) });
    await ingest(server, dataset('snowflake', 'a'), 'globalTags', tags('Gold', 'Silver'), ADMIN);
    await ingest(server, dataset('hive', 'd'), 'globalTags', tags('Silver'), ADMIN);
    // A tag no entity of which exists counts for nothing.
    await ingest(server, dataset('kafka', 'f'), 'globalTags', tags('Ghost'), ADMIN);
  });
  afterAll(() => server.close());

  const { gql, ok } = graphqlClient(() => server);
  const bootedModule = (id: string, name: string, type: string) => ({
    urn: urn(`dataHubPageModule:${id}`),
    type: 'DATAHUB_PAGE_MODULE',
    exists: true,
    properties: {
      name,
      type,
      visibility: { scope: 'GLOBAL' },
      params: { richTextParams: null, linkParams: null, assetCollectionParams: null, hierarchyViewParams: null },
    },
  });

  it('serves the default home page template a fresh deployment boots, its rows of modules resolved', async () => {
    expect((await ok(HOME_PAGE_SETTINGS)).globalHomePageSettings).toEqual({
      defaultTemplate: {
        urn: urn('dataHubPageTemplate:home_default_1'),
        type: 'DATAHUB_PAGE_TEMPLATE',
        properties: {
          rows: [
            { modules: [bootedModule('your_assets', 'Your Assets', 'OWNED_ASSETS')] },
            { modules: [bootedModule('top_domains', 'Domains', 'DOMAINS')] },
          ],
          assetSummary: null,
          surface: { surfaceType: 'HOME_PAGE' },
          visibility: { scope: 'GLOBAL' },
        },
      },
    });
  });

  it("reads a user's own template and dismissed announcements from corpUserSettings.homePage", async () => {
    expect((await ok(MY_HOME_PAGE, {}, READER)).me.corpUser.settings.homePage).toBeNull();
    const mine = urn('dataHubPageTemplate:reader_home');
    await ingest(
      server,
      urn('dataHubPageModule:welcome'),
      'dataHubPageModuleProperties',
      {
        name: 'Welcome',
        type: 'RICH_TEXT',
        visibility: { scope: 'PERSONAL' },
        params: { richTextParams: { content: '# Hello' } },
        created: { time: 1, actor: urn('corpuser:reader') },
        lastModified: { time: 1, actor: urn('corpuser:reader') },
      },
      ADMIN,
    );
    await ingest(
      server,
      mine,
      'dataHubPageTemplateProperties',
      {
        rows: [{ modules: [urn('dataHubPageModule:welcome'), urn('dataHubPageModule:never_stored')] }],
        assetSummary: {
          summaryElements: [
            { elementType: 'OWNERS' },
            { elementType: 'STRUCTURED_PROPERTY', structuredPropertyUrn: urn('structuredProperty:io.retail.tier') },
          ],
        },
        surface: { surfaceType: 'HOME_PAGE' },
        visibility: { scope: 'PERSONAL' },
        created: { time: 1, actor: urn('corpuser:reader') },
        lastModified: { time: 1, actor: urn('corpuser:reader') },
      },
      ADMIN,
    );
    await ingest(
      server,
      urn('corpuser:reader'),
      'corpUserSettings',
      {
        appearance: { showSimplifiedHomepage: false },
        homePage: { pageTemplate: mine, dismissedAnnouncementUrns: [urn('post:old')] },
      },
      ADMIN,
    );
    const { homePage } = (await ok(MY_HOME_PAGE, {}, READER)).me.corpUser.settings;
    expect(homePage.dismissedAnnouncementUrns).toEqual([urn('post:old')]);
    expect(homePage.pageTemplate.urn).toBe(mine);
    expect(homePage.pageTemplate.properties.visibility).toEqual({ scope: 'PERSONAL' });
    expect(homePage.pageTemplate.properties.assetSummary.summaryElements).toEqual([
      { elementType: 'OWNERS', structuredProperty: null },
      { elementType: 'STRUCTURED_PROPERTY', structuredProperty: { urn: urn('structuredProperty:io.retail.tier') } },
    ]);
    expect(
      homePage.pageTemplate.properties.rows[0].modules.map((m: any) => [m.urn, m.properties.params.richTextParams]),
    ).toEqual([[urn('dataHubPageModule:welcome'), { content: '# Hello' }]]);
  });

  it('lists the home modules computed from the store: platforms with a logo by count, then tags', async () => {
    const { modules } = (
      await ok(RECOMMENDATIONS, {
        input: { userUrn: urn('corpuser:datahub'), requestContext: { scenario: 'HOME' }, limit: 10 },
      })
    ).listRecommendations;
    expect(modules.map((m: any) => [m.moduleId, m.title, m.renderType])).toEqual([
      ['Platforms', 'Platforms', 'PLATFORM_SEARCH_LIST'],
      ['TopTags', 'Top Tags', 'TAG_SEARCH_LIST'],
    ]);
    expect(modules[0].content).toEqual([
      {
        value: urn('dataPlatform:snowflake'),
        entity: { urn: urn('dataPlatform:snowflake'), type: 'DATA_PLATFORM', name: 'snowflake' },
        params: {
          searchParams: {
            types: null,
            query: '',
            filters: [{ field: 'platform', values: [urn('dataPlatform:snowflake')] }],
          },
          entityProfileParams: null,
          contentParams: { count: 3 },
        },
      },
      {
        value: urn('dataPlatform:hive'),
        entity: { urn: urn('dataPlatform:hive'), type: 'DATA_PLATFORM', name: 'hive' },
        params: {
          searchParams: {
            types: null,
            query: '',
            filters: [{ field: 'platform', values: [urn('dataPlatform:hive')] }],
          },
          entityProfileParams: null,
          contentParams: { count: 2 },
        },
      },
    ]);
    expect(modules[1].content.map((c: any) => [c.value, c.entity.name, c.params.contentParams.count])).toEqual([
      [urn('tag:Silver'), 'Silver', 2],
      [urn('tag:Gold'), 'Gold', 1],
    ]);
    // Search results get the tags and terms only; a limit caps the modules.
    const search = await ok(RECOMMENDATIONS, {
      input: {
        userUrn: urn('corpuser:datahub'),
        requestContext: { scenario: 'SEARCH_RESULTS', searchRequestContext: { query: 'x' } },
      },
    });
    expect(search.listRecommendations.modules.map((m: any) => m.moduleId)).toEqual(['TopTags']);
    const one = await ok(RECOMMENDATIONS, {
      input: { userUrn: urn('corpuser:datahub'), requestContext: { scenario: 'HOME' }, limit: 1 },
    });
    expect(one.listRecommendations.modules.map((m: any) => m.moduleId)).toEqual(['Platforms']);
  });

  it("adds the caller's recently viewed and edited entities, read from the session's journal", async () => {
    const home = async (token: string) =>
      (
        await ok(
          RECOMMENDATIONS,
          { input: { userUrn: urn('corpuser:datahub'), requestContext: { scenario: 'HOME' }, limit: 10 } },
          token,
        )
      ).listRecommendations.modules as any[];
    const entityPage = 'query getDataset($urn: String!) { dataset(urn: $urn) { urn } }';
    for (const name of ['a', 'b', 'a']) await ok(entityPage, { urn: dataset('snowflake', name) });
    // A dataset never stored is no view to recommend; another user's views are theirs.
    await ok(entityPage, { urn: dataset('snowflake', 'never') });
    await ok(entityPage, { urn: dataset('hive', 'e') }, READER);
    await ok('mutation addTag($input: TagAssociationInput!) { addTag(input: $input) }', {
      input: { tagUrn: urn('tag:Gold'), resourceUrn: dataset('hive', 'd') },
    });
    const modules = await home(ADMIN);
    expect(modules.map((m) => m.moduleId)).toEqual([
      'Platforms',
      'RecentlyViewedEntities',
      'RecentlyEditedEntities',
      'TopTags',
    ]);
    expect(modules[1]).toMatchObject({ title: 'Recently Viewed', renderType: 'ENTITY_NAME_LIST' });
    expect(modules[1].content).toEqual([
      {
        value: dataset('snowflake', 'a'),
        entity: { urn: dataset('snowflake', 'a'), type: 'DATASET' },
        params: { searchParams: null, entityProfileParams: { urn: dataset('snowflake', 'a') }, contentParams: null },
      },
      {
        value: dataset('snowflake', 'b'),
        entity: { urn: dataset('snowflake', 'b'), type: 'DATASET' },
        params: { searchParams: null, entityProfileParams: { urn: dataset('snowflake', 'b') }, contentParams: null },
      },
    ]);
    expect(modules[2].content.map((c: any) => c.value)).toEqual([dataset('hive', 'd')]);
    // The tag added counts at once (a tie ordered by value): the answer is never served from a stale cache.
    expect(modules[3].content.map((c: any) => [c.value, c.params.contentParams.count])).toEqual([
      [urn('tag:Gold'), 2],
      [urn('tag:Silver'), 2],
    ]);
    const readers = await home(READER);
    expect(readers.find((m) => m.moduleId === 'RecentlyViewedEntities').content.map((c: any) => c.value)).toEqual([
      dataset('hive', 'e'),
    ]);
    expect(readers.some((m) => m.moduleId === 'RecentlyEditedEntities')).toBe(false);
    // A view between two identical home page queries shows in the second: no write, yet no stale answer.
    await ok(entityPage, { urn: dataset('snowflake', 'c') });
    const again = await home(ADMIN);
    expect(again[1].content.map((c: any) => c.value)).toEqual([
      dataset('snowflake', 'c'),
      dataset('snowflake', 'a'),
      dataset('snowflake', 'b'),
    ]);
  });

  it('creates, lists (newest first, filtered as the app filters), updates and deletes posts', async () => {
    const post = (title: string, postType = 'HOME_PAGE_ANNOUNCEMENT') => ({
      input: { postType, content: { contentType: 'TEXT', title, description: `${title} text` } },
    });
    expect(await ok(CREATE_POST, post('First'))).toEqual({ createPost: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ok(CREATE_POST, {
      input: {
        postType: 'HOME_PAGE_ANNOUNCEMENT',
        content: {
          contentType: 'LINK',
          title: 'Docs',
          link: 'https://example.com/docs',
          media: { type: 'IMAGE', location: 'https://example.com/a.png' },
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ok(CREATE_POST, {
      input: { ...post('About orders', 'ENTITY_ANNOUNCEMENT').input, resourceUrn: dataset('hive', 'd') },
    });
    const all = (await ok(LIST_POSTS, { input: { start: 0, count: 10 } })).listPosts;
    expect(all.total).toBe(3);
    expect(all.posts.map((p: any) => p.content.title)).toEqual(['About orders', 'Docs', 'First']);
    expect(all.posts[1]).toMatchObject({
      type: 'POST',
      postType: 'HOME_PAGE_ANNOUNCEMENT',
      content: {
        contentType: 'LINK',
        link: 'https://example.com/docs',
        media: { type: 'IMAGE', location: 'https://example.com/a.png' },
      },
      lastModified: { actor: urn('corpuser:datahub') },
    });
    const first = all.posts[2];
    // The app's home page: announcements not dismissed, changed since a time.
    const home = (
      await ok(LIST_POSTS, {
        input: {
          start: 0,
          count: 30,
          orFilters: [
            {
              and: [
                { field: 'type', condition: 'EQUAL', values: ['HOME_PAGE_ANNOUNCEMENT'] },
                { field: 'urn', condition: 'EQUAL', values: [first.urn], negated: true },
                { field: 'lastModified', condition: 'GREATER_THAN', values: ['0'] },
              ],
            },
          ],
        },
      })
    ).listPosts;
    expect(home.posts.map((p: any) => p.content.title)).toEqual(['Docs']);
    const about = (await ok(LIST_POSTS, { input: { resourceUrn: dataset('hive', 'd') } })).listPosts;
    expect(about.posts.map((p: any) => p.content.title)).toEqual(['About orders']);

    // A reader may not write posts; nothing changes.
    const denied = await gql(CREATE_POST, post('Nope'), READER);
    expect(denied.errors?.[0]?.extensions.code).toBe(403);
    expect(
      await ok(UPDATE_POST, {
        input: {
          urn: first.urn,
          postType: 'HOME_PAGE_ANNOUNCEMENT',
          content: { contentType: 'TEXT', title: 'First, edited' },
        },
      }),
    ).toEqual({ updatePost: true });
    const edited = (await ok(LIST_POSTS, { input: {} })).listPosts;
    expect(edited.posts[0].content).toMatchObject({ title: 'First, edited', description: null });
    expect(edited.posts[0].lastModified.time).toBeGreaterThan(first.lastModified.time);
    expect(await ok(DELETE_POST, { urn: first.urn })).toEqual({ deletePost: true });
    expect((await ok(LIST_POSTS, { input: {} })).listPosts.total).toBe(2);
    const missing = await gql(DELETE_POST, { urn: first.urn });
    expect(missing.errors?.[0]?.extensions.code).toBe(404);
    const unknown = await gql(UPDATE_POST, {
      input: {
        urn: urn('post:nothing'),
        postType: 'HOME_PAGE_ANNOUNCEMENT',
        content: { contentType: 'TEXT', title: 'x' },
      },
    });
    expect(unknown.errors?.[0]?.message).toContain(urn('post:nothing'));
    const badCount = await gql(LIST_POSTS, { input: { count: -1 } });
    expect(badCount.errors?.[0]?.message).toContain('input.count');
  });
});
