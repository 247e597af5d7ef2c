/**
 * A HAR capture (a browser's devtools, Playwright's `recordHar`, a recording proxy) read as the
 * metadata service's traffic: each entry of the API (every address form, a `/__session/<id>` prefix
 * taken off) is a write to apply (an operation that writes, or a GraphQL mutation) or a read whose
 * recorded answer is checked against the contract (the operation's response schema for its status, or
 * an upstream shape the differences registry lists; a GraphQL query against the SDL). Anything else
 * (pages, scripts, images) is no traffic of the service and is only counted. A file that is no HAR
 * capture, an entry that is no object, and JSON that nests deeper than the depth limit
 * (`../wire/json-depth.ts`; a recorded body's text included) refuse the file, naming it and the entry.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, getOperationAST, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Contract, JsonSchema, OperationSpec } from '../../spec/index.js';
import { SchemaValidators } from '../../spec/validation.js';
import { ADDRESS_FORMS, GRAPHQL_PATH, GRAPHQL_V2_PATH, resourcePath, SESSION_PREFIX } from '../addresses.js';
import { isWrite } from '../auth/operation-access.js';
import { nestsTooDeep, tooDeepMessage } from '../wire/json-depth.js';
import { pathMatcher } from '../wire/path-matcher.js';

/** A write of the capture, to send again: the resource path (no address form) and query, the body. */
export interface HarWrite {
  /** 1-based position of the entry in the capture. */
  entry: number;
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/** What was wrong with an entry: a read whose answer breaks the contract, a write the mock refused. */
export interface HarNote {
  entry: number;
  method: string;
  target: string;
  status?: number;
  message: string;
}

export interface HarCapture {
  writes: HarWrite[];
  /** Reads of the service checked. */
  reads: number;
  /** Reads whose recorded answer breaks the contract. */
  violations: HarNote[];
  /** Entries that are no traffic of the service. */
  ignored: number;
}

/** The file is no HAR capture. */
export class HarFileError extends Error {}

interface HarEntry {
  request?: {
    method?: string;
    url?: string;
    headers?: { name: string; value: string }[];
    postData?: { text?: string };
  };
  response?: { status?: number; content?: { text?: string; encoding?: string } };
}

const KEPT_HEADERS = new Set(['content-type', 'x-restli-protocol-version']);
const GRAPHQL_PATHS = new Set([GRAPHQL_PATH, GRAPHQL_V2_PATH]);
const validators = new SchemaValidators();
const graphqlSchemas = new WeakMap<Contract, GraphQLSchema>();

function withoutSession(pathname: string): string {
  if (!pathname.startsWith(SESSION_PREFIX)) return pathname;
  const rest = pathname.slice(SESSION_PREFIX.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? '/' : rest.slice(slash);
}

function responseBody(entry: HarEntry): unknown {
  const content = entry.response?.content;
  if (content?.text === undefined) return undefined;
  const text = content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The GraphQL document of a request body, or a message saying why there is none. */
function graphqlDocument(body: string | undefined): { document: DocumentNode; operationName?: string } | string {
  let request: { query?: unknown; operationName?: unknown };
  try {
    request = JSON.parse(body ?? '') as typeof request;
  } catch {
    return 'the body is not a JSON GraphQL request';
  }
  if (typeof request.query !== 'string') return 'the body has no query';
  try {
    return {
      document: parse(request.query),
      ...(typeof request.operationName === 'string' ? { operationName: request.operationName } : {}),
    };
  } catch (error) {
    return (error as Error).message;
  }
}

/** The operation a request runs is a mutation (graphql-js picks it as execution would). */
function isMutation(document: DocumentNode, operationName: string | undefined): boolean {
  return getOperationAST(document, operationName ?? null)?.operation === 'mutation';
}

/** The contract's operation of a request: its method, resource path and action. */
function operationOf(
  contract: Contract,
  method: string,
  path: string,
  action: string | null,
): OperationSpec | undefined {
  return contract.operations.find(
    (op) =>
      op.method === method.toLowerCase() && (op.action ?? null) === action && pathMatcher(op.path)(path) !== undefined,
  );
}

/** Errors of a recorded answer: none when it fits the operation's schema for its status or an upstream shape listed for it. */
function responseErrors(contract: Contract, op: OperationSpec, status: number, body: unknown): string[] {
  // A 401 comes from whatever guards the service (upstream: the servlet container's page), not from the operation.
  const schema: JsonSchema | undefined = op.responses[String(status)];
  if (!schema || status === 401) return [];
  const errors = validators.validate(schema, body);
  if (!errors.length) return [];
  const shapes = contract.differences.filter(
    (d) => d.shape?.operation === op.operationId && (d.shape.status ?? 200) === status,
  );
  return shapes.some((d) => !validators.validate(d.shape!.schema, body).length) ? [] : errors;
}

/** Whether a value is a JSON object (not null, not an array). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of an entry that are read, each of the type it is read as; a message naming the first that is not. */
function entryShapeError(entry: unknown): string | undefined {
  if (!isObject(entry)) return 'is not a JSON object';
  const { request, response } = entry;
  if (request !== undefined && !isObject(request)) return 'request: is not a JSON object';
  if (response !== undefined && !isObject(response)) return 'response: is not a JSON object';
  const headers = request?.headers;
  if (
    headers !== undefined &&
    !(Array.isArray(headers) && headers.every((h) => isObject(h) && typeof h.name === 'string'))
  )
    return 'request.headers: is not an array of {name, value}';
  for (const [field, value] of [
    ['request.method', request?.method],
    ['request.url', request?.url],
  ] as const)
    if (value !== undefined && typeof value !== 'string') return `${field}: is not a string`;
  const { postData } = request ?? {};
  if (postData !== undefined && !isObject(postData)) return 'request.postData: is not a JSON object';
  if (postData?.text !== undefined && typeof postData.text !== 'string')
    return 'request.postData.text: is not a string';
  const { content } = response ?? {};
  if (content !== undefined && !isObject(content)) return 'response.content: is not a JSON object';
  if (content?.text !== undefined && typeof content.text !== 'string') return 'response.content.text: is not a string';
  return undefined;
}

/** The recorded texts of an entry that are JSON bodies, by the field that holds them. */
function bodyTexts(entry: HarEntry): [string, string | undefined][] {
  return [
    ['request.postData.text', entry.request?.postData?.text],
    ['response.content.text', entry.response?.content?.text],
  ];
}

export function readHarFile(path: string, contract: Contract): HarCapture {
  // The entries below have paths of their own.
  const file = path;
  let har: { log?: { entries?: unknown } };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
    // JSON.parse does not recurse; nothing but the fields below is read of an entry, and they are checked first.
    har = JSON.parse(text) as typeof har;
  } catch (error) {
    throw new HarFileError(`HAR file ${path}: ${(error as Error).message}`);
  }
  if (!Array.isArray(har?.log?.entries))
    throw new HarFileError(`HAR file ${path}: no log.entries array (not a HAR capture)`);
  const capture: HarCapture = { writes: [], reads: 0, violations: [], ignored: 0 };
  (har.log.entries as unknown[]).forEach((raw, index) => {
    const number = index + 1;
    const shapeError = entryShapeError(raw);
    if (shapeError) throw new HarFileError(`HAR file ${file} entry ${number}: ${shapeError}`);
    const entry = raw as HarEntry;
    for (const [field, body] of bodyTexts(entry)) {
      const decoded =
        field === 'response.content.text' && entry.response?.content?.encoding === 'base64' && body !== undefined
          ? Buffer.from(body, 'base64').toString('utf8')
          : body;
      if (typeof decoded === 'string' && nestsTooDeep(decoded))
        throw new HarFileError(tooDeepMessage(`HAR file ${file} entry ${number} ${field}`));
    }
    const method = (entry.request?.method ?? 'GET').toUpperCase();
    if (!entry.request?.url || !URL.canParse(entry.request.url)) {
      capture.ignored++;
      return;
    }
    const url = new URL(entry.request.url);
    const pathname = withoutSession(url.pathname);
    const body = entry.request.postData?.text;
    const headers = Object.fromEntries(
      (entry.request.headers ?? [])
        .filter((h) => KEPT_HEADERS.has(h.name.toLowerCase()))
        .map((h) => [h.name.toLowerCase(), h.value]),
    );
    const status = entry.response?.status ?? 0;
    if (GRAPHQL_PATHS.has(pathname)) {
      const graphql = graphqlDocument(body);
      if (typeof graphql !== 'string' && method === 'POST' && isMutation(graphql.document, graphql.operationName)) {
        capture.writes.push({
          entry: number,
          method,
          target: pathname,
          headers,
          ...(body !== undefined ? { body } : {}),
        });
        return;
      }
      capture.reads++;
      let schema = graphqlSchemas.get(contract);
      if (!schema) graphqlSchemas.set(contract, (schema = buildSchema(contract.graphqlSdl)));
      const errors = typeof graphql === 'string' ? [graphql] : validate(schema, graphql.document).map((e) => e.message);
      for (const message of errors)
        capture.violations.push({ entry: number, method, target: pathname, status, message: `request: ${message}` });
      return;
    }
    const path = resourcePath(pathname, ADDRESS_FORMS);
    const op = operationOf(contract, method, path, url.searchParams.get('action'));
    const target = path + url.search;
    if (!op) {
      // A resource of the service with a method or action it does not have is the app's mistake; any other path is no traffic of the service.
      if (contract.operations.some((o) => pathMatcher(o.path)(path) !== undefined)) {
        capture.reads++;
        capture.violations.push({
          entry: number,
          method,
          target,
          status,
          message: 'request: no operation of the contract has this method and action',
        });
      } else capture.ignored++;
      return;
    }
    if (isWrite(op)) {
      capture.writes.push({ entry: number, method, target, headers, ...(body !== undefined ? { body } : {}) });
      return;
    }
    capture.reads++;
    for (const message of responseErrors(contract, op, status, responseBody(entry)))
      capture.violations.push({
        entry: number,
        method,
        target,
        status,
        message: `${op.operationId} answer: ${message}`,
      });
  });
  return capture;
}
