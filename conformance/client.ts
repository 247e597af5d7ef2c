/**
 * The suite's HTTP client of one deployment under one address prefix. `call` sends a request of a
 * contract operation and validates the response body against that operation's response schema for
 * the status it got, so every check validates every body it reads without saying so.
 */
import {
  baseUrlOf,
  protocolHeaders,
  send,
  type DeploymentResponse,
  type DeploymentTarget,
} from '../deployment/index.js';
import type { Contract, JsonSchema, OperationSpec } from '../spec/index.js';
import { SchemaValidators } from '../spec/validation.js';
import { fail } from './check-failure.js';

/** Which credential a request carries: the admin --token, the --reader-token, or none. */
export type Credential = 'token' | 'reader' | 'none';

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
  text: string;
}

export interface CallOptions {
  /** Path parameters, e.g. {urn} (encoded by the client). */
  path?: Record<string, string>;
  /** Query parameters besides `action`; a string is appended as written (Rest.li syntax). */
  query?: Record<string, string> | string;
  body?: unknown;
  credential?: Credential;
  /** Sends the operation with another method (negative checks). */
  method?: string;
}

/** One request the suite sent and what came back: a failed check shows its last one, to reproduce it. */
export interface Exchange {
  method: string;
  url: string;
  /** Which credential it carried: shown as $TOKEN or $READER_TOKEN, never as the token itself. */
  credential: Credential;
  headers: Record<string, string>;
  body?: string;
  /** Absent when no response came. */
  status?: number;
  responseText?: string;
}

/** A response shape of upstream's that a li run accepts for one operation (spec/upstream-differences.yaml `shape`). */
export interface AcceptedShape {
  difference: string;
  status: number;
  schema: JsonSchema;
}

/** The upstream shapes the run's checks read, so a failure can be told to come from a listed shape difference. */
export class ShapeLog {
  readonly seen = new Set<string>();
}

export interface ClientSettings {
  /** The deployment: its addresses, the admin --token (the target's), the protocol header. */
  target: DeploymentTarget;
  /** `/api/gms`, `/gms` or '' (the direct form). */
  prefix: string;
  contract: Contract;
  readerToken?: string;
  /** Told of every exchange, as it completes. */
  record?: (exchange: Exchange) => void;
  /** Upstream shapes accepted per operation id (a li run), and where to note that one was read. */
  upstreamShapes?: ReadonlyMap<string, readonly AcceptedShape[]>;
  shapeLog?: ShapeLog;
}

const validators = new SchemaValidators();

export class CatalogClient {
  constructor(readonly settings: ClientSettings) {}

  get prefix(): string {
    return this.settings.prefix;
  }

  /** The base URL this client's prefix is served at (the gateway's for `/api/gms` when one is given). */
  get baseUrl(): string {
    return baseUrlOf(this.settings.target, this.settings.prefix);
  }

  operation(operationId: string): OperationSpec {
    const op = this.settings.contract.operations.find((o) => o.operationId === operationId);
    if (!op) throw new Error(`no operation ${operationId} in the contract`);
    return op;
  }

  private token(credential: Credential): string | undefined {
    return credential === 'token'
      ? this.settings.target.token
      : credential === 'reader'
        ? this.settings.readerToken
        : undefined;
  }

  /** The URL of an operation under this client's prefix. */
  url(op: OperationSpec, options: CallOptions = {}): string {
    let path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(options.path?.[name] ?? ''));
    if (op.path !== this.settings.contract.names.docsPath) path = this.settings.prefix + path;
    const params = new URLSearchParams();
    if (op.action) params.set('action', op.action);
    let query = '';
    if (typeof options.query === 'string') query = options.query;
    else for (const [k, v] of Object.entries(options.query ?? {})) params.set(k, v);
    const all = [params.toString(), query].filter(Boolean).join('&');
    return `${this.baseUrl}${path}${all ? `?${all}` : ''}`;
  }

  async send(
    method: string,
    url: string,
    body: unknown,
    credential: Credential,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(text !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...extraHeaders,
    };
    const token = this.token(credential);
    const exchange: Exchange = {
      method,
      url,
      credential: token ? credential : 'none',
      headers,
      ...(text !== undefined ? { body: text } : {}),
    };
    let response: DeploymentResponse;
    try {
      response = await send(this.settings.target, {
        method,
        url,
        headers,
        ...(text !== undefined ? { body: text } : {}),
        bearer: token ?? null,
      });
    } catch (error) {
      this.settings.record?.(exchange);
      fail(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.settings.record?.({ ...exchange, status: response.status, responseText: response.text });
    // Parsed JSON, else the text (HTML pages, plain errors), else nothing for an empty body.
    return {
      status: response.status,
      headers: response.headers,
      body: response.json !== undefined ? response.json : response.text || undefined,
      text: response.text,
    };
  }

  /** Sends an operation of the contract and validates the response body against its schema. */
  async call(operationId: string, options: CallOptions = {}): Promise<ApiResponse> {
    const op = this.operation(operationId);
    const method = options.method ?? op.method.toUpperCase();
    const url = this.url(op, options);
    const res = await this.send(method, url, options.body, options.credential ?? 'token', {
      ...protocolHeaders(this.settings.target),
    });
    if (res.status >= 500) fail(`${method} ${url} answered ${res.status}: ${res.text.slice(0, 300)}`, res.status);
    // A 401 comes from whatever guards the service (upstream: the servlet container's error page), not from
    // the operation, so only its status is checked.
    const schema = op.responses[String(res.status)];
    if (schema && method === op.method.toUpperCase() && res.status !== 401) this.validate(op, res, schema);
    return res;
  }

  /** Valid when the body matches the document's schema or, on a li run, an upstream shape listed for the operation. */
  private validate(op: OperationSpec, res: ApiResponse, schema: JsonSchema): void {
    const errors = validators.validate(schema, res.body);
    if (!errors.length) return;
    const shape = this.settings.upstreamShapes
      ?.get(op.operationId)
      ?.find((s) => s.status === res.status && !validators.validate(s.schema, res.body).length);
    if (shape) {
      this.settings.shapeLog?.seen.add(shape.difference);
      return;
    }
    fail(`${op.operationId} ${res.status} response breaks the spec: ${errors.slice(0, 5).join('; ')}`, res.status);
  }

  /** Like call, and fails unless the status is `status` (200 by default). */
  async expectStatus(operationId: string, options: CallOptions = {}, status = 200): Promise<ApiResponse> {
    const res = await this.call(operationId, options);
    if (res.status !== status) {
      // The commonest cause of a run full of failures: a service that needs a token, run without one.
      const hint =
        res.status === 401 && !this.settings.target.token ? ' (the service asks for a token: run with --token T)' : '';
      fail(`${operationId} answered ${res.status}, expected ${status}${hint}: ${res.text.slice(0, 300)}`, res.status);
    }
    return res;
  }

  /** A GraphQL request; the body is the parsed envelope. */
  async graphql(
    query: string,
    variables: Record<string, unknown> = {},
    credential: Credential = 'token',
    method = 'POST',
  ): Promise<ApiResponse> {
    const { graphqlUrl } = this.settings.target;
    const res = await this.send(method, graphqlUrl, method === 'POST' ? { query, variables } : undefined, credential);
    if (res.status >= 500)
      fail(`${method} ${graphqlUrl} answered ${res.status}: ${res.text.slice(0, 300)}`, res.status);
    return res;
  }
}
