/**
 * A data platform (upstream's DataPlatformMapper): its name from the URN, properties and the older `info`
 * from dataPlatformInfo (DataPlatformPropertiesMapper, DataPlatformInfoMapper), the same values.
 */
import { urnLastPart } from '../../../spec/index.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function dataPlatformRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const info = stored.aspect('dataPlatformInfo');
  const displayName = stringOr(info?.displayName);
  const infoRecord = (typeName: string) => () =>
    info
      ? view.shapes.record(typeName, {
          type: stringOr(info.type),
          displayName,
          datasetNameDelimiter: stringOr(info.datasetNameDelimiter) ?? '',
          logoUrl: stringOr(info.logoUrl),
        })
      : null;
  return view.shapes.record('DataPlatform', {
    urn,
    type: 'DATA_PLATFORM',
    lastIngested: () => stored.lastIngested(),
    name: urnLastPart(urn),
    properties: infoRecord('DataPlatformProperties'),
    info: infoRecord('DataPlatformInfo'),
    displayName,
    relationships: relationshipsOf(view, urn),
  });
}
