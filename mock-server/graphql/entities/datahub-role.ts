/**
 * A role of the catalog (upstream's DataHubRoleMapper, datahub-graphql-core/.../types/role/mappers/, v1.3.0.1): its
 * name and description from dataHubRoleInfo (no role without the aspect), its relationships
 * and raw aspects with the shared page fields.
 */
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

export function dataHubRoleRecord(view: EntityView, urn: string): OutputRecord | null {
  const stored = view.aspectsOf(urn);
  const info = stored.aspect('dataHubRoleInfo');
  if (!info) return null;
  return view.shapes.recordWithShared('DataHubRole', pageFields(view, urn, stored), {
    urn,
    type: 'DATAHUB_ROLE',
    name: stringOr(info.name) ?? '',
    description: stringOr(info.description) ?? '',
  });
}
