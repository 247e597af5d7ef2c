/**
 * POST /api/graphql, served by graphql-http and answered as upstream does: every executed request
 * is HTTP 200 with `application/json`, GraphQL errors included, whatever the Accept header says, and
 * the body always carries `extensions` (an object; `mockedFields` in it when the query selected any
 * mocked field). A body that is not a JSON object with a string `query` is a 400. Access follows the
 * HTTP layer's rule: a request containing a mutation is protected (a token is needed in the
 * `standard` mode), every request is in `all`; a missing or unknown token is a 401 before GraphQL runs.
 */
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { Kind, OperationTypeNode, type DocumentNode } from 'graphql';
import { createHandler, type RequestParams } from 'graphql-http';
import { authorize, type AuthConfig } from '../auth.js';
import { RestliError } from '../errors.js';
import type { MockContext } from '../handlers/context.js';
import type { MockLogger } from '../options.js';
import type { GraphqlContext } from './context.js';
import { documentCache, type DocumentCache } from './document-cache.js';
import { errorFormatter } from './errors.js';
import { catalogSchema } from './schema.js';

export interface GraphqlSettings {
  /** Only the contract and the store: GraphQL reads and writes aspects, search sees the writes through the store. */
  context: Pick<MockContext, 'contract' | 'store'>;
  auth: AuthConfig;
  logger: MockLogger;
}

/** Transport failures (no GraphQL execution) carry `{errors: [{message}]}`, as the 405 does. */
export function transportError(res: ExpressResponse, status: number, message: string): void {
  res.status(status).json({ errors: [{ message }] });
}

/** The request params, or the message of a 400 naming what is wrong with the body. */
function requestParams(body: unknown): RequestParams | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'body: expected a JSON object {query, variables, operationName}';
  const { query, variables, operationName, extensions } = body as Record<string, unknown>;
  if (typeof query !== 'string') return 'body.query: required, a string holding the GraphQL document';
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return 'body.variables: expected an object';
  if (operationName != null && typeof operationName !== 'string') return 'body.operationName: expected a string';
  const params: RequestParams = { query, variables: (variables ?? null) as Record<string, unknown> | null, operationName: operationName ?? null };
  if (extensions != null && typeof extensions === 'object') params.extensions = extensions as Record<string, unknown>;
  return params;
}

/** Whether the document holds a mutation; an unparsable document holds none (it fails in GraphQL, with 200). */
function containsMutation(query: string, documents: DocumentCache): boolean {
  let document: DocumentNode;
  try {
    document = documents.parse(query);
  } catch {
    return false;
  }
  return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === OperationTypeNode.MUTATION);
}

/** The answer's JSON: the result with `extensions`, holding `mockedFields` when the query selected any. */
function answerText(result: Record<string, unknown>, mockedFields: string[]): string {
  return JSON.stringify({ ...result, extensions: { ...(result.extensions as object | undefined), ...(mockedFields.length > 0 ? { mockedFields } : {}) } });
}

const JSON_ANSWER = { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json; charset=utf-8' } };

export function graphqlEndpoint({ context, auth, logger }: GraphqlSettings): RequestHandler {
  const documents = documentCache();
  const formatError = errorFormatter(logger);
  // Built on the first GraphQL request: building the executable schema is a tenth of the start-up.
  let handler: ReturnType<typeof createHandler<ExpressRequest, GraphqlContext, GraphqlContext>> | undefined;
  const execute: NonNullable<typeof handler> = (req) =>
    (handler ??= createHandler<ExpressRequest, GraphqlContext, GraphqlContext>({
      schema: catalogSchema(context.contract, context.store).schema,
      parse: documents.parse,
      validate: documents.validate,
      context: (req) => req.context,
      // Only reached with a body the handler below already checked, so the params are never a message.
      parseRequestParams: (req) => requestParams(req.body) as RequestParams,
      formatError,
      // An executed operation is answered here, once: graphql-http would serialise it (through a
      // replacer, the slow path) only for the extensions to be added to a parsed copy.
      onOperation: (_req, args, result) => {
        const { errors, ...rest } = result;
        const formatted = errors ? { errors: errors.map(formatError), ...rest } : rest;
        return [answerText(formatted, args.contextValue?.mockedFields ?? []), JSON_ANSWER];
      },
    }))(req);
  return async (req, res) => {
    const params = requestParams(req.body);
    if (typeof params === 'string') return transportError(res, 400, params);
    const authorization = req.get('authorization');
    try {
      authorize(auth, { authorization, kind: containsMutation(params.query, documents) ? 'protected' : 'open', write: false });
    } catch (error) {
      if (error instanceof RestliError) return transportError(res, error.status, error.message);
      throw error;
    }
    const graphqlContext: GraphqlContext = { contract: context.contract, store: context.store, auth, authorization, mockedFields: [] };
    const [body, init] = await execute({
      method: 'POST',
      url: req.originalUrl,
      // Upstream answers JSON whatever the client accepts; graphql-http would answer 406 or 400 otherwise.
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: req.body as Record<string, unknown>,
      raw: req,
      context: graphqlContext,
    });
    // Executed operations come back answered; a document that failed to parse or validate comes as graphql-http's errors.
    const text = typeof body === 'string' ? body : '{}';
    const answered = init === JSON_ANSWER ? text : answerText(JSON.parse(text) as Record<string, unknown>, graphqlContext.mockedFields);
    res.status(init.status ?? 200).type('json').send(answered);
  };
}
