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

/** The entity of a URN never written, as the document says a read of one answers: its URN and its key aspect. */
function isEntity(response: PreflightResponse): response is PreflightResponse & { json: { urn: string } } {
  return (
    response.status === 200 &&
    isObject(response.json) &&
    typeof response.json.urn === 'string' &&
    isObject(response.json.aspects)
  );
}

/**
 * The entity read: the entity of a URN never written, a Rest.li error, or, without a token, a
 * refusal in any form (upstream's 401 is the servlet container's error page, not a Rest.li body).
 */
function restCause(response: PreflightResponse, token: string | undefined): string | undefined {
  if (response.status === 401 || response.status === 403) return token ? tokenCause(response, token) : undefined;
  if (isEntity(response)) return undefined;
  if (response.status >= 400 && response.status < 500 && isRestliError(response)) return undefined;
  return `answers ${response.status} with ${bodyKind(response, 'Rest.li')}: it answers, but not as the metadata catalog service`;
}

/** `{__typename}` answered as GraphQL: data naming the query type, or GraphQL errors. */
function graphqlCause(response: PreflightResponse, token: string | undefined): string | undefined {
  if (response.status === 401 || response.status === 403) return tokenCause(response, token);
  if (isObject(response.json) && (isObject(response.json.data) || Array.isArray(response.json.errors)))
    return undefined;
  return `answers ${response.status} with ${bodyKind(response, 'GraphQL')}: not a GraphQL endpoint`;
}

/**
 * The base URLs people give by mistake, each with its own hint: an address form or an endpoint of the
 * service rather than the service's address. `root` is the URL without the mistaken ending.
 */
const WRONG_BASE_URLS: { ending: RegExp; hint: (ending: string, root: string) => string }[] = [
  {
    ending: /\/(?:api\/)?gms$/,
    hint: (ending, root) =>
      `--base-url ends in ${ending}, an address form the suite adds itself, see --prefix: try --base-url ${root}; behind DataHub's frontend, --base-url is GMS's address and --gateway-url the frontend's`,
  },
  {
    ending: /\/api\/v2\/graphql$/,
    hint: (ending) =>
      `--base-url ends in ${ending}, the GraphQL endpoint of DataHub's frontend: --base-url is GMS's address; give this one as --graphql-url`,
  },
  {
    ending: /\/api\/graphql$/,
    hint: (ending, root) =>
      `--base-url ends in ${ending}, the GraphQL endpoint: try --base-url ${root}; GraphQL at another address is --graphql-url`,
  },
  {
    ending: /\/api\/graphiql$/,
    hint: (ending, root) => `--base-url ends in ${ending}, the GraphQL explorer page: try --base-url ${root}`,
  },
  {
    ending: /\/openapi(?:\/.*)?$/,
    hint: (ending, root) =>
      `--base-url ends in ${ending}, DataHub's OpenAPI paths, which the suite does not check: try --base-url ${root}`,
  },
];

/** The hint for a base URL of a mistaken form, if it is one. */
export function baseUrlHint(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  for (const { ending, hint } of WRONG_BASE_URLS) {
    const match = ending.exec(path);
    if (match) return hint(match[0], `${url.origin}${path.slice(0, match.index)}`);
  }
  return undefined;
}

/** The URL of the preflight's read of `urn` under `prefix`. */
function readUrl(target: DeploymentTarget, prefix: string, urn: string): string {
  return `${target.baseUrl}${prefix}/entitiesV2/${encodeURIComponent(urn)}`;
}

/** A URN no one wrote, in a namespace's names. */
function unwrittenUrn(namespace: Namespace): string {
  const names = NAMESPACES[namespace];
  const platform = makeUrn(names.urnPrefix, 'dataPlatform', ['conformance']);
  return makeUrn(names.urnPrefix, 'dataset', [platform, `preflight_${randomBytes(6).toString('hex')}`, 'PROD']);
}

/**
 * The namespace the target names its entities in, when it is not the run's: the read of a URN never
 * written in another namespace's names (with its protocol header, at the run's first prefix and at the
 * bare one, which is all GMS serves) answers with the entity.
 */
async function otherNamespace(target: DeploymentTarget, namespace: Namespace): Promise<Namespace | undefined> {
  for (const other of Object.keys(NAMESPACES) as Namespace[]) {
    if (other === namespace) continue;
    const names = NAMESPACES[other];
    const probe = { ...target, protocolHeader: { ...target.protocolHeader, name: names.protocolHeader } };
    for (const prefix of new Set([target.prefixes[0] ?? '', ''])) {
      const answer = await ask(probe, { url: readUrl(probe, prefix, unwrittenUrn(other)) });
      if (typeof answer !== 'string' && isEntity(answer) && answer.json.urn.startsWith(names.urnPrefix)) return other;
    }
  }
  return undefined;
}

/**
 * Undefined when both calls answer as the service does; otherwise one line naming the URL called and
 * why the suite cannot check it: the namespace to run with when the target names its entities in the
 * other one, a hint for a base URL of a mistaken form, else what to look at.
 */
export async function preflight(target: DeploymentTarget, namespace: Namespace): Promise<string | undefined> {
  const url = readUrl(target, target.prefixes[0] ?? '', unwrittenUrn(namespace));
  const read = await ask(target, { url });
  const refused = typeof read !== 'string' && (read.status === 401 || read.status === 403);
  if (typeof read !== 'string' && !refused && !isEntity(read)) {
    const other = await otherNamespace(target, namespace);
    if (other)
      return `cannot check ${target.baseUrl}: it names its entities ${NAMESPACES[other].urnPrefix}…, not ${NAMESPACES[namespace].urnPrefix}…: run with --namespace ${other}`;
  }
  const hint = baseUrlHint(target.baseUrl);
  const readCause = typeof read === 'string' ? read : restCause(read, target.token);
  if (readCause) {
    const why = typeof read === 'string' ? `failed: ${readCause}` : readCause;
    const look =
      typeof read !== 'string' && read.status === 404 ? 'is the --base-url or the --prefix wrong?' : undefined;
    return `cannot check ${target.baseUrl}: GET ${url} ${why}${suffix(hint ?? look)}`;
  }
  const graphql = await ask(target, { method: 'POST', url: target.graphqlUrl, json: { query: '{__typename}' } });
  if (typeof graphql === 'string')
    return `cannot check ${target.baseUrl}: POST ${target.graphqlUrl} failed: ${graphql}`;
  const cause = graphqlCause(graphql, target.token);
  if (cause)
    return `cannot check ${target.baseUrl}: POST ${target.graphqlUrl} ${cause}${suffix(hint ?? 'is --graphql-url right?')}`;
  return undefined;
}

function suffix(hint: string | undefined): string {
  return hint ? ` (${hint})` : '';
}
