/**
 * Broken variants of the mock for the conformance suite's own tests: a rewriting proxy placed in
 * front of a real mock, with named faults that each break one documented behaviour by rewriting
 * requests or responses (or answering in the mock's place). A suite that passes against one of
 * these has a blind spot.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tryParseUrn } from '../../spec/index.js';
import { upstreamTarget } from '../../deployment/index.js';
import { sendUpstream, withoutHopByHop } from '../../proxy/upstream.js';

/** A request as a fault sees it: the path without the gateway prefix, the query, the JSON body. */
export interface FaultRequest {
  method: string;
  /** The path without `/api/gms` or `/gms`, so faults match all three address forms. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FaultResponse {
  status: number;
  body: unknown;
}

export interface Fault {
  name: string;
  /** The documented behaviour the fault breaks. */
  breaks: string;
  /** Rewrites the request before it is forwarded (mutating it). */
  request?(req: FaultRequest): void;
  /** Answers in the mock's place; the request is then not forwarded. */
  respond?(req: FaultRequest): FaultResponse | undefined;
  /** Rewrites the mock's response (mutating it). */
  response?(req: FaultRequest, res: FaultResponse): void;
}

const GATEWAY_PREFIX = /^\/(?:api\/gms|gms)(?=\/)/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAction(req: FaultRequest, path: string, action: string): boolean {
  return req.method === 'POST' && req.path === path && req.query.get('action') === action;
}

/** The `value` of an action response. */
function valueOf(res: FaultResponse): Json | undefined {
  return isObject(res.body) && isObject(res.body.value) ? res.body.value : undefined;
}

/** Rewrites the JSON string held in `value` (operations responses). */
function rewriteValueString(res: FaultResponse, rewrite: (parsed: Json) => void): void {
  if (!isObject(res.body) || typeof res.body.value !== 'string') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body.value);
  } catch {
    return;
  }
  if (!isObject(parsed)) return;
  rewrite(parsed);
  res.body.value = JSON.stringify(parsed);
}

/** Every `{field, value, condition}` criterion of a filter, wherever the body carries one. */
function criteria(body: unknown): Json[] {
  if (!isObject(body) || !isObject(body.filter)) return [];
  const out: Json[] = [];
  for (const conjunction of Array.isArray(body.filter.or) ? body.filter.or : []) {
    if (isObject(conjunction) && Array.isArray(conjunction.and)) out.push(...conjunction.and.filter(isObject));
  }
  if (Array.isArray(body.filter.criteria)) out.push(...body.filter.criteria.filter(isObject));
  return out;
}

function proposalOf(req: FaultRequest): Json | undefined {
  return isObject(req.body) && isObject(req.body.proposal) ? req.body.proposal : undefined;
}

/** The status aspect written as not removed, in both ingestion forms. */
function keepActive(body: unknown): void {
  if (!isObject(body)) return;
  const proposal = body.proposal;
  if (
    isObject(proposal) &&
    proposal.aspectName === 'status' &&
    isObject(proposal.aspect) &&
    typeof proposal.aspect.value === 'string'
  ) {
    const value = JSON.parse(proposal.aspect.value) as Json;
    value.removed = false;
    proposal.aspect.value = JSON.stringify(value);
  }
  const snapshots = isObject(body.entity) && isObject(body.entity.value) ? Object.values(body.entity.value) : [];
  for (const snapshot of snapshots) {
    for (const aspect of isObject(snapshot) && Array.isArray(snapshot.aspects) ? snapshot.aspects : []) {
      for (const [record, value] of Object.entries(isObject(aspect) ? aspect : {})) {
        if (record.endsWith('.common.Status') && isObject(value)) value.removed = false;
      }
    }
  }
}

const GRAPHQL_PATH = '/api/graphql';

/** getEsTaskStatus answering the field `from` of its JSON value under the name `to`. */
function taskStatusFieldRenamed(name: string, breaks: string, from: string, to: string): Fault {
  return {
    name,
    breaks,
    response(req, res) {
      if (!isAction(req, '/operations', 'getEsTaskStatus')) return;
      rewriteValueString(res, (status) => {
        if (!(from in status)) return;
        status[to] = status[from];
        delete status[from];
      });
    },
  };
}

