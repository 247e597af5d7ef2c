/**
 * The validation proxy: forwards every request to an upstream unchanged and returns the upstream's
 * response unchanged, while Prism (routed per action, see action-routing.ts) checks the request
 * and the response against the contract. Each violation is recorded and handed to `onViolation` as
 * it happens.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@stoplight/prism-core';
import { createInstance, type IHttpRequest, type IHttpResponse, type PrismHttpComponents } from '@stoplight/prism-http';
import { upstreamTarget } from '../deployment/index.js';
import { loadContract, type Namespace } from '../spec/index.js';
import { actionRouter, type PrismOperation } from './action-routing.js';
import { GRAPHQL_PATH, graphqlRequestChecker } from './graphql-request.js';
import {
  flatHeaders,
  gatewayError,
  parsedBody,
  sendUpstream,
  withoutHopByHop,
  type RawRequest,
  type RawResponse,
} from './upstream.js';
import type { Violation, ViolationSide } from './violation.js';

export type { Violation } from './violation.js';
export type { RawRequest, RawResponse } from './upstream.js';
export { formatViolation, summarizeViolations } from './violation.js';

export interface ValidationProxyOptions {
  /** Base address of the deployment (or mock) to forward to. */
  upstream: string;
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  host?: string;
  namespace?: Namespace;
  onViolation?: (violation: Violation) => void;
  /**
   * Milliseconds the upstream's whole response may take, from connecting to its last byte (default
   * deployment/'s DEFAULT_TIMEOUT_MS); over it the client gets a 504.
   */
  timeoutMs?: number;
  /** Each exchange once answered, the request and the upstream's response as they passed (a recording, pull/recording.ts). */
  onExchange?: (request: RawRequest, response: RawResponse) => void;
}

export interface ValidationProxy {
  url: string;
  /** Every violation seen so far, in order. */
  violations: Violation[];
  /** Number of exchanges forwarded so far. */
  exchanges(): number;
  close(): Promise<void>;
}

/** Paths outside the metadata-store contract that are forwarded without checks. */
const UNCHECKED_PATHS = [/^\/api\/graphiql(?:\/|$)/, /^\/__mock(?:\/|$)/];

/** Prism's severities: 0 error, 1 warning; information and hints are not violations. */
const REPORTED_SEVERITY = 1;

/** Prism gives a path for field errors; security errors carry code 401 and no path. */
function whereOf(side: ViolationSide, d: { path?: string[]; code?: string | number }): string {
  if (d.path?.length) return d.path.join('.');
  if (String(d.code) === '401') return 'header.authorization';
  return side === 'request' ? 'route' : 'status';
}

interface Exchange {
  raw: RawRequest;
  response?: RawResponse;
  /** Why the upstream gave no response, when it did not. */
  error?: unknown;
}

export async function createValidationProxy(options: ValidationProxyOptions): Promise<ValidationProxy> {
  const upstream = upstreamTarget(options.upstream, options.timeoutMs);
  const contract = loadContract(options.namespace ?? 'svc');
  const router = await actionRouter(contract);
  const checkGraphql = graphqlRequestChecker(contract.graphqlSdl);
  const exchanges = new WeakMap<IHttpRequest, Exchange>();
  const violations: Violation[] = [];
  let count = 0;

  // Prism's own forwarder re-encodes bodies and drops the gateway prefix; this one sends the
  // client's bytes to the client's path and keeps the raw response for the reply.
  const forward: PrismHttpComponents['forward'] = (input) => () => async () => {
    const exchange = exchanges.get(input.data);
    if (!exchange) return { _tag: 'Left', left: new Error('request unknown to the proxy') };
    try {
      exchange.response = await sendUpstream(upstream, exchange.raw);
    } catch (error) {
      exchange.error = error;
      return { _tag: 'Left', left: error as Error };
    }
    const { status, headers, body } = exchange.response;
    return {
      _tag: 'Right',
      right: {
        statusCode: status,
        headers: flatHeaders(headers),
        body: parsedBody(headers, body),
      } satisfies IHttpResponse,
    };
  };
  const prism = createInstance(
    {
      mock: { dynamic: false },
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: false,
      upstreamProxy: undefined,
      isProxy: true,
      upstream: upstream.url,
    },
    { logger: createLogger('PROXY', { level: 'silent' }), forward },
  );

  function report(violation: Violation): void {
    violations.push(violation);
    options.onViolation?.(violation);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw: RawRequest = {
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    const url = new URL(raw.target, 'http://proxy');
    const action = url.searchParams.get('action') ?? undefined;
    const base = { method: raw.method, path: url.pathname, ...(action !== undefined ? { action } : {}) };
    count++;

    let response: RawResponse;
    if (UNCHECKED_PATHS.some((p) => p.test(url.pathname))) {
      response = await sendUpstream(upstream, raw);
    } else if (url.pathname === GRAPHQL_PATH) {
      for (const p of checkGraphql(raw.method, parsedBody(raw.headers, raw.body)))
        report({ ...base, side: 'request', ...p });
      response = await sendUpstream(upstream, raw);
    } else {
      response = await validated(raw, url, action, base);
    }
    res.writeHead(response.status, withoutHopByHop(response.headers));
    res.end(response.body);
    options.onExchange?.(raw, response);
  }

  async function validated(
    raw: RawRequest,
    url: URL,
    action: string | undefined,
    base: Pick<Violation, 'method' | 'path' | 'action'>,
  ): Promise<RawResponse> {
    const specPath = router.specPath(url.pathname);
    const route = router.route(raw.method, specPath, action);
    if (route.kind !== 'operations') {
      const message =
        route.kind === 'no-action'
          ? `${raw.method} ${specPath} needs ?action=, one of: ${route.actions.join(', ')}`
          : `action=${action ?? ''} is not one of: ${route.actions.join(', ')}`;
      report({ ...base, side: 'request', where: 'query.action', message });
      return sendUpstream(upstream, raw);
    }
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length === 1 ? (values[0] ?? '') : values;
    }
    const input: IHttpRequest = {
      method: raw.method.toLowerCase() as IHttpRequest['method'],
      url: { path: specPath, query },
      headers: flatHeaders(raw.headers),
      body: parsedBody(raw.headers, raw.body),
    };
    const exchange: Exchange = { raw };
    exchanges.set(input, exchange);
    const result = await prism.request(input, route.operations)();
    if (result._tag === 'Left') {
      // Prism failed before or while forwarding (the upstream is down, silent, too large): say so, as a gateway would.
      if (exchange.response) return exchange.response;
      return gatewayError(exchange.error ?? result.left);
    }
    const operation = route.operations.length === 1 ? (route.operations[0] as PrismOperation) : undefined;
    const operationId = operation?.iid;
    const status = exchange.response?.status;
    const sides = [
      ['request', result.right.validations.input],
      ['response', result.right.validations.output],
    ] as const;
    for (const [side, diagnostics] of sides) {
      for (const d of diagnostics) {
        if (d.severity > REPORTED_SEVERITY) continue;
        report({
          ...base,
          ...(operationId ? { operationId } : {}),
          side,
          where: whereOf(side, d),
          message: d.message,
          ...(side === 'response' && status !== undefined ? { status } : {}),
        });
      }
    }
    return exchange.response ?? (await sendUpstream(upstream, raw));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const answer = gatewayError(error);
      if (!res.headersSent) res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    violations,
    exchanges: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
