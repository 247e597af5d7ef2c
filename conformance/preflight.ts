/**
 * Before any check: is there a metadata catalog service at the given addresses at all? A stopped
 * target, a wrong host or prefix, a web server that is not the service, or a token the service
 * refuses would otherwise show as hundreds of failed checks, indistinguishable from a service that
 * breaks the contract. Two calls decide: a read of an entity no one wrote under the first prefix,
 * which a Rest.li service answers with the entity (its key aspect, as the document says of a URN
 * never written) or a Rest.li error body, and the smallest GraphQL query.
 */
import { randomBytes } from 'node:crypto';
import { send, whyNoResponse, type DeploymentRequest, type DeploymentTarget } from '../deployment/index.js';
import { makeUrn, NAMESPACES, type Namespace } from '../spec/index.js';

interface PreflightResponse {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
}

async function ask(target: DeploymentTarget, request: DeploymentRequest): Promise<PreflightResponse | string> {
  try {
    const response = await send(target, {
      ...request,
      headers: { Accept: 'application/json' },
      protocol: true,
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: response.text,
      json: response.json,
    };
  } catch (error) {
    return whyNoResponse(error);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the body of a response that is not the service's is, for the one line that says so. */
function bodyKind(response: PreflightResponse, protocol: string): string {
  if (/html/i.test(response.contentType) || /^\s*<(!doctype|html)/i.test(response.text)) return 'an HTML page';
  if (response.json === undefined) return response.text ? 'a body that is not JSON' : 'an empty body';
  return `JSON that is not a ${protocol} answer`;
}

/** A Rest.li error body: `{status, message?, exceptionClass?, ...}` with the HTTP status in it. */
function isRestliError(response: PreflightResponse): boolean {
  return (
    isObject(response.json) &&
    response.json.status === response.status &&
    (typeof response.json.exceptionClass === 'string' || typeof response.json.message === 'string')
  );
}

function tokenCause(response: PreflightResponse, token: string | undefined): string {
  return token
    ? `refuses the token given with --token (${response.status})`
    : `asks for a token (${response.status}): run with --token T`;
}

/**
 * The entity read: the entity of a URN never written, a Rest.li error, or, without a token, a
 * refusal in any form (upstream's 401 is the servlet container's error page, not a Rest.li body).
 */
function restCause(response: PreflightResponse, token: string | undefined): string | undefined {
  if (response.status === 401 || response.status === 403) return token ? tokenCause(response, token) : undefined;
  if (
    response.status === 200 &&
    isObject(response.json) &&
    typeof response.json.urn === 'string' &&
    isObject(response.json.aspects)
  )
    return undefined;
  if (response.status >= 400 && response.status < 500 && isRestliError(response)) return undefined;
  const notTheService = `answers ${response.status} with ${bodyKind(response, 'Rest.li')}: it answers, but not as the metadata catalog service`;
  return response.status === 404 ? `${notTheService} (is the --base-url or the --prefix wrong?)` : notTheService;
}

/** `{__typename}` answered as GraphQL: data naming the query type, or GraphQL errors. */
function graphqlCause(response: PreflightResponse, token: string | undefined): string | undefined {
  if (response.status === 401 || response.status === 403) return tokenCause(response, token);
  if (isObject(response.json) && (isObject(response.json.data) || Array.isArray(response.json.errors)))
    return undefined;
  return `answers ${response.status} with ${bodyKind(response, 'GraphQL')}: not a GraphQL endpoint (is --graphql-url right?)`;
}

/**
 * Undefined when both calls answer as the service does; otherwise one line naming the URL called and
 * why the suite cannot check it.
 */
export async function preflight(target: DeploymentTarget, namespace: Namespace): Promise<string | undefined> {
  const names = NAMESPACES[namespace];
  const platform = makeUrn(names.urnPrefix, 'dataPlatform', ['conformance']);
  const urn = makeUrn(names.urnPrefix, 'dataset', [platform, `preflight_${randomBytes(6).toString('hex')}`, 'PROD']);
  const readUrl = `${target.baseUrl}${target.prefixes[0] ?? ''}/entitiesV2/${encodeURIComponent(urn)}`;
  const read = await ask(target, { url: readUrl });
  const readCause = typeof read === 'string' ? read : restCause(read, target.token);
  if (readCause)
    return `cannot check ${target.baseUrl}: GET ${readUrl} ${typeof read === 'string' ? 'failed: ' : ''}${readCause}`;
  const graphql = await ask(target, { method: 'POST', url: target.graphqlUrl, json: { query: '{__typename}' } });
  const cause = typeof graphql === 'string' ? `failed: ${graphql}` : graphqlCause(graphql, target.token);
  if (cause) return `cannot check ${target.baseUrl}: POST ${target.graphqlUrl} ${cause}`;
  return undefined;
}