export const FAULTS: readonly Fault[] = [
  {
    name: 'index-sizes-empty',
    breaks: 'getIndexSizes lists the time series indices, which hold the points written',
    response(req, res) {
      if (!isAction(req, '/operations', 'getIndexSizes') || !isObject(res.body)) return;
      // The index list emptied in whichever shape the mock answers it: JSON text (the document) or an object (upstream).
      if (typeof res.body.value === 'string') rewriteValueString(res, (sizes) => void (sizes.indexSizes = []));
      else res.body.value = { indexSizes: [] };
    },
  },
  {
    name: 'dry-run-defaults-to-false',
    breaks: 'truncateTimeseriesAspect dryRun defaults to true',
    request(req) {
      if (isAction(req, '/operations', 'truncateTimeseriesAspect') && isObject(req.body) && !('dryRun' in req.body))
        req.body.dryRun = false;
    },
  },
  {
    name: 'graphql-get-accepted',
    breaks: 'only POST is supported on the GraphQL path',
    respond: (req) =>
      req.path === GRAPHQL_PATH && req.method === 'GET'
        ? { status: 200, body: { data: { __typename: 'Query' }, extensions: {} } }
        : undefined,
  },
  {
    // What early upstream releases did (spec/upstream-differences.yaml graphql-get): a listed difference.
    name: 'graphql-get-500',
    breaks: 'only POST is supported on the GraphQL path (a client error, not a server error)',
    respond: (req) =>
      req.path === GRAPHQL_PATH && req.method === 'GET'
        ? { status: 500, body: { message: 'GraphQL gets not supported.' } }
        : undefined,
  },
  {
    name: 'soft-deleted-still-searchable',
    breaks: 'ingesting status removed: true hides the entity from search and browse',
    request(req) {
      if (isAction(req, '/aspects', 'ingestProposal') || isAction(req, '/entities', 'ingest')) keepActive(req.body);
    },
  },
  {
    name: 'versions-not-increasing',
    breaks: 'aspect versions other than 0 increase monotonically',
    request(req) {
      // Every versioned point lookup answers the first version ever written.
      if (
        req.method === 'GET' &&
        req.path.startsWith('/aspects/') &&
        req.query.has('version') &&
        req.query.get('version') !== '0'
      )
        req.query.set('version', '1');
    },
  },
  {
    name: 'relationship-direction-swapped',
    breaks: 'relationships: INCOMING and OUTGOING name the side of the source URN',
    request(req) {
      if (req.method !== 'GET' || req.path !== '/relationships') return;
      const direction = req.query.get('direction');
      if (direction === 'INCOMING' || direction === 'OUTGOING')
        req.query.set('direction', direction === 'INCOMING' ? 'OUTGOING' : 'INCOMING');
    },
  },
  {
    name: 'filter-start-with-ignored',
    breaks: 'the START_WITH filter condition',
    request(req) {
      if (!isAction(req, '/entities', 'search') && !isAction(req, '/entities', 'autocomplete')) return;
      for (const criterion of criteria(req.body))
        if (criterion.condition === 'START_WITH') criterion.condition = 'EQUAL';
    },
  },
  {
    name: 'graphql-extensions-missing',
    breaks: 'GraphQL responses are {data, extensions}',
    response(req, res) {
      if (req.path === GRAPHQL_PATH && isObject(res.body)) delete res.body.extensions;
    },
  },
  {
    name: 'timeseries-limit-ignored',
    breaks: 'getTimeseriesAspectValues answers with limit 10000',
    response(req, res) {
      const value = isAction(req, '/aspects', 'getTimeseriesAspectValues') ? valueOf(res) : undefined;
      if (value && typeof value.limit === 'number') value.limit = 100;
    },
  },
  {
    name: 'timeseries-ascending',
    breaks: 'time series values come newest first',
    response(req, res) {
      const value = isAction(req, '/aspects', 'getTimeseriesAspectValues') ? valueOf(res) : undefined;
      if (value && Array.isArray(value.values)) value.values.reverse();
    },
  },
  {
    name: 'aggregations-missing',
    breaks: 'search metadata carries searchResultMetadatas (aggregations)',
    response(req, res) {
      const metadata = isAction(req, '/entities', 'search') ? valueOf(res)?.metadata : undefined;
      if (isObject(metadata)) metadata.searchResultMetadatas = [];
    },
  },
  taskStatusFieldRenamed('task-status-wrong-key', 'getEsTaskStatus reports completed', 'completed', 'complete'),
  taskStatusFieldRenamed(
    'unknown-task-without-error',
    'getEsTaskStatus of an unknown task answers with an error field',
    'error',
    'message',
  ),
  {
    name: 'relationships-without-entities',
    breaks: 'relationships answer {entities: [urn]}',
    response(req, res) {
      if (req.method === 'GET' && req.path === '/relationships' && isObject(res.body)) delete res.body.entities;
    },
  },
  {
    name: 'aspects-list-ignored',
    breaks: 'entitiesV2 aspects=List(...) limits the aspects returned',
    request(req) {
      if (req.method === 'GET' && req.path.startsWith('/entitiesV2/')) req.query.delete('aspects');
    },
  },
  {
    name: 'proposal-delete-ignored',
    breaks: 'ingestProposal with changeType DELETE removes the aspect',
    respond(req) {
      return isAction(req, '/aspects', 'ingestProposal') && proposalOf(req)?.changeType === 'DELETE'
        ? { status: 200, body: {} }
        : undefined;
    },
  },
  {
    name: 'autocomplete-limit-ignored',
    breaks: 'autocomplete returns at most limit suggestions',
    request(req) {
      if (isAction(req, '/entities', 'autocomplete') && isObject(req.body) && typeof req.body.limit === 'number')
        req.body.limit = 1000;
    },
  },
  {
    name: 'browse-groups-missing',
    breaks: 'browse metadata lists the groups under the path',
    response(req, res) {
      const metadata = isAction(req, '/entities', 'browse') ? valueOf(res)?.metadata : undefined;
      if (isObject(metadata)) metadata.groups = [];
    },
  },
  {
    name: 'mutation-on-missing-entity-succeeds',
    breaks: 'a GraphQL mutation on an entity that does not exist fails',
    response(req, res) {
      if (req.path !== GRAPHQL_PATH || !isObject(res.body) || !Array.isArray(res.body.errors)) return;
      const query = isObject(req.body) && typeof req.body.query === 'string' ? req.body.query : '';
      if (!/^\s*mutation\b/.test(query)) return;
      const data: Json = isObject(res.body.data) ? res.body.data : {};
      for (const [field, value] of Object.entries(data))
        if (value === null) data[field] = field === 'updateDescription' ? true : { urn: 'urn' };
      res.status = 200;
      res.body = { data, extensions: res.body.extensions ?? {} };
    },
  },
  {
    name: 'malformed-body-500',
    breaks: 'an invalid body gets a 4xx, never a 5xx',
    response(req, res) {
      if (req.method === 'POST' && req.path !== GRAPHQL_PATH && res.status === 400) res.status = 500;
    },
  },
  {
    name: 'truncation-required-field-not-enforced',
    breaks: 'truncateTimeseriesAspect requires entityType, aspect and endTimeMillis',
    respond(req) {
      if (!isAction(req, '/operations', 'truncateTimeseriesAspect') || !isObject(req.body)) return undefined;
      const missing = ['entityType', 'aspect', 'endTimeMillis'].some((field) => !(field in (req.body as Json)));
      return missing
        ? {
            status: 200,
            body: { value: 'Delete 0 out of 0 rows (0.00%). This was a dry run. Run with dryRun = false to execute.' },
          }
        : undefined;
    },
  },
  {
    name: 'proposal-content-type-ignored',
    breaks: 'ingestProposal takes aspects with content type application/json',
    request(req) {
      const aspect = isAction(req, '/aspects', 'ingestProposal') ? proposalOf(req)?.aspect : undefined;
      if (isObject(aspect) && 'contentType' in aspect) aspect.contentType = 'application/json';
    },
  },
  {
    name: 'proposal-entity-type-mismatch-accepted',
    breaks: 'ingestProposal entityType is the entity of the URN',
    request(req) {
      const proposal = isAction(req, '/aspects', 'ingestProposal') ? proposalOf(req) : undefined;
      const entityType =
        typeof proposal?.entityUrn === 'string' ? tryParseUrn(proposal.entityUrn)?.entityType : undefined;
      if (proposal && entityType) proposal.entityType = entityType;
    },
  },
  {
    name: 'restore-urn-like-ignored',
    breaks: 'restoreIndices restores only the URNs urnLike matches',
    request(req) {
      if (isAction(req, '/operations', 'restoreIndices') && isObject(req.body)) delete req.body.urnLike;
    },
  },
  {
    name: 'huge-integer-500',
    breaks: 'an integer beyond its field is a 4xx naming the field, not a 5xx',
    respond(req) {
      const huge = someValue(req.body, (v) => typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v));
      return huge
        ? {
            status: 500,
            body: {
              status: 500,
              message: 'Internal error: datatype mismatch',
              exceptionClass: 'java.lang.RuntimeException',
            },
          }
        : undefined;
    },
  },
  {
    name: 'malformed-urn-stored',
    breaks: 'a malformed URN is refused, never stored',
    request(req) {
      // The proposal goes on with a well-formed dataset URN instead: the store takes it, as a store that took the malformed one would.
      if (!isAction(req, '/aspects', 'ingestProposal') || !isObject(req.body) || !isObject(req.body.proposal)) return;
      const proposal = req.body.proposal;
      if (typeof proposal.entityUrn === 'string' && !tryParseUrn(proposal.entityUrn)) {
        proposal.entityUrn = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,malformed.stored,PROD)';
        proposal.entityType = 'dataset';
      }
    },
  },
  {
    name: 'deep-document-accepted',
    breaks: 'a JSON document nested deeper than 1,000 levels is a 4xx',
    respond(req) {
      return depthOf(req.body) > 1000 ? { status: 200, body: { value: 'success' } } : undefined;
    },
  },
];

