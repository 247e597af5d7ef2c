/**
 * A user (upstream's CorpUserMapper): username from the URN, properties and the older `info` from
 * corpUserInfo (CorpUserPropertiesMapper, CorpUserInfoMapper), editableProperties and the older
 * `editableInfo` from corpUserEditableInfo (CorpUserEditableInfoMapper), settings from corpUserSettings; tags (also
 * as the older `globalTags`), structured properties, forms and the raw aspects with the shared page fields.
 */
import { tryParseUrn, urnLastPart } from '../../../spec/index.js';
import { customPropertiesRecords } from '../aspect-records.js';
import { booleanOr, numberOr, objectOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

const text = (value: JsonObject, keys: string[]): Record<string, string | null> =>
  Object.fromEntries(keys.map((key) => [key, stringOr(value[key])]));

export function corpUserRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const info = stored.aspect('corpUserInfo');
  const editable = stored.aspect('corpUserEditableInfo');
  const manager = stringOr(info?.managerUrn);
  // Upstream maps corpUserInfo twice: as `properties` and as the older `info`, the same values.
  const infoFields = (typeName: string) => () =>
    info
      ? view.shapes.record(typeName, {
          active: info.active === true,
          ...text(info, [
            'displayName',
            'email',
            'title',
            'departmentName',
            'firstName',
            'lastName',
            'fullName',
            'countryCode',
          ]),
          manager: () => (manager ? view.corpUser(manager) : null),
          departmentId: numberOr(info.departmentId),
          customProperties: customPropertiesRecords(view, info.customProperties, urn),
        })
      : null;
  const editableFields = ['displayName', 'title', 'aboutMe', 'pictureLink'];
  const lists = (value: JsonObject) => ({
    teams: Array.isArray(value.teams) ? stringsOf(value.teams) : null,
    skills: Array.isArray(value.skills) ? stringsOf(value.skills) : null,
  });
  return view.shapes.recordWithShared('CorpUser', pageFields(view, urn, stored), {
    urn,
    type: 'CORP_USER',
    username: urnLastPart(urn),
    properties: infoFields('CorpUserProperties'),
    info: infoFields('CorpUserInfo'),
    editableProperties: () => {
      if (!editable) return null;
      const persona = stringOr(editable.persona);
      return view.shapes.record('CorpUserEditableProperties', {
        ...text(editable, [...editableFields, 'slack', 'phone', 'email']),
        ...lists(editable),
        persona: persona ? view.shapes.record('DataHubPersona', { urn: persona }) : null,
        platforms: () =>
          Array.isArray(editable.platforms)
            ? stringsOf(editable.platforms)
                .filter((platform) => tryParseUrn(platform)?.entityType === 'dataPlatform')
                .map((platform) => view.dataPlatform(platform))
            : null,
      });
    },
    editableInfo: () =>
      editable
        ? view.shapes.record('CorpUserEditableInfo', { ...text(editable, editableFields), ...lists(editable) })
        : null,
    // The statuses the schema declares; any other stored text has no value to show.
    status: ['ACTIVE', 'SUSPENDED'].includes(String(stored.aspect('corpUserStatus')?.status))
      ? stored.aspect('corpUserStatus')?.status
      : null,
    isNativeUser: stored.aspect('corpUserCredentials') !== undefined,
    settings: () => settingsRecord(view, stored.aspect('corpUserSettings')),
  });
}

/**
 * A user's settings as upstream's CorpUserMapper maps them: the appearance always (showSimplifiedHomepage
 * false unless set, showThemeV2 null unless set), the views and the home page only once the user set them,
 * their default view and page template an entity when it exists.
 */
function settingsRecord(view: EntityView, settings: JsonObject | undefined): OutputRecord {
  const appearance = objectOf(settings?.appearance);
  const views = objectOf(settings?.views);
  const defaultView = stringOr(views?.defaultView);
  const homePage = objectOf(settings?.homePage);
  const pageTemplate = stringOr(homePage?.pageTemplate);
  return view.shapes.record('CorpUserSettings', {
    appearance: view.shapes.record('CorpUserAppearanceSettings', {
      showSimplifiedHomepage: appearance?.showSimplifiedHomepage === true,
      showThemeV2: booleanOr(appearance?.showThemeV2),
    }),
    views: views
      ? view.shapes.record('CorpUserViewsSettings', {
          defaultView: () => (defaultView ? view.entity(defaultView) : null),
        })
      : null,
    homePage: homePage
      ? view.shapes.record('CorpUserHomePageSettings', {
          pageTemplate: () => (pageTemplate ? view.entity(pageTemplate) : null),
          dismissedAnnouncementUrns: stringsOf(homePage.dismissedAnnouncementUrns),
        })
      : null,
  });
}
