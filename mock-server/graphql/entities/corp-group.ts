/**
 * A group (upstream's CorpGroupMapper): name from the URN, properties and the older `info` from corpGroupInfo
 * (CorpGroupPropertiesMapper, CorpGroupInfoMapper: admins and members each a user of that URN), editableProperties
 * from corpGroupEditableInfo, origin from origin.
 */
import { tryParseUrn, urnLastPart } from '../../../spec/index.js';
import { ownershipRecord } from '../aspect-records.js';
import { stringOr, stringsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { structuredPropertiesRecord } from './catalog-fields.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function corpGroupRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const info = stored.aspect('corpGroupInfo');
  const editable = stored.aspect('corpGroupEditableInfo');
  return view.shapes.record('CorpGroup', {
    urn,
    type: 'CORP_GROUP',
    name: urnLastPart(urn),
    ownership: ownershipRecord(view, stored.aspect('ownership'), urn),
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
    structuredProperties: () => structuredPropertiesRecord(view, stored.aspect('structuredProperties'), urn),
    editableProperties: editable
      ? view.shapes.record('CorpGroupEditableProperties', {
          description: stringOr(editable.description),
          slack: stringOr(editable.slack),
          email: stringOr(editable.email),
          pictureLink: stringOr(editable.pictureLink),
        })
      : null,
    origin: () => {
      const origin = stored.aspect('origin');
      return origin
        ? view.shapes.record('Origin', {
            type: stringOr(origin.type) ?? 'UNKNOWN',
            externalType: stringOr(origin.externalType),
          })
        : null;
    },
    relationships: relationshipsOf(view, urn),
    exists: stored.exists,
  });
}
