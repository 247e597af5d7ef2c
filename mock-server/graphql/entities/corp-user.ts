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
import { entityOf } from './catalog-fields.js';
import { PAGE_METHODS } from './page-fields.js';

const text = (value: JsonObject, keys: string[]): Record<string, string | null> =>
  Object.fromEntries(keys.map((key) => [key, stringOr(value[key])]));

/** corpUserInfo as a record of `typeName`: upstream maps it twice, as `properties` and as the older `info`. */
function infoRecord(record: OutputRecord, typeName: string): OutputRecord | null {
  const { view, urn, stored } = entityOf(record);
  const info = stored.aspect('corpUserInfo');
  if (!info) return null;
  const manager = stringOr(info.managerUrn);
  return view.shapes.record(typeName, {
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
  });
}

const EDITABLE_FIELDS = ['displayName', 'title', 'aboutMe', 'pictureLink'];
const lists = (value: JsonObject) => ({
  teams: Array.isArray(value.teams) ? stringsOf(value.teams) : null,
  skills: Array.isArray(value.skills) ? stringsOf(value.skills) : null,
});
/** The statuses the schema declares; any other stored text has no value to show. */
const STATUSES = ['ACTIVE', 'SUSPENDED'];

/** A user's own fields beside the page's, as methods of its records: a user named as an actor reads no aspect. */
const CORP_USER_METHODS = {
  ...PAGE_METHODS,
  properties(this: OutputRecord) {
    return infoRecord(this, 'CorpUserProperties');
  },
  info(this: OutputRecord) {
    return infoRecord(this, 'CorpUserInfo');
  },
  editableProperties(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    const editable = stored.aspect('corpUserEditableInfo');
    if (!editable) return null;
    const persona = stringOr(editable.persona);
    return view.shapes.record('CorpUserEditableProperties', {
      ...text(editable, [...EDITABLE_FIELDS, 'slack', 'phone', 'email']),
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
  editableInfo(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    const editable = stored.aspect('corpUserEditableInfo');
    return editable
      ? view.shapes.record('CorpUserEditableInfo', { ...text(editable, EDITABLE_FIELDS), ...lists(editable) })
      : null;
  },
  status(this: OutputRecord) {
    const status = entityOf(this).stored.aspect('corpUserStatus')?.status;
    return STATUSES.includes(String(status)) ? status : null;
  },
  isNativeUser(this: OutputRecord) {
    return entityOf(this).stored.aspect('corpUserCredentials') !== undefined;
  },
  settings(this: OutputRecord) {
    const { view, stored } = entityOf(this);
    return settingsRecord(view, stored.aspect('corpUserSettings'));
  },
};

export function corpUserRecord(view: EntityView, urn: string): OutputRecord {
  return view.shapes.recordWithShared(
    'CorpUser',
    { methods: CORP_USER_METHODS, state: { view, urn, stored: view.aspectsOf(urn) } },
    { urn, type: 'CORP_USER', username: urnLastPart(urn) },
  );
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
