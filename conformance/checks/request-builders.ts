/**
 * Requests as upstream's clients write them: query values and arrays encoded for protocol 2.0.0, an
 * ingestProposal body, a relationships query.
 */
import { restliEncode, restliList } from '../../deployment/index.js';

// The protocol 2.0.0 encoding lives in deployment/ (shared with the pull); the checks take it from here.
export { restliEncode, restliList };

export function ingestBody(
  urn: string,
  entityType: string,
  aspectName: string,
  aspect: unknown,
  changeType = 'UPSERT',
): Record<string, unknown> {
  const proposal: Record<string, unknown> = { entityType, entityUrn: urn, changeType, aspectName };
  if (changeType !== 'DELETE') proposal.aspect = { value: JSON.stringify(aspect), contentType: 'application/json' };
  return { proposal };
}

/** The query of a relationships read, written as protocol 2.0.0 wants it (`types=List(...)`). */
export function relationshipsQuery(urn: string, direction: string, types = 'DownstreamOf'): string {
  return `urn=${restliEncode(urn)}&direction=${restliEncode(direction)}&types=${restliList([types])}`;
}
