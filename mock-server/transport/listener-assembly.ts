/**
 * The mock's request listener, assembled: the metadata-store router behind its lean HTTP handler,
 * GraphQL on its own handler, both behind the API exchange of the test controls, and the express app
 * for the rest (admin endpoints, the docs site, the GraphQL explorer, the landing page a browser gets at `/`), with request-listener.ts
 * choosing among them by path. Both render failures through ../wire/error-response.ts: bad input is always a
 * 4xx in the Rest.li error body; a 500 means a defect.
 */
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { DocumentNode } from 'graphql';
import { SchemaValidators } from '../../spec/validation.js';
import { ADDRESS_FORMS, ADMIN_PATH, MOCK_DOCS_PATH, UPSTREAM_ADDRESS_FORMS } from '../addresses.js';
import { adminRouter, type ScenarioCatalog } from '../admin/index.js';
import { adminSessions, type SessionRegistry } from '../controls/sessions.js';
import { apiExchange } from './api-exchange.js';
import { docsRouter } from './api-reference.js';
import { landingRouter } from './landing-page.js';
import { bearerToken, grantOf, type AuthConfig } from '../auth/bearer-auth.js';
import type { UserAccount } from '../auth/users.js';
import { frontendGateway } from '../gateway/index.js';
import { sendError, type ErrorResponseSettings } from '../wire/error-response.js';
import { graphqlEndpoint, mountGraphiql, type OperationLimits } from '../graphql/index.js';
import type { Contract } from '../../spec/index.js';
import { metadataStoreHandler, type RequestHandler } from './metadata-store-handler.js';
import type { MockLogger } from '../options.js';
import type { Profile } from '../profile.js';
import { requestListener } from './request-listener.js';
import { metadataStoreRouter } from './router.js';

export interface AppSettings {
  contract: Contract;
  sessions: SessionRegistry;
  scenarios: ScenarioCatalog;
  auth: AuthConfig;
  /** Who may sign in through the frontend gateway's `POST /logIn`. */
  users: readonly UserAccount[];
  maxBody: number;
  logger: MockLogger;
  adminToken: string | undefined;
  /** Whose behaviour to reproduce where the document and upstream differ (../profile.ts). */
  profile: Profile;
  /** GraphQL's depth and complexity limits. */
  graphqlLimits: OperationLimits;
  /** A team's SDL served in place of the contract's (`--graphql-schema`). */
  servedSdl?: DocumentNode;
}

/** The express part; `fallback` answers whatever it does not (a docs path with another method is the router's). */
function createExpressApp(
  { contract, sessions, scenarios, profile }: AppSettings,
  fallback: RequestHandler,
  errors: ErrorResponseSettings,
): Express {
  const app = express();
  app.disable('x-powered-by');
  // The contract shows no ETag: the admin and docs responses carry none, as the metadata-store API's do not.
  app.disable('etag');
  app.use(
    ADMIN_PATH,
    adminRouter({
      sessions,
      scenarios,
      operations: contract.adminOperations,
      validators: new SchemaValidators({ fillDefaults: true }),
    }),
  );
  // The reference site (GET); other methods on the docs path reach the router, which names the method it allows.
  // It is also under the admin path, where the upstream profile (which routes no docs path) keeps it.
  const docsPaths = profile === 'upstream' ? [] : ADDRESS_FORMS.map((prefix) => prefix + contract.names.docsPath);
  app.use([...docsPaths, MOCK_DOCS_PATH], docsRouter(contract));
  mountGraphiql(app, contract.names.urnPrefix);
  app.use(landingRouter(contract, profile));
  app.use(fallback);
  const onError: ErrorRequestHandler = (error, req, res, _next) => sendError(req, res, error, errors);
  app.use(onError);
  return app;
}

export function createRequestListener(settings: AppSettings): RequestHandler {
  const { contract, sessions, auth, maxBody, logger, adminToken } = settings;
  const { names } = contract;
  const errors: ErrorResponseSettings = { logger, recordPrefix: names.recordPrefix };
  const route = metadataStoreRouter({ contract, auth, validators: new SchemaValidators() });
  const upstream = settings.profile === 'upstream';
  const addressForms = upstream ? UPSTREAM_ADDRESS_FORMS : ADDRESS_FORMS;
  const store = metadataStoreHandler({ ...errors, route, protocolHeader: names.protocolHeader, addressForms });
  const graphql = graphqlEndpoint({
    contract,
    auth,
    logger,
    limits: settings.graphqlLimits,
    ...(settings.servedSdl ? { servedSdl: settings.servedSdl } : {}),
  });
  const exchange = apiExchange({ maxBody, urnPrefix: names.urnPrefix, nextRequestId: () => sessions.nextRequestId() });
  // What express does not answer under its paths (e.g. /__mock/nothing) is the metadata store's 404.
  const fallback: RequestHandler = (req, res) =>
    exchange(req, res, store, adminSessions.get(req) ?? sessions.defaultSession);
  const app = createExpressApp(settings, fallback, errors);
  const upstreamGate = upstream
    ? {
        addressForms,
        hasToken: (header: string | undefined) =>
          auth.mode === 'off' || grantOf(auth, bearerToken(header)) !== undefined,
      }
    : undefined;
  return requestListener({
    store,
    graphql,
    gateway: frontendGateway({ auth, users: settings.users, urnPrefix: names.urnPrefix }),
    app,
    exchange,
    sessions,
    adminToken,
    protocolHeader: names.protocolHeader,
    docsPath: names.docsPath,
    errors,
    ...(upstreamGate ? { upstreamGate } : {}),
  });
}
