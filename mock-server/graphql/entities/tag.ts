/** A tag (upstream's TagMapper): properties from tagProperties, the name falling back to the URN's id. */
import { urnLastPart } from '../../../spec/index.js';
import { ownershipRecord } from '../aspect-records.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function tagRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const properties = stored.aspect('tagProperties');
  const description = stringOr(properties?.description);
  return view.shapes.record('Tag', {
    urn,
    type: 'TAG',
    name: urnLastPart(urn),
    properties: properties
      ? view.shapes.record('TagProperties', {
          name: stringOr(properties.name) ?? urnLastPart(urn),
          description,
          colorHex: stringOr(properties.colorHex),
        })
      : null,
    editableProperties: properties
      ? view.shapes.record('EditableTagProperties', { name: stringOr(properties.name), description })
      : null,
    ownership: ownershipRecord(view, stored.aspect('ownership'), urn),
    relationships: relationshipsOf(view, urn),
    description,
  });
}
