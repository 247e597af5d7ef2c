/**
 * A group (upstream's CorpGroupMapper): name from the URN, properties and the older `info` from corpGroupInfo
 * (CorpGroupPropertiesMapper, CorpGroupInfoMapper: admins and members each a user of that URN), editableProperties
 * from corpGroupEditableInfo, `origin` from the origin aspect (UNKNOWN without it, as CorpGroupMapper answers);
 * ownership, structured properties, forms and the raw aspects with the shared page fields.
 */
import { tryParseUrn, urnLastPart } from '../../../spec/index.js';
import { stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

const ORIGIN_TYPES = new Set(['NATIVE', 'EXTERNAL', 'UNKNOWN']);

/** The group's origin aspect as an Origin; UNKNOWN without the aspect or its type. */
function originRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord {
  const type = stringOr(aspect?.type);
  return view.shapes.record('Origin', {
    type: type && ORIGIN_TYPES.has(type) ? type : 'UNKNOWN',
    externalType: stringOr(aspect?.externalType),
  });
}

export function corpGroupRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const info = stored.aspect('corpGroupInfo');
  const editable = stored.aspect('corpGroupEditableInfo');
  return view.shapes.recordWithShared('CorpGroup', pageFields(view, urn, stored), {
    urn,
    type: 'CORP_GROUP',
    name: urnLastPart(urn),
    properties: info
      ? view.shapes.record('CorpGroupProperties', {
          displayName: stringOr(info.displayName),
          description: stringOr(info.description),
          email: stringOr(info.email),
          slack: stringOr(info.slack),
        })
      : null,
    info: () => {
      if (!info) return null;
      const users = (value: unknown) =>
        Array.isArray(value)
          ? () =>
              stringsOf(value)
                .filter((user) => tryParseUrn(user)?.entityType === 'corpuser')
                .map((user) => view.corpUser(user))
          : null;
      return view.shapes.record('CorpGroupInfo', {
        displayName: stringOr(info.displayName),
        description: stringOr(info.description),
        email: stringOr(info.email),
        admins: users(info.admins),
        members: users(info.members),
        groups: Array.isArray(info.groups) ? stringsOf(info.groups) : null,
      });
    },
    editableProperties: editable
      ? view.shapes.record('CorpGroupEditableProperties', {
          description: stringOr(editable.description),
          slack: stringOr(editable.slack),
          email: stringOr(editable.email),
          pictureLink: stringOr(editable.pictureLink),
        })
      : null,
    origin: () => originRecord(view, stored.aspect('origin')),
  });
}
