/**
 * The mock's request listener, assembled: the metadata-store router behind its lean HTTP handler,
 * GraphQL on its own handler, and the express app for the rest (admin endpoints, the docs site, the
 * GraphQL explorer), with request-listener.ts choosing among the three by path. Both render failures through
 * error-answer.ts: bad input is always a 4xx in the Rest.li error body; a 500 means a defect.
 */
import express, { type ErrorRequestHandler, type Express } from 'express';
import { SchemaValidators } from '../spec/validation.js';
import { ADDRESS_FORMS, UPSTREAM_ADDRESS_FORMS } from './address-forms.js';
import { adminRouter, ADMIN_PATH } from './admin.js';
import { docsRouter } from './api-reference.js';
import { bearerToken, type AuthConfig } from './auth.js';
import { answerError, type ErrorAnswerSettings } from './error-answer.js';
import { graphqlEndpoint, mountGraphiql } from './graphql/index.js';
import type { MockContext } from './handlers/context.js';
import { metadataStoreHandler, type RequestHandler } from './metadata-store-handler.js';
import type { MockLogger } from './options.js';
import { MOCK_DOCS_PATH, requestListener } from './request-listener.js';
import { metadataStoreRouter } from './router.js';


export interface AppSettings {
  context: MockContext;
  auth: AuthConfig;
  maxBody: number;
  logger: MockLogger;
}

/** The express part; `store` answers whatever it does not (`/__mock/nothing` is the metadata store's 404). */
function createExpressApp({ context }: AppSettings, store: RequestHandler, errors: ErrorAnswerSettings): Express {
  const app = express();
  app.disable('x-powered-by');
  // The contract shows no ETag: the admin and docs answers carry none, as the metadata-store API's do not.
  app.disable('etag');
  // The reference site (GET); other methods on the docs path reach the router, which names the method it allows.
  // It is also under the admin path, where the upstream profile (which routes no docs path) keeps it.
  const docsPaths = context.profile === 'upstream' ? [] : ADDRESS_FORMS.map((prefix) => prefix + context.contract.names.docsPath);
  app.use([...docsPaths, MOCK_DOCS_PATH], docsRouter(context.contract));
  app.use(ADMIN_PATH, adminRouter(context.store));
  mountGraphiql(app, context.contract.names.urnPrefix);
  app.use(store);
  const onError: ErrorRequestHandler = (error, req, res, _next) => answerError(req, res, error, errors);
  app.use(onError);
  return app;
}

export function createRequestListener(settings: AppSettings): RequestHandler {
  const { context, auth, maxBody, logger } = settings;
  const { names } = context.contract;
  const errors: ErrorAnswerSettings = { logger, recordPrefix: names.recordPrefix };
  const route = metadataStoreRouter({ context, auth, validators: new SchemaValidators() });
  const upstream = context.profile === 'upstream';
  const addressForms = upstream ? UPSTREAM_ADDRESS_FORMS : ADDRESS_FORMS;
  const store = metadataStoreHandler({ ...errors, route, maxBody, protocolHeader: names.protocolHeader, addressForms });
  const graphql = graphqlEndpoint({ context, auth, logger, maxBody });
  const app = createExpressApp(settings, store, errors);
  const upstreamGate = upstream ? { addressForms, hasToken: (header: string | undefined) => auth.mode === 'off' || auth.tokens.has(bearerToken(header) ?? '') } : undefined;
  return requestListener({ store, graphql, app, protocolHeader: names.protocolHeader, docsPath: names.docsPath, logger, ...(upstreamGate ? { upstreamGate } : {}) });
}
