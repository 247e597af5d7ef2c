/**
 * `globalHomePageSettings` (upstream's GlobalHomePageSettingsResolver at v1.3.0.1): the global settings'
 * `homePage.defaultTemplate`, the page template every user's home page starts from; null when none is set or
 * no such template is stored. A user's own template is their corpUserSettings.homePage (CorpUser.settings).
 */
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { globalSettingsPart } from '../global-settings.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';

export function globalHomePageSettings(ctx: GraphqlContext, view: EntityView): OutputRecord {
  const template = stringOr(globalSettingsPart(ctx, 'homePage')?.defaultTemplate);
  return view.shapes.record('GlobalHomePageSettings', {
    defaultTemplate: () => (template ? view.entity(template) : null),
  });
}
