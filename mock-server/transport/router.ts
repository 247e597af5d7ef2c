/**
 * The metadata-store router, built from the contract's operations: a request is matched on its path
 * (resource), then on `action` and method, then authorised, checked against the operation's schemas
 * and handed to the operation's handler inside one store transaction. The routing errors are
 * upstream's Rest.li ones (restli-facts §3.2). It knows nothing of HTTP beyond the request's parts:
 * reading the body and writing the response are the metadata-store handler's job.
 */
import type { Contract, OperationSpec } from '../../spec/index.js';
import type { SchemaValidators } from '../../spec/validation.js';
import { authorize, type AccessKind, type AuthConfig } from '../auth/bearer-auth.js';
import { badRequest, notFound, RestliError } from '../errors.js';
import type { MockContext } from '../controls/mock-context.js';
import type { Handler, HandlerResult } from '../handlers/context.js';
import { HANDLERS } from '../handlers/index.js';
import { accessKind, isWrite } from '../auth/operation-access.js';
import { authorizeEntityWrites, writesEntities } from './entity-write-access.js';
import { requestChecker, type CheckedRequest, type RequestChecker } from '../wire/request-validation.js';
import { pathMatcher, type PathMatch } from '../wire/path-matcher.js';
import { RestliQuery } from '../wire/restli-query.js';

interface Route {
  op: OperationSpec;
  match: PathMatch;
  check: RequestChecker;
  handler: Handler | undefined;
  kind: AccessKind;
  write: boolean;
  /** Whether its writes are of entities, decided by the stored policies (entity-write-access.ts) rather than the role. */
  entityWrite: boolean;
}

/** The entity URN a write targets, read defensively from the unchecked body (for the 403 message of a role's refusal). */
function writeTarget(body: unknown): string | undefined {
  const field = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  const snapshotUnion = field(field(body, 'entity'), 'value');
  const snapshot =
    typeof snapshotUnion === 'object' && snapshotUnion !== null ? Object.values(snapshotUnion)[0] : undefined;
  const urn = field(field(body, 'proposal'), 'entityUrn') ?? field(snapshot, 'urn') ?? field(body, 'urn');
  return typeof urn === 'string' ? urn : undefined;
}

/** A checked request shared between calls: its parameters and their list values cannot be changed by one of them. */
function frozen(checked: CheckedRequest): CheckedRequest {
  Object.freeze(checked.params);
  for (const value of Object.values(checked.query)) if (Array.isArray(value)) Object.freeze(value);
  Object.freeze(checked.query);
  return checked;
}

/** What a matched route runs on: the request's credentials and parsed body (undefined without one). */
export interface StoreCall {
  authorization: string | undefined;
  /** The protocol version header, if the request carried one. */
  protocolVersion?: string | undefined;
  body: unknown;
}

/** The operation a request matched, and how it runs on a store (the request's session's). */
export interface StoreRoute {
  operationId: string;
  run(call: StoreCall, context: MockContext): HandlerResult;
}

/** Matches a request (`path` below the address form, the query as sent) to its route, or throws the routing error. */
export type StoreRouter = (method: string, path: string, query: RestliQuery) => StoreRoute;

export interface RouterSettings {
  contract: Contract;
  auth: AuthConfig;
  validators: SchemaValidators;
}

export function metadataStoreRouter({ contract, auth, validators }: RouterSettings): StoreRouter {
  // By the first path segment, which is literal in every operation's path: a request tries only its resource's routes.
  const byResource = new Map<string, Route[]>();
  for (const op of contract.operations) {
    const resource = op.path.split('/')[1] ?? '';
    if (resource.startsWith('{'))
      throw new Error(
        `${op.operationId}: a path starting with a parameter (${op.path}) needs a router that tries every route`,
      );
    const routes = byResource.get(resource) ?? [];
    routes.push({
      op,
      match: pathMatcher(op.path),
      check: requestChecker(op, validators),
      handler: HANDLERS[op.operationId],
      kind: accessKind(op),
      write: isWrite(op),
      entityWrite: isWrite(op) && writesEntities(op.operationId),
    });
    byResource.set(resource, routes);
  }

  // The common case first: the resource's one route that matches the path, method and action; the
  // routing error's diagnostics (every matching route's methods and actions) only when there is none.
  const choose = (requestMethod: string, path: string, query: RestliQuery): [Route, Record<string, string>] => {
    const routes = byResource.get(path.split('/')[1] ?? '') ?? [];
    const method = requestMethod === 'HEAD' ? 'get' : requestMethod.toLowerCase();
    const action = query.get('action');
    if (action === undefined || method === 'post') {
      for (const r of routes) {
        if (r.op.method !== method || r.op.action !== action) continue;
        const params = r.match(path);
        if (params) return [r, params];
      }
    }
    return routingError(routes, requestMethod, method, path, action);
  };

  const routingError = (
    routes: Route[],
    requestMethod: string,
    method: string,
    path: string,
    action: string | undefined,
  ): never => {
    const candidates = routes.filter((r) => r.match(path));
    if (!candidates.length) throw notFound(`No root resource defined for path '/${path.split('/')[1] ?? ''}'`);
    const actions = candidates.filter((r) => r.op.action).map((r) => r.op.action as string);
    if (action !== undefined) {
      if (method !== 'post')
        throw badRequest(
          `All action methods (specified via 'action' in URI) must be submitted as a POST (was ${requestMethod})`,
        );
      const valid = actions.length ? `valid actions: ${actions.join(', ')}` : 'this resource has no actions';
      throw badRequest(`POST operation named ${action} not supported on resource '${path}'; ${valid}`);
    }
    const allowed = candidates.filter((r) => !r.op.action).map((r) => r.op.method.toUpperCase());
    const hints = [
      ...(allowed.length ? [`methods: ${allowed.join(', ')}`] : []),
      ...(actions.length ? [`POST with ?action= one of ${actions.join(', ')}`] : []),
    ];
    throw badRequest(`${requestMethod} operation not supported for URI: '${path}'; supported: ${hints.join('; ')}`);
  };

  return (method, path, query) => {
    const [route, params] = choose(method, path, query);
    // A call without a body is checked on its path and query alone: once, then shared (frozen) by every call of this route.
    let checkedWithoutBody: CheckedRequest | undefined;
    return {
      operationId: route.op.operationId,
      run({ authorization, protocolVersion, body }, context) {
        const caller = authorize(auth, {
          authorization,
          kind: route.kind,
          write: route.write && !route.entityWrite,
          target: writeTarget(body),
        });
        if (route.entityWrite && auth.mode !== 'off')
          authorizeEntityWrites(context.store, caller, route.op.operationId, body);
        if (!route.handler)
          throw new RestliError(
            501,
            `${route.op.operationId} (${route.op.pathKey}) is part of the contract but this mock server does not serve it`,
          );
        const checked =
          body !== undefined
            ? route.check(params, query, body)
            : (checkedWithoutBody ??= frozen(route.check(params, query, undefined)));
        const handler = route.handler;
        const call = () =>
          handler(
            {
              params: checked.params,
              query: checked.query,
              body: checked.body,
              op: route.op,
              rawQuery: query,
              caller,
              protocolVersion,
            },
            context,
          );
        // A GET only reads, and better-sqlite3 runs it to the end before any other request: no transaction needed.
        // Any other call is a write of its batch's transaction (../store/batch-commit.ts), which the exchange's response waits for.
        return route.op.method === 'get' ? call() : context.store.batchTransaction(call);
      },
    };
  };
}
