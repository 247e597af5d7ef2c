/**
 * `appConfig` (upstream's AppConfigResolver at v1.3.0.1): the configuration of quickstart-config.ts, the
 * privileges a policy may grant (../caller/privileges.ts), and whether applications show in the navigation,
 * which the global settings' `applications.enabled` decides (false when unset). Identity management is always
 * on, as upstream's. The records are built once per store and reused; only the applications part is read per
 * request (one aspect read, when the query selects the visual config), so the app's first query costs nothing to speak of.
 */
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { globalSettingsPart } from '../global-settings.js';
import type { OutputRecord, RecordShapes } from '../records.js';
import {
  PLATFORM_PRIVILEGES,
  PRIVILEGE_DESCRIPTIONS,
  PRIVILEGE_NAMES,
  RESOURCE_PRIVILEGES,
} from '../caller/privileges.js';
import { QUICKSTART_CONFIG as CONFIG } from './quickstart-config.js';

function privilegeRecord(shapes: RecordShapes, type: string): OutputRecord {
  return shapes.record('Privilege', {
    type,
    displayName: PRIVILEGE_NAMES[type] ?? null,
    description: PRIVILEGE_DESCRIPTIONS[type] ?? null,
  });
}

/** What does not change while the mock runs: every part but the visual config's applications. */
function fixedParts(shapes: RecordShapes): Record<string, unknown> {
  const enabled = (type: string, value: boolean) => shapes.record(type, { enabled: value });
  return {
    appVersion: CONFIG.appVersion,
    authConfig: shapes.record('AuthConfig', { tokenAuthEnabled: CONFIG.tokenAuthEnabled }),
    analyticsConfig: enabled('AnalyticsConfig', CONFIG.analyticsEnabled),
    policiesConfig: shapes.record('PoliciesConfig', {
      enabled: CONFIG.policiesEnabled,
      platformPrivileges: PLATFORM_PRIVILEGES.map((type) => privilegeRecord(shapes, type)),
      resourcePrivileges: RESOURCE_PRIVILEGES.map((group) =>
        shapes.record('ResourcePrivileges', {
          resourceType: group.resourceType,
          resourceTypeDisplayName: group.displayName,
          entityType: group.entityType,
          privileges: group.privileges.map((type) => privilegeRecord(shapes, type)),
        }),
      ),
    }),
    identityManagementConfig: enabled('IdentityManagementConfig', true),
    managedIngestionConfig: enabled('ManagedIngestionConfig', CONFIG.managedIngestionEnabled),
    lineageConfig: shapes.record('LineageConfig', { supportsImpactAnalysis: CONFIG.supportsImpactAnalysis }),
    telemetryConfig: shapes.record('TelemetryConfig', { enableThirdPartyLogging: CONFIG.enableThirdPartyLogging }),
    testsConfig: enabled('TestsConfig', CONFIG.testsEnabled),
    viewsConfig: enabled('ViewsConfig', CONFIG.viewsEnabled),
    searchBarConfig: shapes.record('SearchBarConfig', { apiVariant: CONFIG.searchBarApiVariant }),
    searchCardConfig: shapes.record('SearchCardConfig', { showDescription: CONFIG.searchCardShowDescription }),
    featureFlags: shapes.record('FeatureFlagsConfig', { ...CONFIG.featureFlags }),
    chromeExtensionConfig: shapes.record('ChromeExtensionConfig', { ...CONFIG.chromeExtension }),
    homePageConfig: shapes.record('HomePageConfig', { firstInPersonalSidebar: CONFIG.firstInPersonalSidebar }),
  };
}

function visualConfig(shapes: RecordShapes, applicationsEnabled: boolean): OutputRecord {
  const { visual } = CONFIG;
  return shapes.record('VisualConfig', {
    logoUrl: visual.logoUrl,
    faviconUrl: visual.faviconUrl,
    appTitle: visual.appTitle,
    hideGlossary: visual.hideGlossary,
    showFullTitleInLineage: visual.showFullTitleInLineage,
    queriesTab: shapes.record('QueriesTabConfig', { queriesTabResultSize: visual.queriesTabResultSize }),
    entityProfiles: shapes.record('EntityProfilesConfig', {
      domain: shapes.record('EntityProfileConfig', { defaultTab: visual.domainDefaultTab }),
    }),
    searchResult: shapes.record('SearchResultsVisualConfig', { enableNameHighlight: visual.enableNameHighlight }),
    theme: shapes.record('ThemeConfig', { themeId: visual.themeId }),
    application: shapes.record('ApplicationConfig', {
      showSidebarSectionWhenEmpty: applicationsEnabled,
      showApplicationInNavigation: applicationsEnabled,
    }),
  });
}

const fixed = new WeakMap<RecordShapes, Record<string, unknown>>();

/** Whether the global settings show applications in the navigation: the one stored value the answer reads. */
const applicationsEnabled = (ctx: GraphqlContext): boolean => globalSettingsPart(ctx, 'applications')?.enabled === true;

/**
 * What `appConfig`'s answer to a document depends on besides the document: the applications setting alone
 * (upstream's AppConfigResolver reads the global settings, not the caller). The endpoint keeps the answer
 * under it, so a write of the global settings gives the next request a new one.
 */
export function appConfigInputs(ctx: GraphqlContext): string {
  return `applications ${applicationsEnabled(ctx)}`;
}

export function appConfig(ctx: GraphqlContext, view: EntityView): OutputRecord {
  let parts = fixed.get(view.shapes);
  if (!parts) fixed.set(view.shapes, (parts = fixedParts(view.shapes)));
  return view.shapes.record('AppConfig', {
    ...parts,
    visualConfig: () => visualConfig(view.shapes, applicationsEnabled(ctx)),
  });
}
