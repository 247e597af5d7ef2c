/** A group (upstream's CorpGroupMapper): name from the URN, properties from corpGroupInfo and corpGroupEditableInfo. */
import { urnLastPart } from '../../../spec/index.js';
import { ownershipRecord } from '../aspect-records.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
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
    editableProperties: editable
      ? view.shapes.record('CorpGroupEditableProperties', {
          description: stringOr(editable.description),
          slack: stringOr(editable.slack),
          email: stringOr(editable.email),
          pictureLink: stringOr(editable.pictureLink),
        })
      : null,
    relationships: relationshipsOf(view, urn),
    exists: stored.exists,
  });
}
