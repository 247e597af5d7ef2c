/**
 * The organisation's settings: globalSettingsInfo of the one global settings entity (upstream's SettingsService,
 * `<prefix>globalSettings:0`), read whole and written back with one of its parts replaced, as upstream's
 * settings resolvers read, modify and write it. A fresh deployment boots it (../ingest/system-home-page.ts).
 */
import { makeUrn } from '../../spec/index.js';
import type { WriteContext } from '../store/types.js';
import type { GraphqlContext } from './context.js';
import { objectOf, type JsonObject } from './json-values.js';

const ASPECT = 'globalSettingsInfo';

export const globalSettingsUrn = (ctx: GraphqlContext): string =>
  makeUrn(ctx.contract.names.urnPrefix, 'globalSettings', ['0']);

/** One part of the global settings (`views`, `docPropagation`, `homePage`, `applications`); undefined when unset. */
export function globalSettingsPart(ctx: GraphqlContext, part: string): JsonObject | undefined {
  return objectOf(ctx.store.getAspect(globalSettingsUrn(ctx), ASPECT, 0)?.value[part]);
}

/** Replaces one part of the global settings with what `change` makes of it (undefined when unset), in one transaction. */
export function updateGlobalSettingsPart(
  ctx: GraphqlContext,
  part: string,
  change: (current: JsonObject | undefined) => JsonObject,
  write: WriteContext,
): void {
  const urn = globalSettingsUrn(ctx);
  ctx.store.transaction(() => {
    const settings = ctx.store.getAspect(urn, ASPECT, 0)?.value ?? {};
    const next = { ...settings, [part]: change(objectOf(settings[part])) };
    ctx.store.upsertAspect('globalSettings', urn, ASPECT, next, { ...write, valueRoot: 'input' });
  });
}
