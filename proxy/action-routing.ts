/**
 * Per-action routing for Prism (toolchain trick c2): Prism's router compares only the path, so
 * `/entities?action=search` and `/entities?action=browse` look alike to it. The spec's operations
 * are grouped by method and path, each keyed by its action; a request is handed to Prism with the
 * single operation its action names, the gateway prefix stripped.
 */
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { serviceDocument, type Contract } from '../spec/index.js';

export type PrismOperation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];

/** The gateway prefixes of the spec's `servers`; the direct form has none. */
const GATEWAY_PREFIX = /^\/(?:api\/gms|gms)(?=\/)/;

export type Route =
  | { kind: 'operations'; operations: PrismOperation[] }
  | { kind: 'unknown-action'; actions: string[] }
  | { kind: 'no-action'; actions: string[] };

export interface ActionRouter {
  /** The path Prism sees: the client's path without the gateway prefix. */
  specPath(pathname: string): string;
  route(method: string, specPath: string, action: string | undefined): Route;
}

export async function actionRouter(contract: Contract): Promise<ActionRouter> {
  // Prism dereferences in place; the contract's document is shared by the whole process. The mock's
  // admin endpoints are no part of a deployment's contract.
  const operations = await getHttpOperationsFromSpec(structuredClone(serviceDocument(contract.openapi)));
  const byAction = new Map<string, Map<string, PrismOperation>>();
  const plain: PrismOperation[] = [];
  for (const op of operations) {
    const [path = op.path, query] = op.path.split('?');
    const action = query ? new URLSearchParams(query).get('action') : null;
    if (!action) {
      plain.push(op);
      continue;
    }
    const key = `${op.method.toUpperCase()} ${path}`;
    const group = byAction.get(key) ?? new Map<string, PrismOperation>();
    group.set(action, { ...op, path });
    byAction.set(key, group);
  }
  return {
    specPath: (pathname) => pathname.replace(GATEWAY_PREFIX, ''),
    route(method, specPath, action) {
      const group = byAction.get(`${method.toUpperCase()} ${specPath}`);
      if (!group) return { kind: 'operations', operations: plain };
      const actions = [...group.keys()];
      if (action === undefined) return { kind: 'no-action', actions };
      const op = group.get(action);
      return op ? { kind: 'operations', operations: [op] } : { kind: 'unknown-action', actions };
    },
  };
}
