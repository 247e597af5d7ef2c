/**
 * The web app's shell through POST /api/graphql, with documents in the shapes the app of DataHub v1.3.0.1 sends
 * (its appConfig, getMe, getGrantedPrivileges, getEntityCounts, getDocPropagationSettings and their mutations),
 * in both namespaces:
 * - appConfig answers a quickstart's configuration (datahub-graphql-core/.../resolvers/config/AppConfigResolver.java,
 *   metadata-service/configuration/src/main/resources/application.yaml, docker/profiles/docker-compose.gms.yml);
 * - me and getGrantedPrivileges follow the default policies (metadata-service/war/src/main/resources/boot/
 *   policies.json); updateUserSetting writes corpUserSettings.appearance (UpdateUserSettingResolver.java);
 * - getEntityCounts counts the search index (EntityCountsResolver.java);
 * - the doc propagation and applications settings live in globalSettingsInfo (resolvers/settings/ at v1.3.0.1,
 *   boot/global_settings.json turning doc propagation on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, graphql, graphqlClient, ingest, startServer } from '../graphql-harness.js';

const APP_CONFIG = `query appConfig {
  appConfig {
    appVersion
    policiesConfig { enabled platformPrivileges { type displayName description } resourcePrivileges { resourceType resourceTypeDisplayName entityType privileges { type } } }
    analyticsConfig { enabled }
    authConfig { tokenAuthEnabled }
    identityManagementConfig { enabled }
    lineageConfig { supportsImpactAnalysis }
    managedIngestionConfig { enabled }
    visualConfig {
      logoUrl faviconUrl showFullTitleInLineage
      queriesTab { queriesTabResultSize }
      entityProfiles { domain { defaultTab } }
      searchResult { enableNameHighlight }
      theme { themeId }
      application { showApplicationInNavigation showSidebarSectionWhenEmpty }
    }
    telemetryConfig { enableThirdPartyLogging }
    testsConfig { enabled }
    viewsConfig { enabled }
    searchBarConfig { apiVariant }
    searchCardConfig { showDescription }
    homePageConfig { firstInPersonalSidebar }
    featureFlags { themeV2Enabled themeV2Default themeV2Toggleable showHomePageRedesign showNavBarRedesign showBrowseV2 entityVersioningEnabled lineageGraphV3 }
    chromeExtensionConfig { enabled lineageEnabled }
  }
}`;

const GET_ME = `query getMe {
  me {
    corpUser {
      urn
      username
      settings {
        appearance { showSimplifiedHomepage showThemeV2 }
        views { defaultView { urn } }
        homePage { pageTemplate { urn } dismissedAnnouncementUrns }
      }
    }
    platformPrivileges { viewAnalytics managePolicies manageGlobalAnnouncements viewManageTags manageApplications manageFeatures manageHomePageTemplates viewStructuredPropertiesPage }
  }
}`;

const UPDATE_USER_SETTING = `mutation updateUserSetting($input: UpdateUserSettingInput!) { updateUserSetting(input: $input) }`;
const GRANTED = `query getGrantedPrivileges($input: GetGrantedPrivilegesInput!) { getGrantedPrivileges(input: $input) { privileges } }`;
const COUNTS = `query getEntityCounts($input: EntityCountInput) { getEntityCounts(input: $input) { counts { entityType count } } }`;
const DOC_PROPAGATION = `query getDocPropagationSettings { docPropagationSettings { docColumnPropagation } }`;
const UPDATE_DOC_PROPAGATION = `mutation updateDocPropagationSettings($input: UpdateDocPropagationSettingsInput!) { updateDocPropagationSettings(input: $input) }`;
const UPDATE_APPLICATIONS = `mutation updateApplicationsSettings($input: UpdateApplicationsSettingsInput!) { updateApplicationsSettings(input: $input) }`;
const APPLICATIONS = `{ appConfig { visualConfig { application { showApplicationInNavigation } } } }`;

describe.each(['svc', 'li'] as const)('the app shell, namespace %s', (namespace) => {
  const urn = (rest: string) => `urn:${namespace}:${rest}`;
  const dataset = (name: string) => urn(`dataset:(${urn('dataPlatform:hive')},${name},PROD)`);
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace });
    for (const name of ['orders', 'refunds']) await ingest(server, dataset(name), 'datasetProperties', { name }, ADMIN);
    await ingest(
      server,
      urn('chart:(looker,orders)'),
      'chartInfo',
      {
        title: 'orders',
        description: '',
        lastModified: {
          created: { time: 0, actor: urn('corpuser:ann') },
          lastModified: { time: 0, actor: urn('corpuser:ann') },
        },
      },
      ADMIN,
    );
    await ingest(
      server,
      dataset('orders'),
      'ownership',
      {
        owners: [{ owner: urn('corpuser:reader'), type: 'DATAOWNER' }],
        lastModified: { time: 0, actor: urn('corpuser:ann') },
      },
      ADMIN,
    );
  });
  afterAll(() => server.close());

  const { gql, ok } = graphqlClient(() => server);

  it('answers appConfig as a v1.3.0.1 quickstart, with the V2 app and its home page on', async () => {
    const { appConfig } = await ok(APP_CONFIG);
    expect(appConfig).toMatchObject({
      appVersion: 'v1.3.0.1',
      analyticsConfig: { enabled: true },
      authConfig: { tokenAuthEnabled: true },
      identityManagementConfig: { enabled: true },
      managedIngestionConfig: { enabled: true },
      testsConfig: { enabled: false },
      viewsConfig: { enabled: true },
      searchBarConfig: { apiVariant: 'SEARCH_ACROSS_ENTITIES' },
      searchCardConfig: { showDescription: false },
      homePageConfig: { firstInPersonalSidebar: 'YOUR_ASSETS' },
      telemetryConfig: { enableThirdPartyLogging: false },
      chromeExtensionConfig: { enabled: true, lineageEnabled: true },
      featureFlags: {
        themeV2Enabled: true,
        themeV2Default: true,
        themeV2Toggleable: true,
        showHomePageRedesign: true,
        showNavBarRedesign: true,
        showBrowseV2: true,
        entityVersioningEnabled: true,
        lineageGraphV3: false,
      },
      visualConfig: {
        logoUrl: 'assets/platforms/datahublogo.png',
        faviconUrl: 'assets/icons/favicon.ico',
        queriesTab: { queriesTabResultSize: 5 },
        searchResult: { enableNameHighlight: true },
        application: { showApplicationInNavigation: false, showSidebarSectionWhenEmpty: false },
      },
    });
    const { policiesConfig } = appConfig;
    expect(policiesConfig.enabled).toBe(true);
    expect(policiesConfig.platformPrivileges[0]).toMatchObject({
      type: 'MANAGE_POLICIES',
      displayName: 'Manage Policies',
    });
    expect(policiesConfig.platformPrivileges.every((p: any) => typeof p.description === 'string')).toBe(true);
    expect(policiesConfig.platformPrivileges).toHaveLength(38);
    const datasets = policiesConfig.resourcePrivileges.find((group: any) => group.resourceType === 'dataset');
    expect(datasets).toMatchObject({ resourceTypeDisplayName: 'Datasets', entityType: 'DATASET' });
    expect(datasets.privileges.map((p: any) => p.type)).toContain('EDIT_DATASET_COL_DESCRIPTION');
    expect(policiesConfig.resourcePrivileges.at(-1).resourceType).toBe('all');
  });

  it("gives me the admin's privileges from the Admin role's policies, and a reader's from the Reader role's", async () => {
    const admin = (await ok(GET_ME)).me;
    expect(admin.corpUser.urn).toBe(urn('corpuser:datahub'));
    // No default policy grants VIEW_MANAGE_TAGS, so no role holds it.
    expect(admin.platformPrivileges).toEqual({
      viewAnalytics: true,
      managePolicies: true,
      manageGlobalAnnouncements: true,
      viewManageTags: false,
      manageApplications: true,
      manageFeatures: true,
      manageHomePageTemplates: true,
      viewStructuredPropertiesPage: true,
    });
    const reader = (await ok(GET_ME, {}, READER)).me;
    expect(reader.platformPrivileges).toEqual({
      viewAnalytics: true,
      managePolicies: false,
      manageGlobalAnnouncements: false,
      viewManageTags: false,
      manageApplications: false,
      manageFeatures: false,
      manageHomePageTemplates: false,
      viewStructuredPropertiesPage: true,
    });
  });

  it("writes the caller's own appearance settings with updateUserSetting, read back through me", async () => {
    expect((await ok(GET_ME, {}, READER)).me.corpUser.settings).toEqual({
      appearance: { showSimplifiedHomepage: false, showThemeV2: null },
      views: null,
      homePage: null,
    });
    expect(await ok(UPDATE_USER_SETTING, { input: { name: 'SHOW_THEME_V2', value: true } }, READER)).toEqual({
      updateUserSetting: true,
    });
    await ok(UPDATE_USER_SETTING, { input: { name: 'SHOW_SIMPLIFIED_HOMEPAGE', value: true } }, READER);
    expect((await ok(GET_ME, {}, READER)).me.corpUser.settings.appearance).toEqual({
      showSimplifiedHomepage: true,
      showThemeV2: true,
    });
    // The admin's settings are its own.
    expect((await ok(GET_ME)).me.corpUser.settings.appearance.showThemeV2).toBeNull();
    const bad = await gql(UPDATE_USER_SETTING, { input: { name: 'SHOW_NOTHING', value: true } }, READER);
    expect(bad.errors?.[0]?.message).toContain('SHOW_NOTHING');
  });

  it('grants privileges by role, over the platform or a resource; owners get theirs only on what they own', async () => {
    const granted = async (actor: string, resourceUrn?: string, token = ADMIN) =>
      (
        await ok(
          GRANTED,
          {
            input: {
              actorUrn: actor,
              ...(resourceUrn ? { resourceSpec: { resourceType: 'DATASET', resourceUrn } } : {}),
            },
          },
          token,
        )
      ).getGrantedPrivileges.privileges as string[];
    const admin = await granted(urn('corpuser:datahub'));
    expect(admin).toEqual(expect.arrayContaining(['MANAGE_POLICIES', 'EDIT_ENTITY', 'VIEW_ANALYTICS']));
    const readerOwned = await granted(urn('corpuser:reader'), dataset('orders'), READER);
    const readerOther = await granted(urn('corpuser:reader'), dataset('refunds'), READER);
    expect(readerOther).toEqual(expect.arrayContaining(['VIEW_ENTITY_PAGE', 'SEARCH_PRIVILEGE', 'VIEW_ANALYTICS']));
    expect(readerOther).not.toContain('EDIT_ENTITY_TAGS');
    expect(readerOwned).toContain('EDIT_ENTITY_TAGS');
    // A reader may not ask about someone else; an admin may.
    const denied = await gql(GRANTED, { input: { actorUrn: urn('corpuser:datahub') } }, READER);
    expect(denied.errors?.[0]?.extensions.code).toBe(403);
    expect(await granted(urn('corpuser:reader'))).not.toContain('MANAGE_POLICIES');
    const bad = await gql(GRANTED, { input: { actorUrn: 'reader' } });
    expect(bad.errors?.[0]?.message).toContain('input.actorUrn');
  });

  it('counts the entities of each type asked for, in the order asked', async () => {
    const { getEntityCounts } = await ok(COUNTS, { input: { types: ['CHART', 'DATASET', 'DASHBOARD'] } });
    expect(getEntityCounts.counts).toEqual([
      { entityType: 'CHART', count: 1 },
      { entityType: 'DATASET', count: 2 },
      { entityType: 'DASHBOARD', count: 0 },
    ]);
    expect((await ok(COUNTS, {})).getEntityCounts.counts).toEqual([]);
  });

  it('keeps doc propagation and applications settings in the global settings; only an admin changes them', async () => {
    expect((await ok(DOC_PROPAGATION)).docPropagationSettings).toEqual({ docColumnPropagation: true });
    const denied = await gql(UPDATE_DOC_PROPAGATION, { input: { docColumnPropagation: false } }, READER);
    expect(denied.errors?.[0]?.extensions.code).toBe(403);
    expect(await ok(UPDATE_DOC_PROPAGATION, { input: { docColumnPropagation: false } })).toEqual({
      updateDocPropagationSettings: true,
    });
    expect((await ok(DOC_PROPAGATION)).docPropagationSettings).toEqual({ docColumnPropagation: false });
    expect(await ok(UPDATE_APPLICATIONS, { input: { enabled: true } })).toEqual({ updateApplicationsSettings: true });
    expect((await ok(APPLICATIONS)).appConfig.visualConfig.application.showApplicationInNavigation).toBe(true);
    // The views part of the same aspect is kept.
    expect((await ok('{ globalViewsSettings { defaultView } }')).globalViewsSettings).toEqual({ defaultView: null });
  });

  it('answers appConfig anew after each change of the applications setting (its answer is kept until then)', async () => {
    const shown = async () => (await ok(APPLICATIONS)).appConfig.visualConfig.application.showApplicationInNavigation;
    // From the third change on, the answer of the setting's value is one kept from before.
    for (const enabled of [false, true, false, true]) {
      expect(await ok(UPDATE_APPLICATIONS, { input: { enabled } })).toEqual({ updateApplicationsSettings: true });
      expect([await shown(), await shown()]).toEqual([enabled, enabled]);
    }
  });
});
