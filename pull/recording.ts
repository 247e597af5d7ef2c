/**
 * A recording of live traffic as state: every write the deployment accepted (an ingest, a batch, a
 * legacy ingest, a usage batch, a delete, a GraphQL mutation) names the URNs it touched; every read
 * answered 2xx names the URNs it returned. At the end those entities are pulled (slice.ts), so the
 * recording replays as the entities themselves, consistent through every read, not as canned responses;
 * the deployment's GraphQL schema is asked for at the GraphQL path the traffic used (the frontend's
 * `/api/v2/graphql`, GMS's `/api/graphql`), or GMS's when the traffic held no GraphQL.
 * The exchanges are those of the proxy (`proxy --record`); the bearer token seen last is kept in
 * memory for the pull when none is given, and written nowhere.
 */
import { getOperationAST, parse, type DocumentNode } from 'graphql';
import { loadContract, tryParseUrn, type Contract, type Namespace } from '../spec/index.js';
import { browseUrns, hitUrns, relatedUrns } from '../deployment/index.js';
import { pullSlice, type PullOptions, type PullResult } from './slice.js';

/** One exchange as the proxy passed it on. */
export interface RecordedExchange {
  method: string;
  /** Path and query as the client sent them. */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RecordedResponse {
  status: number;
  body: Buffer;
}

export interface Recording {
  observe(request: RecordedExchange, response: RecordedResponse): void;
  /** URNs the accepted writes touched, in the order first seen. */
  touched(): string[];
  /** URNs the reads returned, in the order first seen. */
  returned(): string[];
  /**
   * Pulls every touched and returned entity from `from` (not through the proxy), and its GraphQL schema
   * from `graphqlUrl` when given, else from the GraphQL path last answered 2xx under `from`.
   */
  pull(options: Omit<PullOptions, 'selection' | 'namespace'>): Promise<PullResult>;
}

const GATEWAY_PREFIX = /^\/(?:api\/gms|gms)(?=\/)/;
const GRAPHQL_PATHS = new Set(['/api/graphql', '/api/v2/graphql']);
const WRITE_ACTION = /^(?:ingest|batchIngest|delete)/;
const ENTITY_PATH = /^\/(?:entitiesV2|entities|aspects)\/([^/?]+)$/;

function json(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Every string in a JSON value (keys too: a batch get answers with URN keys). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const member of value) strings(member, out);
  else if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      out.push(key);
      strings(member, out);
    }
  }
  return out;
}

/** The `urn` fields of a GraphQL response's data: the entities it shows, nested ones included. */
function urnFields(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const member of value) urnFields(member, out);
  else if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'urn' && typeof member === 'string') out.push(member);
      else urnFields(member, out);
    }
  }
  return out;
}

function graphqlOperation(
  body: unknown,
): { document: DocumentNode; operationName?: string; variables?: unknown } | undefined {
  const request = body as { query?: unknown; operationName?: unknown; variables?: unknown } | undefined;
  if (typeof request?.query !== 'string') return undefined;
  try {
    return {
      document: parse(request.query),
      ...(typeof request.operationName === 'string' ? { operationName: request.operationName } : {}),
      variables: request.variables,
    };
  } catch {
    return undefined;
  }
}

/** The operation a request runs is a mutation (graphql-js picks it as execution would). */
function isMutation(document: DocumentNode, operationName: string | undefined): boolean {
  return getOperationAST(document, operationName ?? null)?.operation === 'mutation';
}

/** The URNs a REST read answered with: the entity its path names, the hits, groups' entities, related entities, a batch's keys. */
function restReadUrns(path: string, action: string | null, request: unknown, response: unknown): string[] {
  const urns: string[] = [];
  const named = ENTITY_PATH.exec(path)?.[1];
  if (named) urns.push(decodeURIComponent(named));
  const value = (response as { value?: { entities?: unknown } } | undefined)?.value;
  if (action === 'browse' && value) urns.push(...browseUrns(value));
  else if (action && /search|filter|list/i.test(action) && value) urns.push(...hitUrns(value));
  if (path === '/relationships') urns.push(...(relatedUrns(response) ?? []));
  if (action === 'getTimeseriesAspectValues') urns.push(String((request as { urn?: unknown } | undefined)?.urn));
  if ((path === '/entitiesV2' || path === '/entities') && !action)
    urns.push(...Object.keys((response as { results?: object } | undefined)?.results ?? {}));
  return urns;
}

export function createRecording(namespace: Namespace = 'svc'): Recording {
  const contract: Contract = loadContract(namespace);
  const touched = new Set<string>();
  const returned = new Set<string>();
  let lastToken: string | undefined;
  /** The path (gateway prefix and all) of the last GraphQL request answered 2xx. */
  let graphqlPath: string | undefined;

  /** Entity URNs of the contract's registry in its namespace; other strings are not entities to pull. */
  function add(set: Set<string>, candidates: string[]): void {
    for (const candidate of candidates) {
      if (!candidate.startsWith(contract.names.urnPrefix)) continue;
      const parsed = tryParseUrn(candidate);
      if (parsed && contract.entity(parsed.entityType)) set.add(candidate);
    }
  }

  return {
    observe(request, response) {
      const authorization = request.headers.authorization;
      if (typeof authorization === 'string' && /^Bearer /i.test(authorization)) lastToken = authorization.slice(7);
      if (response.status < 200 || response.status >= 300) return;
      const url = new URL(request.target, 'http://recording');
      const path = url.pathname.replace(GATEWAY_PREFIX, '');
      const action = url.searchParams.get('action');
      const body = json(request.body);
      const parsed = json(response.body);
      if (GRAPHQL_PATHS.has(path)) {
        graphqlPath = url.pathname;
        const operation = graphqlOperation(body);
        if (!operation || (parsed as { errors?: unknown[] } | undefined)?.errors?.length) return;
        const data = (parsed as { data?: unknown } | undefined)?.data;
        if (isMutation(operation.document, operation.operationName)) {
          // The URNs a mutation names: in its variables, in the query's literals, and any it answers with (a created entity).
          const literals: string[] = [];
          for (const definition of operation.document.definitions)
            strings(
              JSON.parse(JSON.stringify(definition, (key, v: unknown) => (key === 'loc' ? undefined : v))),
              literals,
            );
          add(touched, [...strings(operation.variables), ...literals, ...strings(data)]);
        } else add(returned, urnFields(data));
        return;
      }
      if (request.method.toUpperCase() === 'POST' && action && WRITE_ACTION.test(action)) add(touched, strings(body));
      else add(returned, restReadUrns(path, action, body, parsed));
    },
    touched: () => [...touched],
    returned: () => [...returned],
    pull: (options) => {
      const token = options.token ?? lastToken;
      const graphqlUrl =
        options.graphqlUrl ?? (graphqlPath !== undefined ? options.from.replace(/\/+$/, '') + graphqlPath : undefined);
      return pullSlice({
        ...options,
        ...(token !== undefined ? { token } : {}),
        ...(graphqlUrl !== undefined ? { graphqlUrl } : {}),
        namespace,
        selection: { urns: [...new Set([...touched, ...returned])] },
      });
    },
  };
}
