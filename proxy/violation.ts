/**
 * A contract violation seen by the validation proxy, its one-line rendering and the summary
 * printed on exit.
 */
export type ViolationSide = 'request' | 'response';

export interface Violation {
  method: string;
  /** The path as the client sent it, prefix included, without the query. */
  path: string;
  /** The Rest.li action of the query, when there is one. */
  action?: string;
  /** The spec's operation the exchange was matched to. */
  operationId?: string;
  side: ViolationSide;
  /** Where in the request or response, e.g. `body.value.suggestions` or `header.authorization`. */
  where: string;
  message: string;
  /** The upstream's status code, for response violations. */
  status?: number;
}

export function formatViolation(v: Violation): string {
  const action = v.action ? ` action=${v.action}` : '';
  const status = v.status !== undefined ? ` ${v.status}` : '';
  return `${v.method} ${v.path}${action} ${v.side}${status} ${v.where}: ${v.message}`;
}

/** The exit summary: counts per operation and distinct message, most frequent first. */
export function summarizeViolations(violations: readonly Violation[], exchanges: number): string {
  if (!violations.length) return `${exchanges} exchange(s) proxied, no contract violations.`;
  const counts = new Map<string, number>();
  for (const v of violations) {
    const key = `${v.operationId ?? `${v.method} ${v.path}`} ${v.side} ${v.where}: ${v.message}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const lines = [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `  ${String(n).padStart(5)}  ${key}`);
  return [`${exchanges} exchange(s) proxied, ${violations.length} contract violation(s):`, ...lines].join('\n');
}
