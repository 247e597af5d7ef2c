/**
 * The targets an operations run checks: each `--target [LABEL=]URL`, a live deployment or a mock, reached
 * through `deployment/`'s one client. A URL whose path ends in `graphql` is the GraphQL endpoint itself;
 * any other is a base URL whose endpoint is `<URL>/api/graphql`, as the mock and GMS serve it. A target's
 * schema is what it answers to the standard introspection query; one that cannot be read is a target the
 * run cannot check (exit 3).
 */
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { deploymentTarget, send, whyNoResponse, type DeploymentTarget } from '../../deployment/index.js';

export interface OperationTarget {
  /** The name in the matrix: the LABEL given, else the URL. */
  label: string;
  deployment: DeploymentTarget;
}

/** A `--target` value that is not `[LABEL=]URL`: a usage error. */
export class TargetError extends Error {}

export function operationTarget(given: string, options: { token?: string; timeoutMs?: number }): OperationTarget {
  const equals = given.indexOf('=');
  const labelled = equals > 0 && !given.slice(0, equals).includes(':');
  const url = labelled ? given.slice(equals + 1) : given;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new TargetError(`--target '${given}': expected [LABEL=]URL with an http or https URL`);
  const bare = url.replace(/\/+$/, '');
  const endpoint = /graphql$/i.test(new URL(bare).pathname);
  return {
    label: labelled ? given.slice(0, equals) : bare,
    deployment: deploymentTarget({
      baseUrl: endpoint ? new URL(bare).origin : bare,
      ...(endpoint ? { graphqlUrl: bare } : {}),
      ...(options.token ? { token: options.token } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    }),
  };
}

export interface GraphqlAnswer {
  status: number;
  body: { data?: unknown; errors?: { message?: unknown }[] } | undefined;
}

/**
 * The time the introspection answer may take at least: the largest answer a GraphQL endpoint gives, and on
 * a mock the first request, which builds its executable schema (seconds on a busy machine).
 */
const INTROSPECTION_TIMEOUT_MS = 60_000;

/** POSTs one GraphQL request to the target's endpoint; a target that does not answer throws whyNoResponse's words. */
export async function sendGraphql(
  target: OperationTarget,
  request: { query: string; operationName?: string; variables?: Record<string, unknown> },
  timeoutMs = target.deployment.timeoutMs,
): Promise<GraphqlAnswer> {
  try {
    const response = await send(target.deployment, {
      method: 'POST',
      url: target.deployment.graphqlUrl,
      json: request,
      headers: { Accept: 'application/json' },
      timeoutMs,
    });
    const body = response.json;
    return {
      status: response.status,
      body:
        typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as GraphqlAnswer['body']) : undefined,
    };
  } catch (error) {
    throw new Error(whyNoResponse(error));
  }
}

/** The target's schema by introspection, or why it cannot be read (one line naming the endpoint). */
export async function introspectedSchema(target: OperationTarget): Promise<GraphQLSchema | string> {
  const where = `${target.label}: POST ${target.deployment.graphqlUrl}`;
  const introspect = (inputValueDeprecation: boolean): Promise<GraphqlAnswer> =>
    sendGraphql(
      target,
      { query: getIntrospectionQuery({ inputValueDeprecation }), operationName: 'IntrospectionQuery' },
      Math.max(target.deployment.timeoutMs, INTROSPECTION_TIMEOUT_MS),
    );
  let answer: GraphqlAnswer;
  try {
    // Deprecated input fields (upstream's `filters` of search inputs) are part of what a target accepts: the
    // standard query leaves them out. A server that does not know the argument is asked the standard query.
    answer = await introspect(true);
    if (answer.status !== 200 || !answer.body?.data) answer = await introspect(false);
  } catch (error) {
    return `${where} failed: ${(error as Error).message}`;
  }
  const data = answer.body?.data as IntrospectionQuery | undefined;
  if (answer.status !== 200 || !data?.__schema) {
    const cause = answer.body?.errors?.[0]?.message;
    return `${where} answered ${answer.status} without a schema to the introspection query${cause ? `: ${String(cause)}` : ''} (is introspection turned off, or the URL not a GraphQL endpoint?)`;
  }
  try {
    return buildClientSchema(data);
  } catch (error) {
    return `${where}: its introspection result does not build a schema: ${(error as Error).message}`;
  }
}
