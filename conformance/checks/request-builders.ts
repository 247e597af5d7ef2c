/**
 * Requests as upstream's clients write them: query values and arrays encoded for protocol 2.0.0, an
 * ingestProposal body, a relationships query.
 */

/** A query value encoded for protocol 2.0.0, where `(`, `)`, `,`, `:` and `'` are structural. */
export function restliEncode(value: string): string {
  return encodeURIComponent(value).replace(/[()'*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An array query parameter as protocol 2.0.0 writes it (upstream answers a plain value with 400). */
export function restliList(values: readonly string[]): string {
  return `List(${values.map(restliEncode).join(',')})`;
}

export function ingestBody(urn: string, entityType: string, aspectName: string, aspect: unknown, changeType = 'UPSERT'): Record<string, unknown> {
  const proposal: Record<string, unknown> = { entityType, entityUrn: urn, changeType, aspectName };
  if (changeType !== 'DELETE') proposal.aspect = { value: JSON.stringify(aspect), contentType: 'application/json' };
  return { proposal };
}

/** The query of a relationships read, written as protocol 2.0.0 wants it (`types=List(...)`). */
export function relationshipsQuery(urn: string, direction: string, types = 'DownstreamOf'): string {
  return `urn=${restliEncode(urn)}&direction=${restliEncode(direction)}&types=${restliList([types])}`;
}
