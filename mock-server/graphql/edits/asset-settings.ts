/**
 * updateAssetSettings (upstream's UpdateAssetSettingsResolver under resolvers/settings/asset/,
 * datahub-graphql-core at v1.3.0.1): with a summary, the asset's assetSettings aspect gets that one summary
 * template (`assetSummary.templates: [{template}]`); the aspect is written and answered as stored. The asset
 * must be of a type that has asset settings, and the template a page template that exists (upstream takes any
 * URN; the mock refuses one that names nothing, as the app could not show it).
 */
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf, objectsOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, storedCopy, writeAspect } from './resources.js';

export function updateAssetSettings(
  ctx: GraphqlContext,
  view: EntityView,
  input: { urn: string; summary?: { template: string } | null },
): OutputRecord {
  const write = authorizeAll(ctx, [input.urn]);
  const { entity } = targetUrn(ctx, input.urn);
  if (!entity.aspects.includes('assetSettings'))
    throw badRequestError(`input.urn: ${entity.name} entities have no asset settings (${input.urn})`);
  const settings = storedCopy(ctx, input.urn, 'assetSettings');
  if (input.summary) {
    const template = input.summary.template;
    targetUrn(ctx, template, 'dataHubPageTemplate');
    if (!ctx.store.entityExists(template)) throw badRequestError(`input.summary.template: ${template} does not exist`);
    settings.assetSummary = { templates: [{ template }] };
  }
  ctx.store.transaction(() => writeAspect(ctx, input.urn, 'assetSettings', settings, write));
  const templates = objectsOf(objectOf(settings.assetSummary)?.templates).map((t) =>
    view.shapes.record('AssetSummarySettingsTemplate', {
      template: () => {
        const urn = stringOr(t.template);
        return urn ? view.entity(urn) : null;
      },
    }),
  );
  return view.shapes.record('AssetSettings', {
    assetSummary: settings.assetSummary ? view.shapes.record('AssetSummarySettings', { templates }) : null,
  });
}
