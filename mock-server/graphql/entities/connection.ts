/**
 * A connection to an external platform (upstream's ConnectionMapper at v1.3.0.1): its kind, name and JSON
 * contents from dataHubConnectionDetails, its platform from dataPlatformInstance. A connection with neither
 * aspect has no record, as upstream's mapper answers null. The mock keeps no secret key: the stored contents are
 * the blob as given, and every caller reads them (upstream decrypts them for callers who may manage connections).
 */
import { objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function connectionRecord(view: EntityView, urn: string): OutputRecord | null {
  const stored = view.aspectsOf(urn);
  const details = stored.aspect('dataHubConnectionDetails');
  const platform = stringOr(stored.aspect('dataPlatformInstance')?.platform);
  if (!details && !platform) return null;
  const json = objectOf(details?.json);
  return view.shapes.record('DataHubConnection', {
    urn,
    type: 'DATAHUB_CONNECTION',
    relationships: relationshipsOf(view, urn),
    platform: () => (platform ? view.entity(platform) : null),
    details: details
      ? view.shapes.record('DataHubConnectionDetails', {
          type: stringOr(details.type),
          name: stringOr(details.name),
          json: json ? view.shapes.record('DataHubJsonConnection', { blob: stringOr(json.encryptedBlob) }) : null,
        })
      : null,
  });
}
