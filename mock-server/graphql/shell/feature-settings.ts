/**
 * The organisation's feature settings kept in the global settings (upstream's resolvers/settings/
 * docPropagation/ and resolvers/settings/applications/ at v1.3.0.1):
 * - `docPropagationSettings`: `docPropagation.columnPropagationEnabled`, false when the settings hold no
 *   docPropagation part (upstream's default); a fresh deployment boots it on (boot/global_settings.json);
 * - `updateDocPropagationSettings` sets it, a docPropagation part created enabled as upstream creates it;
 * - `updateApplicationsSettings` sets `applications.enabled`, which `appConfig.visualConfig.application` reads.
 * Both need the right to manage features (an admin); a value left out of the input is left as it is (upstream
 * fails on it with a server error).
 */
import type {
  MutationUpdateApplicationsSettingsArgs,
  MutationUpdateDocPropagationSettingsArgs,
} from '../../../generated/graphql/resolvers.js';
import { authorizePlatform, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { globalSettingsPart, globalSettingsUrn, updateGlobalSettingsPart } from '../global-settings.js';
import type { OutputRecord } from '../records.js';

export function docPropagationSettings(ctx: GraphqlContext, view: EntityView): OutputRecord {
  const settings = globalSettingsPart(ctx, 'docPropagation');
  return view.shapes.record('DocPropagationSettings', {
    docColumnPropagation: settings ? settings.columnPropagationEnabled === true : false,
  });
}

/** The write context of a change of the feature settings: a token that may write and manage features. */
function featureWrite(ctx: GraphqlContext) {
  return authorizePlatform(ctx, ['MANAGE_FEATURES']);
}

export function updateDocPropagationSettings(
  ctx: GraphqlContext,
  { input }: MutationUpdateDocPropagationSettingsArgs,
): boolean {
  const write = featureWrite(ctx);
  updateGlobalSettingsPart(
    ctx,
    'docPropagation',
    (current) => ({
      ...(current ?? { enabled: true }),
      ...(input.docColumnPropagation != null ? { columnPropagationEnabled: input.docColumnPropagation } : {}),
    }),
    write,
  );
  return true;
}

export function updateApplicationsSettings(
  ctx: GraphqlContext,
  { input }: MutationUpdateApplicationsSettingsArgs,
): boolean {
  const write = featureWrite(ctx);
  updateGlobalSettingsPart(
    ctx,
    'applications',
    (current) => ({ ...current, ...(input.enabled != null ? { enabled: input.enabled } : {}) }),
    write,
  );
  return true;
}
