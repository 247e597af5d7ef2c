/**
 * What a fresh v1.3.0.1 deployment boots for the V2 home page and the organisation's settings, described in the
 * mock's own words from upstream's bootstrap files (metadata-service/configuration/src/main/resources/
 * bootstrap_mcps/page-templates.yaml and page-modules.yaml, and metadata-service/war/src/main/resources/boot/
 * global_settings.json):
 * - the global default home page template `home_default_1`: one row with the caller's own assets, one with the
 *   domains;
 * - the six global page modules the app places on home pages and asset summaries;
 * - the global settings: no default view, documentation propagation on (columns too), and that template as the
 *   home page's default.
 * Written into every fresh store and every loaded scenario, sample or not, as the system ownership types are.
 */
import { makeUrn, type Contract } from '../../spec/index.js';
import { systemActor } from '../store/entity-urn.js';
import type { StartupProposal } from './startup-data.js';

const DEFAULT_TEMPLATE = 'home_default_1';

/** The page modules upstream boots: id, title and kind; none has parameters. */
const MODULES: readonly { id: string; name: string; type: string }[] = [
  { id: 'your_assets', name: 'Your Assets', type: 'OWNED_ASSETS' },
  { id: 'top_domains', name: 'Domains', type: 'DOMAINS' },
  { id: 'assets', name: 'Assets', type: 'ASSETS' },
  { id: 'child_hierarchy', name: 'Children', type: 'CHILD_HIERARCHY' },
  { id: 'data_products', name: 'Data Products', type: 'DATA_PRODUCTS' },
  { id: 'related_terms', name: 'Related Terms', type: 'RELATED_TERMS' },
];

/** The rows of the default template, top first, by module id. */
const TEMPLATE_ROWS: readonly (readonly string[])[] = [['your_assets'], ['top_domains']];

/** Stamped with the reference time (`reference-day.ts`), never the clock, so every fresh store of one reference day has the same digest. */
export function systemHomePage(contract: Contract, referenceTime: number): StartupProposal[] {
  const prefix = contract.names.urnPrefix;
  const stamp = { time: referenceTime, actor: systemActor(contract) };
  const moduleUrn = (id: string) => makeUrn(prefix, 'dataHubPageModule', [id]);
  const templateUrn = makeUrn(prefix, 'dataHubPageTemplate', [DEFAULT_TEMPLATE]);
  return [
    ...MODULES.map(({ id, name, type }) => ({
      entityType: 'dataHubPageModule',
      entityUrn: moduleUrn(id),
      changeType: 'UPSERT',
      aspectName: 'dataHubPageModuleProperties',
      aspect: { name, type, visibility: { scope: 'GLOBAL' }, params: {}, created: stamp, lastModified: stamp },
    })),
    {
      entityType: 'dataHubPageTemplate',
      entityUrn: templateUrn,
      changeType: 'UPSERT',
      aspectName: 'dataHubPageTemplateProperties',
      aspect: {
        rows: TEMPLATE_ROWS.map((ids) => ({ modules: ids.map(moduleUrn) })),
        surface: { surfaceType: 'HOME_PAGE' },
        visibility: { scope: 'GLOBAL' },
        created: stamp,
        lastModified: stamp,
      },
    },
    {
      entityType: 'globalSettings',
      entityUrn: makeUrn(prefix, 'globalSettings', ['0']),
      changeType: 'UPSERT',
      aspectName: 'globalSettingsInfo',
      aspect: {
        views: {},
        docPropagation: { enabled: true, columnPropagationEnabled: true },
        homePage: { defaultTemplate: templateUrn },
      },
    },
  ];
}
