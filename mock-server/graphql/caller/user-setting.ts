/**
 * `updateUserSetting` (upstream's UpdateUserSettingResolver at v1.3.0.1): sets one flag of the caller's own
 * corpUserSettings.appearance (`showSimplifiedHomepage` or `showThemeV2`), the rest of the settings kept. A user
 * without settings gets them with `showSimplifiedHomepage` false, as upstream creates them. Any caller with a
 * token sets their own.
 */
import type { MutationUpdateUserSettingArgs } from '../../../generated/graphql/resolvers.js';
import { writeContext } from '../../handlers/context.js';
import { callerOf, type GraphqlContext } from '../context.js';
import { objectOf } from '../json-values.js';

/** The appearance flag each setting names. */
const APPEARANCE_FLAG: Readonly<Record<string, string>> = {
  SHOW_SIMPLIFIED_HOMEPAGE: 'showSimplifiedHomepage',
  SHOW_THEME_V2: 'showThemeV2',
};

export function updateUserSetting(ctx: GraphqlContext, { input }: MutationUpdateUserSettingArgs): boolean {
  const caller = callerOf(ctx, true);
  const write = writeContext(caller);
  const flag = APPEARANCE_FLAG[input.name]!;
  ctx.store.transaction(() => {
    const settings = ctx.store.getAspect(caller.user, 'corpUserSettings', 0)?.value ?? {
      appearance: { showSimplifiedHomepage: false },
    };
    const appearance = { ...objectOf(settings.appearance), [flag]: input.value };
    ctx.store.upsertAspect(
      'corpuser',
      caller.user,
      'corpUserSettings',
      { ...settings, appearance },
      {
        ...write,
        valueRoot: 'input',
      },
    );
  });
  return true;
}
