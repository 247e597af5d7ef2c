/**
 * POST /api/graphql, handled as upstream does: every executed request
 * is HTTP 200 with `application/json`, GraphQL errors included, whatever the Accept header says, and
 * the body always carries `extensions` (`{}`, as upstream's GraphQLController responds). A body that is not a JSON object with a
 * string `query` is a 400 with `{errors: [{message}]}` naming the field; in the upstream profile, a body
 * that is not JSON or has no `query` is a 400 with an empty body, as upstream (graphql-transport-error-bodies).
 * Access follows the HTTP layer's rule: a request containing a mutation is protected (a token is needed in the
 * `standard` mode), every request is in `all`; a missing or unknown token is a 401 before GraphQL runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type {
  DocumentNode,
  ExecutionResult,
  FragmentDefinitionNode,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';
import { protocolHeaderNow, sendJson } from '../../wire/json-response.js';
import { authorize, type AuthConfig } from '../../auth/bearer-auth.js';
import { RestliError } from '../../errors.js';
import { responseCaches } from '../../store/response-cache.js';
import { RecentTexts } from '../../wire/recent-texts.js';
import { documentHash, type Contract } from '../../../spec/index.js';
import type { ApiHandler, BodyRead, PreparedCall } from '../../wire/api-handler.js';
import type { MockContext } from '../../controls/mock-context.js';
import type { MockLogger } from '../../options.js';
import type { GraphqlContext } from '../context.js';
import { documentCache, type DocumentCache } from './document-cache.js';
import { errorFormatter } from './error-formatter.js';
import { holdToRequestBudget, RequestBudget } from './request-budget.js';
import { limitExceeded, measureOperation, type OperationLimits } from './operation-limits.js';
import { operationChoiceError } from './operation-choice.js';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from '../../addresses.js';

// The graphql instance @graphql-tools builds the schema with (CommonJS; see document-cache.ts).
const { execute, getOperationAST, GraphQLError, Kind, OperationTypeNode } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

export interface GraphqlSettings {
  /** GraphQL reads and writes aspects of the request's store; search sees the writes through it. */
  contract: Contract;
  auth: AuthConfig;
  logger: MockLogger;
  /** The depth and complexity past which an operation is refused before it runs. */
  limits: OperationLimits;
  /** A team's SDL served in place of the contract's (../overlay/load.ts); the contract's when absent. */
  servedSdl?: DocumentNode;
}

/** The request of a POST: what graphql-over-HTTP calls its parameters. */
interface RequestParams {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
}

/** What a body's text alone decides: the checked request, the operation it names (journal and faults), whether its document holds a mutation. */
interface CheckedBody {
  params: RequestParams;
  operation: string | undefined;
  mutation: boolean;
  /** The response cache's key for the last caller that sent the body, made once while that caller sends it again. */
  lastKey?: { profile: string; authorization: string | undefined; key: string };
  /** The document's hash (spec's documentHash), worked out on the body's first count. */
  hash?: string;
}

/** A GraphQL response: its text, and whether the same request may be sent it from the cache until the store's next write. */
interface ExecutionResponse {
  text: string;
  cacheable: boolean;
  /** Whether the answer holds GraphQL errors (the per-operation counts count them). */
  errors: boolean;
}

/** A cached response: its text, for the request journal, and the bytes sent. */
interface CachedResponse {
  text: string;
  bytes: Buffer;
}

// Bodies whose checked request is kept, and the longest body kept (the parsed request is kept beside its text).
const BODIES_KEPT = 256;
const LONGEST_BODY = 16 * 1024;
const POST = 'POST';

// Each store's cached responses to queries, until its next write, as the entity reads' are: a budget of
// text per store (each response cached as text and as its UTF-8 bytes), every session of a server may fill its own.
const RESPONSE_CACHE_BUDGET = 1024 * 1024;

/**
 * What a query's response depends on besides the store's rows: the body's text (document, variables and
 * operation name), the caller (no header value holds a line break) and the profile (a word). The same
 * string while the same caller sends the same body: its hash is worked out once.
 */
function cacheKey(checked: CheckedBody, profile: string, authorization: string | undefined, body: string): string {
  const last = checked.lastKey;
  if (last !== undefined && last.profile === profile && last.authorization === authorization) return last.key;
  const key = `${profile} ${authorization === undefined ? '-' : `+${authorization}`}\n${body}`;
  checked.lastKey = { profile, authorization, key };
  return key;
}

/** Answers kept per document of a configuration query (its variables and inputs vary little). */
const ANSWERS_PER_DOCUMENT = 16;

/**
 * The key of a kept answer: for an operation whose root selections are all fields of `answerInputs` (no
 * fragment, no directive), its name, variables, profile and the inputs those fields read now; undefined
 * for any other operation.
 */
