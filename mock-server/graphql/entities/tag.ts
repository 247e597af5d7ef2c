/**
 * A tag (upstream's TagMapper): properties from tagProperties, the name falling back to the URN's id; ownership and
 * the raw aspects with the shared page fields.
 */
import { urnLastPart } from '../../../spec/index.js';
import { stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { entityOf } from './catalog-fields.js';
import { PAGE_METHODS } from './page-fields.js';

const propertiesOf = (record: OutputRecord): JsonObject | undefined => entityOf(record).stored.aspect('tagProperties');

/** A tag's own fields beside the page's, as methods of its records: each reads tagProperties when selected. */
const TAG_METHODS = {
  ...PAGE_METHODS,
  properties(this: OutputRecord) {
    const properties = propertiesOf(this);
    return properties
      ? entityOf(this).view.shapes.record('TagProperties', {
          name: stringOr(properties.name) ?? (this.name as string),
          description: stringOr(properties.description),
          colorHex: stringOr(properties.colorHex),
        })
      : null;
  },
  editableProperties(this: OutputRecord) {
    const properties = propertiesOf(this);
    return properties
      ? entityOf(this).view.shapes.record('EditableTagProperties', {
          name: stringOr(properties.name),
          description: stringOr(properties.description),
        })
      : null;
  },
  description(this: OutputRecord) {
    return stringOr(propertiesOf(this)?.description);
  },
};

export function tagRecord(view: EntityView, urn: string): OutputRecord {
  return view.shapes.recordWithShared(
    'Tag',
    { methods: TAG_METHODS, state: { view, urn, stored: view.aspectsOf(urn) } },
    { urn, type: 'TAG', name: urnLastPart(urn) },
  );
}
