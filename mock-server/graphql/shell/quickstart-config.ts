/**
 * What a DataHub v1.3.0.1 quickstart configures, as `appConfig` answers it: in one place, so a team can see the
 * values and change them. Each value is the default of upstream's
 * metadata-service/configuration/src/main/resources/application.yaml, unless the quickstart's compose file
 * (docker/profiles/docker-compose.gms.yml, `x-datahub-gms-service`) sets its environment variable, which the
 * comment names. `appConfig` (app-config.ts) reads it as upstream's AppConfigResolver reads its configuration.
 */
export const QUICKSTART_CONFIG = {
  /** The release the mock follows (spec/entities.yaml's `release`). */
  appVersion: 'v1.3.0.1',
  /** authentication.enabled (METADATA_SERVICE_AUTH_ENABLED, true in the quickstart). */
  tokenAuthEnabled: true,
  /** platformAnalytics.enabled (DATAHUB_ANALYTICS_ENABLED). */
  analyticsEnabled: true,
  /** authorization.defaultAuthorizer.enabled. */
  policiesEnabled: true,
  /** ingestion.enabled. */
  managedIngestionEnabled: true,
  /** The lineage search across hops (`searchAcrossLineage`) is served; upstream's is on with Elasticsearch's graph. */
  supportsImpactAnalysis: true,
  visual: {
    logoUrl: 'assets/platforms/datahublogo.png',
    faviconUrl: 'assets/icons/favicon.ico',
    /** REACT_APP_TITLE is empty by default, and upstream passes the empty text on. */
    appTitle: '',
    hideGlossary: false,
    showFullTitleInLineage: false,
    queriesTabResultSize: 5,
    /** DOMAIN_DEFAULT_TAB is empty by default (the app's own order), and upstream passes the empty text on. */
    domainDefaultTab: '',
    enableNameHighlight: true,
    /** REACT_APP_CUSTOM_THEME_ID is empty by default: upstream answers an empty theme id. */
    themeId: '',
  },
  /** telemetry.enableThirdPartyLogging. */
  enableThirdPartyLogging: false,
  /** metadataTests.enabled. */
  testsEnabled: false,
  /** views.enabled. */
  viewsEnabled: true,
  /** searchBar.apiVariant (SEARCH_BAR_API_VARIANT=SEARCH_ACROSS_ENTITIES in the quickstart). */
  searchBarApiVariant: 'SEARCH_ACROSS_ENTITIES',
  /** searchCard.showDescription. */
  searchCardShowDescription: false,
  /** homePage.firstInPersonalSidebar. */
  firstInPersonalSidebar: 'YOUR_ASSETS',
  chromeExtension: { enabled: true, lineageEnabled: true },
  /** featureFlags.*, by the name FeatureFlagsConfig gives each. */
  featureFlags: {
    readOnlyModeEnabled: false,
    showSearchFiltersV2: true,
    showBrowseV2: true,
    platformBrowseV2: true,
    lineageGraphV2: true,
    showAcrylInfo: false,
    erModelRelationshipFeatureEnabled: false,
    showAccessManagement: false,
    nestedDomainsEnabled: true,
    businessAttributeEntityEnabled: false,
    dataContractsEnabled: true,
    editableDatasetNameEnabled: false,
    themeV2Enabled: true,
    /** THEME_V2_DEFAULT=true in the quickstart (and the application.yaml default). */
    themeV2Default: true,
    themeV2Toggleable: true,
    schemaFieldCLLEnabled: false,
    showSeparateSiblings: false,
    showManageStructuredProperties: true,
    hideDbtSourceInLineage: false,
    schemaFieldLineageIgnoreStatus: true,
    showNavBarRedesign: true,
    showAutoCompleteResults: true,
    /** featureFlags.entityVersioning (ENTITY_VERSIONING_ENABLED=true in the quickstart). */
    entityVersioningEnabled: true,
    /** SHOW_HAS_SIBLINGS_FILTER=true in the quickstart. */
    showHasSiblingsFilter: true,
    /** SHOW_SEARCH_BAR_AUTOCOMPLETE_REDESIGN=true in the quickstart. */
    showSearchBarAutocompleteRedesign: true,
    showManageTags: true,
    showIntroducePage: true,
    /** SHOW_INGESTION_PAGE_REDESIGN=true in the quickstart. */
    showIngestionPageRedesign: true,
    showLineageExpandMore: true,
    showStatsTabRedesign: true,
    /** SHOW_HOME_PAGE_REDESIGN=true in the quickstart: the home page of page templates and modules. */
    showHomePageRedesign: true,
    showDefaultExternalLinks: true,
    showProductUpdates: true,
    lineageGraphV3: false,
    logicalModelsEnabled: false,
    showHomepageUserRole: false,
    assetSummaryPageV1: false,
  },
} as const;
