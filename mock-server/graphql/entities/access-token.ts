/**
 * An access token's metadata as upstream's AccessTokenMetadataMapper maps dataHubAccessTokenInfo
 * (datahub-graphql-core/.../types/auth/mappers/AccessTokenMetadataMapper.java, v1.3.0.1): the id is the URN's
 * last part; no record without the aspect. The token itself is never stored.
 */
import { urnLastPart } from '../../../spec/index.js';
import { numberOr, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function accessTokenRecord(view: EntityView, urn: string): OutputRecord | null {
  const info = view.aspectsOf(urn).aspect('dataHubAccessTokenInfo');
  if (!info) return null;
  return view.shapes.record('AccessTokenMetadata', {
    urn,
    type: 'ACCESS_TOKEN',
    id: urnLastPart(urn),
    name: stringOr(info.name) ?? '',
    description: stringOr(info.description),
    actorUrn: stringOr(info.actorUrn) ?? '',
    ownerUrn: stringOr(info.ownerUrn) ?? '',
    createdAt: numberOr(info.createdAt) ?? 0,
    expiresAt: numberOr(info.expiresAt),
    relationships: relationshipsOf(view, urn),
  });
}
