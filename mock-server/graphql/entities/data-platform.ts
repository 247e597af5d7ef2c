/**
 * A data platform (upstream's DataPlatformMapper): its name from the URN, properties and the older `info`
 * from dataPlatformInfo (DataPlatformPropertiesMapper, DataPlatformInfoMapper), the same values.
 */
import { urnLastPart } from '../../../spec/index.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { entityOf } from './catalog-fields.js';
import { relationshipsOf, type RelationshipsInput } from './edges.js';
import type { EntityView } from './entity-view.js';

/** dataPlatformInfo as a record of `typeName`: upstream maps it twice, as `properties` and as the older `info`. */
function infoRecord(record: OutputRecord, typeName: string): OutputRecord | null {
  const { view, stored } = entityOf(record);
  const info = stored.aspect('dataPlatformInfo');
  return info
    ? view.shapes.record(typeName, {
        type: stringOr(info.type),
        displayName: stringOr(info.displayName),
        datasetNameDelimiter: stringOr(info.datasetNameDelimiter) ?? '',
        logoUrl: stringOr(info.logoUrl),
      })
    : null;
}

/** A platform's fields, as methods of its records: each reads the platform's info when the query selects it. */
const DATA_PLATFORM_METHODS = {
  lastIngested(this: OutputRecord) {
    return entityOf(this).stored.lastIngested();
  },
  properties(this: OutputRecord) {
    return infoRecord(this, 'DataPlatformProperties');
  },
  info(this: OutputRecord) {
    return infoRecord(this, 'DataPlatformInfo');
  },
  displayName(this: OutputRecord) {
    return stringOr(entityOf(this).stored.aspect('dataPlatformInfo')?.displayName);
  },
  relationships(this: OutputRecord, args: { input: RelationshipsInput }) {
    const { view, urn } = entityOf(this);
    return relationshipsOf(view, urn)(args);
  },
};

export function dataPlatformRecord(view: EntityView, urn: string): OutputRecord {
  return view.shapes.recordWithShared(
    'DataPlatform',
    { methods: DATA_PLATFORM_METHODS, state: { view, urn, stored: view.aspectsOf(urn) } },
    { urn, type: 'DATA_PLATFORM', name: urnLastPart(urn) },
  );
}