function keptAnswerKey(
  operation: OperationDefinitionNode,
  answerInputs: ReadonlyMap<string, (ctx: GraphqlContext) => string>,
  params: RequestParams,
  ctx: GraphqlContext,
): string | undefined {
  const fields = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || (selection.directives?.length ?? 0) > 0) return undefined;
    if (!answerInputs.has(selection.name.value)) return undefined;
    fields.add(selection.name.value);
  }
  if (fields.size === 0) return undefined;
  const inputs = [...fields].sort().map((field) => `${field}: ${answerInputs.get(field)!(ctx)}`);
  return [params.operationName ?? '', JSON.stringify(params.variables ?? {}), ctx.profile, ...inputs].join('\n');
}

/** Transport failures (no GraphQL execution) carry `{errors: [{message}]}`, as the 405 does. */
function transportError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, JSON.stringify({ errors: [{ message }] }));
}

/**
 * Whether upstream's GraphQLController would respond to the body with a 400 and no body at all: JSON it cannot
 * parse, or JSON with no `query` field (postGraphQL in metadata-service/graphql-servlet-impl/src/main/
 * java/com/datahub/graphql/GraphQLController.java, commit 06d78b48f97d73ce347119fb6801c67b26fe5dc7).
 */
function upstreamRefuses(failure: RestliError | undefined, body: unknown): boolean {
  if (failure) return failure.status === 400;
  return body === null || typeof body !== 'object' || !('query' in body);
}

/** The request params, or the message of a 400 naming what is wrong with the body. */
function requestParams(body: unknown): RequestParams | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return 'body: expected a JSON object {query, variables, operationName}';
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string') return 'body.query: required, a string holding the GraphQL document';
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables)))
    return 'body.variables: expected an object';
  if (operationName != null && typeof operationName !== 'string') return 'body.operationName: expected a string';
  return {
    query,
    variables: (variables ?? null) as Record<string, unknown> | null,
    operationName: (operationName as string | null | undefined) ?? null,
  };
}

/** Whether the document holds a mutation; an unparsable document holds none (it fails in GraphQL, with 200). */
function containsMutation(query: string, documents: DocumentCache): boolean {
  let document: DocumentNode;
  try {
    document = documents.parse(query);
  } catch {
    return false;
  }
  return document.definitions.some(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === OperationTypeNode.MUTATION,
  );
}

/** The document's fragments by name (the first of a name: validation refuses a second). */
function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] ??= definition;
  return fragments;
}

