/**
 * The deployment's GraphQL schema beside its state: the pull asks the GraphQL endpoint (`--graphql-url`;
 * by default GMS's `<from>/api/graphql`, or the frontend's `/api/v2/graphql` when `--from` is the
 * frontend's `<frontend>/api/gms`) for its introspection,
 * graphql-js's `getIntrospectionQuery()`, through the reader every other read goes through (the token,
 * `--timeout-ms`, `--rate`), checks that a client schema builds from the answer, and writes the result,
 * `{"__schema": …}`, whole as `FILE.schema.json` beside the seed file `FILE.json`: the sibling
 * `mock --seed FILE.json` serves as its GraphQL schema, so the two files are the state and the API of one
 * deployment, offline.
 *
 * Where introspection is off or refused (a 4xx, an answer of GraphQL errors) or its answer is unusable
 * (no answer in time, a 5xx, not JSON, not an introspection result, one no schema builds from), the pull
 * says so in one line and keeps the state alone, with exit code 0: the state is what the pull is for and
 * it was read whole, so a missing schema costs the seeded mock the deployment's API (it serves its
 * built-in one), not the pull. A schema file an earlier pull left beside the seed file is then removed,
 * so the schema beside a seed file is always of the same pull.
 */
import { existsSync, rmSync } from 'node:fs';
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { deploymentTarget } from '../deployment/index.js';
import { writeFileWhole } from '../spec/index.js';
import type { AnswerShape } from './answer-shapes.js';
import { quoted, ReadError, UnusableAnswerError, type DeploymentReader } from './deployment-reader.js';

/** What the pull got of the schema: the introspection result, why there is none, or not asked (`--no-schema`). */
export type PulledSchema =
  | { kind: 'schema'; url: string; introspection: IntrospectionQuery; types: number }
  /** Introspection is off or refused: a 4xx, or an answer of GraphQL errors. */
  | { kind: 'off'; url: string; reason: string }
  /** No usable answer: none in time, a 5xx, not JSON, not an introspection result, or one no schema builds from. */
  | { kind: 'unusable'; url: string; reason: string }
  | { kind: 'not-asked' };

type IntrospectionAnswer = { introspection: IntrospectionQuery } | { errors: string[] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A GraphQL answer to the introspection query: `{data: {__schema}}`, or `{errors}` where it is refused. */
const INTROSPECTION: AnswerShape<IntrospectionAnswer> = {
  expected: 'an introspection result ({data: {__schema: {...}}}) or GraphQL errors',
  read(json) {
    if (!isObject(json)) return undefined;
    if (isObject(json.data) && isObject(json.data.__schema))
      return { introspection: { __schema: json.data.__schema } as unknown as IntrospectionQuery };
    if (Array.isArray(json.errors) && json.errors.length)
      return {
        errors: json.errors.map((error: unknown) =>
          isObject(error) && typeof error.message === 'string' ? error.message : JSON.stringify(error),
        ),
      };
    return undefined;
  },
};

/** The frontend's address of the metadata store: its GraphQL endpoint is beside it, not under it. */
const FRONTEND_GMS = /\/api\/gms\/*$/i;

/**
 * Where the schema is asked for when `--graphql-url` is not given: the frontend's `/api/v2/graphql` when
 * `from` is the frontend's `<frontend>/api/gms`, else GMS's, deployment/'s default `<from>/api/graphql`.
 */
export function defaultGraphqlUrl(from: string): string {
  return FRONTEND_GMS.test(from)
    ? `${from.replace(FRONTEND_GMS, '')}/api/v2/graphql`
    : deploymentTarget({ baseUrl: from }).graphqlUrl;
}

/** Asks `url` for its introspection through `reader`; whatever the answer, the pull goes on. */
export async function pullSchema(reader: DeploymentReader, url: string): Promise<PulledSchema> {
  let answer: IntrospectionAnswer;
  try {
    answer = await reader.graphql(
      url,
      { query: getIntrospectionQuery(), operationName: 'IntrospectionQuery' },
      INTROSPECTION,
    );
  } catch (error) {
    if (error instanceof ReadError)
      return { kind: error.status >= 400 && error.status < 500 ? 'off' : 'unusable', url, reason: error.message };
    if (error instanceof UnusableAnswerError) return { kind: 'unusable', url, reason: error.message };
    throw error;
  }
  if ('errors' in answer)
    return { kind: 'off', url, reason: `${url} answered with GraphQL errors: ${quoted(answer.errors.join('; '))}` };
  try {
    const schema = buildClientSchema(answer.introspection);
    const types = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__')).length;
    return { kind: 'schema', url, introspection: answer.introspection, types };
  } catch (error) {
    return {
      kind: 'unusable',
      url,
      reason: `${url} answered with an introspection result no schema builds from: ${quoted((error as Error).message)}`,
    };
  }
}

/** The schema file beside a seed file: `FILE.json` → `FILE.schema.json` (another name gets `.schema.json` added). */
export function schemaFileOf(seedFile: string): string {
  return seedFile.replace(/(\.json)?$/i, '.schema.json');
}

/**
 * Writes the pulled schema whole beside the seed file, or, where there is none, removes the one an earlier
 * pull left there. Returns the line that says what happened, or undefined when there is nothing to say.
 */
export function writeSchemaFile(seedFile: string, pulled: PulledSchema): string | undefined {
  const path = schemaFileOf(seedFile);
  if (pulled.kind === 'schema') {
    writeFileWhole(path, `${JSON.stringify(pulled.introspection, null, 2)}\n`);
    return `wrote the GraphQL schema of ${pulled.url} (${pulled.types} types) to ${path}`;
  }
  const earlier = existsSync(path);
  if (earlier) rmSync(path, { force: true });
  const removed = `removed ${path}, an earlier pull's schema`;
  if (pulled.kind === 'not-asked') return earlier ? `--no-schema: ${removed}` : undefined;
  const why = pulled.kind === 'off' ? `introspection is off or refused: ${pulled.reason}` : pulled.reason;
  return `no GraphQL schema (${why}): pulled the state alone${earlier ? `; ${removed}` : ''}`;
}
