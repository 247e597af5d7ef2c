/**
 * Before any check: is there a metadata catalog service at the given addresses at all? A stopped
 * target, a wrong host or prefix, a web server that is not the service, or a token the service
 * refuses would otherwise show as hundreds of failed checks, indistinguishable from a service that
 * breaks the contract. Two calls decide: a read of an entity no one wrote under the first prefix,
 * which a Rest.li service answers with the entity (its key aspect, as the document says of a URN
 * never written) or a Rest.li error body, and the smallest GraphQL query.
 */
import { randomBytes } from 'node:crypto';
import { makeUrn, NAMESPACES, type Namespace } from '../spec/index.js';

export interface PreflightSettings {
  baseUrl: string;
  graphqlUrl: string;
  /** The first --prefix: the address form the behavioural checks use. */
  prefix: string;
  namespace: Namespace;
  token?: string;
  /** How long to wait for each answer. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** A TLS failure's code, as node's fetch reports it in `error.cause.code`. */
const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/;

/** Why a request got no answer, in a user's words. */
function unreachableCause(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused (is the service running, on this port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'DNS: the host name does not resolve';
  if (code === 'ECONNRESET') return 'the connection was reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host is unreachable';
  if (TLS_CODE.test(code)) return `TLS: ${cause?.message ?? code}`;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
}

async function ask(url: string, init: RequestInit, timeoutMs: number): Promise<Answer | string> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: described below by what it is
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
  } catch (error) {
    return unreachableCause(error, timeoutMs);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the body of an answer that is not the service's is, for the one line that says so. */
function bodyKind(answer: Answer, protocol: string): string {
  if (/html/i.test(answer.contentType) || /^\s*<(!doctype|html)/i.test(answer.text)) return 'an HTML page';
  if (answer.json === undefined) return answer.text ? 'a body that is not JSON' : 'an empty body';
  return `JSON that is not a ${protocol} answer`;
}

/** A Rest.li error body: `{status, message?, exceptionClass?, ...}` with the HTTP status in it. */
function isRestliError(answer: Answer): boolean {
  return isObject(answer.json) && answer.json.status === answer.status && (typeof answer.json.exceptionClass === 'string' || typeof answer.json.message === 'string');
}

function tokenCause(answer: Answer, token: string | undefined): string {
  return token ? `refuses the token given with --token (${answer.status})` : `asks for a token (${answer.status}): run with --token T`;
}

/**
 * The entity read: the entity of a URN never written, a Rest.li error, or, without a token, a
 * refusal in any form (upstream's 401 is the servlet container's error page, not a Rest.li body).
 */
function restCause(answer: Answer, token: string | undefined): string | undefined {
  if (answer.status === 401 || answer.status === 403) return token ? tokenCause(answer, token) : undefined;
  if (answer.status === 200 && isObject(answer.json) && typeof answer.json.urn === 'string' && isObject(answer.json.aspects)) return undefined;
  if (answer.status >= 400 && answer.status < 500 && isRestliError(answer)) return undefined;
  const notTheService = `answers ${answer.status} with ${bodyKind(answer, 'Rest.li')}: it answers, but not as the metadata catalog service`;
  return answer.status === 404 ? `${notTheService} (is the --base-url or the --prefix wrong?)` : notTheService;
}

/** `{__typename}` answered as GraphQL: data naming the query type, or GraphQL errors. */
function graphqlCause(answer: Answer, token: string | undefined): string | undefined {
  if (answer.status === 401 || answer.status === 403) return tokenCause(answer, token);
  if (isObject(answer.json) && (isObject(answer.json.data) || Array.isArray(answer.json.errors))) return undefined;
  return `answers ${answer.status} with ${bodyKind(answer, 'GraphQL')}: not a GraphQL endpoint (is --graphql-url right?)`;
}

/**
 * Undefined when both calls answer as the service does; otherwise one line naming the URL called and
 * why the suite cannot check it.
 */
export async function preflight(settings: PreflightSettings): Promise<string | undefined> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const names = NAMESPACES[settings.namespace];
  const headers: Record<string, string> = { Accept: 'application/json', [names.protocolHeader]: '2.0.0', ...(settings.token ? { Authorization: `Bearer ${settings.token}` } : {}) };
  const platform = makeUrn(names.urnPrefix, 'dataPlatform', ['conformance']);
  const urn = makeUrn(names.urnPrefix, 'dataset', [platform, `preflight_${randomBytes(6).toString('hex')}`, 'PROD']);
  const readUrl = `${settings.baseUrl}${settings.prefix}/entitiesV2/${encodeURIComponent(urn)}`;
  const read = await ask(readUrl, { headers }, timeoutMs);
  const readCause = typeof read === 'string' ? read : restCause(read, settings.token);
  if (readCause) return `cannot check ${settings.baseUrl}: GET ${readUrl} ${typeof read === 'string' ? 'failed: ' : ''}${readCause}`;
  const graphql = await ask(settings.graphqlUrl, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: '{__typename}' }) }, timeoutMs);
  const cause = typeof graphql === 'string' ? `failed: ${graphql}` : graphqlCause(graphql, settings.token);
  if (cause) return `cannot check ${settings.baseUrl}: POST ${settings.graphqlUrl} ${cause}`;
  return undefined;
}
