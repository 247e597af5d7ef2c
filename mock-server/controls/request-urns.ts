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

/** The strings of a JSON value that start with the prefix; walks with a stack of its own, so any depth is safe. */
function collectStrings(value: unknown, prefix: string, into: Set<string>): void {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.startsWith(prefix)) into.add(next);
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const item of Object.values(next)) pending.push(item);
    }
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
