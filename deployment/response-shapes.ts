/**
 * How a deployment writes its responses, read from either shape: the interface document's, or current
 * upstream's where the two differ (spec/upstream-differences.yaml: search-result-shape,
 * browse-result-shape, relationships-shape), and the Rest.li 2.0.0 query encoding upstream requires.
 * The suite and the pull both read deployments through it; it imports nothing.
 */

/**
 * The URNs of a search result, in either shape: the document's `entities: [urn]` or upstream's
 * `entities: [{entity: urn, ...}]`.
 */
export function hitUrns(result: { entities?: unknown }): string[] {
  const entities = Array.isArray(result.entities) ? (result.entities as unknown[]) : [];
  return entities.map((e) => (typeof e === 'string' ? e : String((e as { entity?: unknown } | null)?.entity)));
}

export interface BrowseGroup {
  name: string;
  count: number;
}

/** The groups of a browse result: under `metadata.groups` (the document) or at the top (upstream). */
export function browseGroups(result: { metadata?: { groups?: BrowseGroup[] }; groups?: BrowseGroup[] }): BrowseGroup[] {
  return result.metadata?.groups ?? result.groups ?? [];
}

/** The URNs of a browse result's entities (`{name, urn}` in both shapes). */
export function browseUrns(result: { entities?: unknown }): string[] {
  const entities = Array.isArray(result.entities) ? (result.entities as { urn?: unknown }[]) : [];
  return entities.map((e) => String(e.urn));
}

/**
 * The related URNs of a relationships response: the document's `entities` or upstream's
 * `relationships[].entity`; undefined when the body lists neither.
 */
export function relatedUrns(body: unknown): string[] | undefined {
  const response = (body ?? {}) as { entities?: unknown; relationships?: unknown };
  if (Array.isArray(response.entities)) return response.entities.map(String);
  if (Array.isArray(response.relationships))
    return (response.relationships as { entity?: unknown }[]).map((r) => String(r.entity));
  return undefined;
}

/** A query value encoded for protocol 2.0.0, where `(`, `)`, `,`, `:` and `'` are structural. */
export function restliEncode(value: string): string {
  return encodeURIComponent(value).replace(/[()'*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An array query parameter as protocol 2.0.0 writes it (upstream responds to a plain value with 400). */
export function restliList(values: readonly string[]): string {
  return `List(${values.map(restliEncode).join(',')})`;
}
