/**
 * The URNs a request names, for the journal's `urn` filter: the URN in its path, the query values
 * and body strings that are URNs (for GraphQL, its variables), and the URN literals of a GraphQL
 * document.
 */

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function collectStrings(value: unknown, prefix: string, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.startsWith(prefix)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, prefix, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectStrings(item, prefix, into);
  }
}

export function requestUrns(prefix: string, path: string, query: URLSearchParams, body: unknown): string[] {
  const urns = new Set<string>();
  const inPath = decoded(path).indexOf(prefix);
  if (inPath >= 0) urns.add(decoded(path).slice(inPath));
  for (const value of query.values()) if (value.startsWith(prefix)) urns.add(value);
  collectStrings(body, prefix, urns);
  const document = (body as { query?: unknown } | undefined)?.query;
  if (typeof document === 'string') {
    const literal = new RegExp(`"(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^"\\\\]*)"`, 'g');
    for (const match of document.matchAll(literal)) urns.add(match[1] as string);
  }
  return [...urns];
}