/** Two response paths in a fixed order: segment by segment, list indexes as numbers, a parent before its fields. */
function byPath(a: string, b: string): number {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    if (x[i] === y[i]) continue;
    const [m, n] = [Number(x[i]), Number(y[i])];
    return Number.isInteger(m) && Number.isInteger(n) ? m - n : x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * The response's JSON: the result with `extensions`, an object always, holding `mockedFields` when a
 * field of a team's schema was filled (../overlay/fill.ts), in path order: the order fields resolve in
 * varies once a long request yields between slices of its work, and an answer must not.
 */
function responseText(result: Record<string, unknown>, mockedFields?: readonly string[]): string {
  const extensions = { ...(result.extensions as object | undefined) };
  if (mockedFields?.length) Object.assign(extensions, { mockedFields: [...mockedFields].sort(byPath) });
  return JSON.stringify({ ...result, extensions });
}

/** `graphql:` and the operation's name, or the first root field of an unnamed one; undefined when the body names none. */
function operationOf(params: RequestParams, documents: DocumentCache): string | undefined {
  let name = params.operationName ?? undefined;
  if (name === undefined) {
    try {
      const operation = getOperationAST(documents.parse(params.query), null);
      const first = operation?.selectionSet.selections[0];
      name = operation?.name?.value ?? (first?.kind === Kind.FIELD ? first.name.value : undefined);
    } catch {
      return undefined;
    }
  }
  return name === undefined ? undefined : `graphql:${name}`;
}

// The executable schema of a contract, or of a team's SDL over it, built once per process and shared by every
// server of it (a test run starts many): it keeps nothing of a server's own, each request brings its store.
// Loaded and built on the first GraphQL request: loading @graphql-tools and the resolvers was about a third of a
// start, building the executable schema a tenth.
/** The executable schema, and the root fields whose answers are kept by their inputs (schema.ts answerInputs). */
interface Executable {
  schema: GraphQLSchema;
  answerInputs: ReadonlyMap<string, (ctx: GraphqlContext) => string>;
}

const builtSchemas = new WeakMap<Contract, Promise<Executable>>();
const builtOverlays = new WeakMap<DocumentNode, Promise<Executable>>();

function executableSchema(contract: Contract, servedSdl: DocumentNode | undefined): Promise<Executable> {
  const built = servedSdl ? builtOverlays.get(servedSdl) : builtSchemas.get(contract);
  if (built) return built;
  const building = import('../schema.js').then(({ catalogSchema }) => {
    const { schema, answerInputs } = catalogSchema(contract, servedSdl);
    return { schema: holdToRequestBudget(schema), answerInputs };
  });
  if (servedSdl) builtOverlays.set(servedSdl, building);
  else builtSchemas.set(contract, building);
  return building;
}

/**
 * POST /api/graphql on node's request and response (other methods: 405 with `Allow: POST`): the body
 * read as the metadata-store API reads it, then the document parsed, validated and executed with
 * graphql-js as graphql-over-HTTP prescribes for `application/json` (errors of a document that does
 * not parse, validate or name an operation are sent with 200, as every execution's are).
 */
export function graphqlEndpoint({
  contract,
  auth,
  logger,
  limits,
  servedSdl,
}: GraphqlSettings): ApiHandler<MockContext> {
  const documents = documentCache();
  // The kept answers of configuration queries, by document (kept while it is kept parsed) and key.
  const keptAnswers = new WeakMap<DocumentNode, Map<string, string>>();
  const keepAnswer = (document: DocumentNode, key: string, text: string): void => {
    let answers = keptAnswers.get(document);
    if (!answers || answers.size >= ANSWERS_PER_DOCUMENT) keptAnswers.set(document, (answers = new Map()));
    answers.set(key, text);
  };
  const formatError = errorFormatter(logger);
  const cachedResponses = responseCaches<CachedResponse>(RESPONSE_CACHE_BUDGET);
  const errorsResponse = (errors: readonly Error[]): ExecutionResponse => ({
    text: responseText({ errors: errors.map(formatError) }),
    cacheable: false,
    errors: true,
  });

  /**
   * The response, cacheable only for a query that gave no error (an error may be logged) and read
   * nothing that can change while the store's rows do not: no write still waiting for the index lag
   * once it ran (the derived reads then change with the time alone, as the lag passes), and no read of
   * the journal (which every request adds to).
   */
  const run = async (params: RequestParams, contextOf: () => GraphqlContext): Promise<ExecutionResponse> => {
    const { schema, answerInputs } = await executableSchema(contract, servedSdl);
    // The request's budget starts once the schema is there: the first request of a process loads it, which is
    // no work of that request's own.
    const contextValue = contextOf();
    let document: DocumentNode;
    try {
      document = documents.parse(params.query);
    } catch (error) {
      return errorsResponse([error as Error]);
    }
    const selected = getOperationAST(document, params.operationName);
    if (selected) {
      const measure = measureOperation(schema, selected, fragmentsOf(document), params.variables ?? {});
      const refusal = limitExceeded(measure, limits);
      if (refusal) return errorsResponse([new GraphQLError(refusal)]);
    }
    const invalid = documents.validate(schema, document);
    if (invalid.length > 0) return errorsResponse(invalid);
    const operation = selected;
    if (!operation) return errorsResponse([new GraphQLError(operationChoiceError(document, params.operationName))]);
    if (operation.operation === OperationTypeNode.SUBSCRIPTION)
      return errorsResponse([new GraphQLError('Subscriptions are not supported')]);
    // A query of configuration fields alone is answered once per document, variables and inputs of those fields.
    const answerKey =
      operation.operation === OperationTypeNode.QUERY
        ? keptAnswerKey(operation, answerInputs, params, contextValue)
        : undefined;
    const kept = answerKey === undefined ? undefined : keptAnswers.get(document)?.get(answerKey);
    if (kept !== undefined) {
      contextValue.requestBudget.finish();
      return { text: kept, cacheable: true, errors: false };
    }
    let result: ExecutionResult;
    try {
      result = (await execute({
        schema,
        document,
        contextValue,
        variableValues: params.variables,
        operationName: params.operationName,
      })) as ExecutionResult;
    } finally {
      contextValue.requestBudget.finish();
    }
    const { errors, ...rest } = result;
    // One error in place of the partial answer, without the fields' path.
    if (contextValue.requestBudget.exceeded)
      return errorsResponse([new GraphQLError(contextValue.requestBudget.error().message)]);
    const cacheable =
      !errors &&
      operation.operation === OperationTypeNode.QUERY &&
      !contextValue.store.indexWaiting &&
      !contextValue.readJournal;
    const answer = errors ? { errors: errors.map(formatError), ...rest } : rest;
    const text = responseText(answer, contextValue.mockedFields);
    if (answerKey !== undefined && cacheable) keepAnswer(document, answerKey, text);
    return { text, cacheable, errors: !!errors };
  };

  /** A failure while responding: a RestliError in the transport's error body, anything else a logged 500. */
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    if (error instanceof RestliError) return transportError(res, error.status, error.message);
    logger(`POST ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`, 'error');
    transportError(res, 500, `Internal error: ${(error as Error)?.message ?? String(error)}`);
  };

  // What each body's text decides, kept while the same bodies come again (JSON.parse and the checks
  // were a tenth of a cached response's work).
  const bodies = new RecentTexts<CheckedBody>(BODIES_KEPT, LONGEST_BODY);
  /** The body's checked request, or the message of the 400 naming what is wrong with it. */
  const checkedBody = (read: BodyRead): CheckedBody | string => {
    const { text } = read;
    const known = text === undefined ? undefined : bodies.known(POST, text);
    if (known) return known;
    const params = read.failure ? read.failure.message : requestParams(read.body);
    if (typeof params === 'string') return params;
    const checked: CheckedBody = {
      params,
      operation: operationOf(params, documents),
      mutation: containsMutation(params.query, documents),
    };
    // A body that was checked was read whole: it has its text.
    bodies.keep(POST, text as string, checked);
    return checked;
  };

  // Each parsed document's hash: bodies that differ only in their variables or extensions send the same
  // document (kept parsed by its text), and printing it again for the hash was a tenth of a small query's work.
  const hashes = new WeakMap<DocumentNode, string>();
  const hashOf = (document: DocumentNode): string => {
    let hash = hashes.get(document);
    if (hash === undefined) hashes.set(document, (hash = documentHash(document)));
    return hash;
  };

  /** Counts the request in its session's per-operation counts (controls/operation-counts.ts). */
  const count = (context: MockContext, checked: CheckedBody, errors: boolean): void => {
    if (!context.operationCounts || checked.operation === undefined) return;
    if (checked.hash === undefined) {
      try {
        checked.hash = hashOf(documents.parse(checked.params.query));
      } catch {
        checked.hash = 'unparsable';
      }
    }
    const name = checked.operation.slice('graphql:'.length);
    context.operationCounts.add(name, checked.hash, checked.params.variables, errors);
  };

  const prepare = (req: IncomingMessage, read: BodyRead): PreparedCall<MockContext> => {
    if (req.method !== POST) {
      return {
        operation: undefined,
        respond: (res) => {
          protocolHeaderNow(res);
          res.setHeader('Allow', 'POST');
          transportError(
            res,
            405,
            `Only POST is supported on ${GRAPHQL_PATH}: send a JSON body {query, variables, operationName}; the explorer is at ${GRAPHIQL_PATH}.`,
          );
        },
      };
    }
    const checked = checkedBody(read);
    if (typeof checked === 'string') {
      return {
        operation: undefined,
        respond: (res, context: MockContext) => {
          if (context.profile === 'upstream' && upstreamRefuses(read.failure, read.body)) {
            protocolHeaderNow(res);
            res.writeHead(400, { 'Content-Length': '0' });
            return res.end();
          }
          transportError(res, read.failure?.status ?? 400, checked);
        },
      };
    }
    const { params, mutation } = checked;
    return {
      operation: checked.operation,
      writes: mutation,
      respond: (res, context: MockContext) => {
        const authorization = req.headers.authorization;
        try {
          authorize(auth, { authorization, kind: mutation ? 'protected' : 'open', write: false });
        } catch (error) {
          count(context, checked, true);
          return failed(req, res, error);
        }
        // A document holding a mutation is never sent from, nor cached in, the store's cached responses.
        const key = mutation ? undefined : cacheKey(checked, context.profile, authorization, read.text as string);
        const cache = key === undefined ? undefined : cachedResponses(context.store);
        const since = cache?.since();
        const known = key === undefined || since === undefined ? undefined : cache?.kept(key);
        if (known) {
          count(context, checked, false);
          return sendJson(res, 200, known.text, known.bytes);
        }
        const contextOf = (): GraphqlContext => ({
          contract,
          store: context.store,
          discovery: context.discovery,
          profile: context.profile,
          auth,
          authorization,
          requestBudget: new RequestBudget(limits.budgetMs, () => context.store.reads.hold()),
          journal: context.journal,
        });
        run(params, contextOf).then(
          ({ text, cacheable, errors }) => {
            count(context, checked, errors);
            if (!cache || key === undefined || !cacheable) return sendJson(res, 200, text);
            const bytes = Buffer.from(text, 'utf8');
            cache.keep(key, { value: { text, bytes }, size: text.length }, since);
            sendJson(res, 200, text, bytes);
          },
          (error: unknown) => {
            count(context, checked, true);
            failed(req, res, error);
          },
        );
      },
    };
  };

  return { prepare, fail: transportError };
}
