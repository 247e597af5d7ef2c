/**
 * A tag (upstream's TagMapper): properties from tagProperties, the name falling back to the URN's id; ownership and
 * the raw aspects with the shared page fields.
 */
import { urnLastPart } from '../../../spec/index.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

export function tagRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const properties = stored.aspect('tagProperties');
  const description = stringOr(properties?.description);
  return view.shapes.recordWithShared('Tag', pageFields(view, urn, stored), {
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
    description,
  });
}