/** Whether some value inside `root` satisfies `test` (iteratively: the documents may nest thousands deep). */
function someValue(root: unknown, test: (value: unknown) => boolean): boolean {
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (test(value)) return true;
    if (value && typeof value === 'object') stack.push(...Object.values(value));
  }
  return false;
}

function depthOf(root: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (!value || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export function faultNamed(name: string): Fault {
  const fault = FAULTS.find((f) => f.name === name);
  if (!fault) throw new Error(`no fault named ${name}`);
  return fault;
}

function parseJson(body: Buffer): unknown {
  if (!body.length) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export interface FaultyServer {
  url: string;
  close(): Promise<void>;
}

/** A proxy to `upstream` with `fault` applied; with no fault it only re-encodes JSON. */
export async function createFaultyServer(upstream: string, fault?: Fault): Promise<FaultyServer> {
  const target = upstreamTarget(upstream);
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      const url = new URL(incoming.url ?? '/', 'http://faulty');
      const prefix = GATEWAY_PREFIX.exec(url.pathname)?.[0] ?? '';
      const req: FaultRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname.slice(prefix.length),
        query: url.searchParams,
        body: parseJson(raw),
      };
      const before = JSON.stringify(req.body);
      fault?.request?.(req);
      let res: FaultResponse;
      let headers = withoutHopByHop(incoming.headers);
      const response = fault?.respond?.(req);
      if (response) {
        res = response;
        headers = { 'content-type': 'application/json' };
      } else {
        // Bodies a fault did not touch (malformed JSON included) go out byte for byte.
        const body = JSON.stringify(req.body) === before ? raw : Buffer.from(JSON.stringify(req.body));
        const query = req.query.toString();
        const sent = await sendUpstream(target, {
          method: req.method,
          target: `${prefix}${req.path}${query ? `?${query}` : ''}`,
          headers: { ...incoming.headers, 'content-length': String(body.length) },
          body,
        });
        headers = withoutHopByHop(sent.headers);
        const parsed = parseJson(sent.body);
        if (parsed === undefined || !fault?.response) {
          outgoing.writeHead(sent.status, headers);
          outgoing.end(sent.body);
          return;
        }
        res = { status: sent.status, body: parsed };
        fault.response(req, res);
      }
      const out = Buffer.from(JSON.stringify(res.body));
      outgoing.writeHead(res.status, { ...headers, 'content-length': String(out.length) });
      outgoing.end(out);
    })().catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
