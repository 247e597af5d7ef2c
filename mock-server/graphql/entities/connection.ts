/**
 * A connection to another platform as upstream's ConnectionMapper maps it
 * (datahub-graphql-core/.../resolvers/connection/ConnectionMapper.java, v1.3.0.1): no record unless the entity
 * has both dataHubConnectionDetails and dataPlatformInstance; the details' type and name, its JSON settings
 * decrypted (../secret-service.ts), and the platform. Whether the caller may see the settings is the caller
 * family's check (../caller/, upstream's ConnectionUtils.canManageConnections).
 */
import { objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { decryptSecret } from '../secret-service.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function connectionRecord(view: EntityView, urn: string): OutputRecord | null {
  const stored = view.aspectsOf(urn);
  const details = stored.aspect('dataHubConnectionDetails');
  const instance = stored.aspect('dataPlatformInstance');
  if (!details || !instance) return null;
  const json = objectOf(details.json);
  const platform = stringOr(instance.platform);
  return view.shapes.record('DataHubConnection', {
    urn,
    type: 'DATAHUB_CONNECTION',
    details: view.shapes.record('DataHubConnectionDetails', {
      type: stringOr(details.type),
      json: json
        ? () => {
            const encrypted = stringOr(json.encryptedBlob);
            return encrypted === null
              ? null
              : view.shapes.record('DataHubJsonConnection', { blob: decryptSecret(encrypted) });
          }
        : null,
      name: stringOr(details.name),
    }),
    platform: () => (platform ? view.dataPlatform(platform) : null),
    relationships: relationshipsOf(view, urn),
  });
}
