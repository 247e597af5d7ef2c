/**
 * The express application: admin endpoints, GraphQL and its explorer, the JSON body parser (with the
 * body size limit), the metadata-store router under its three address forms, and one error formatter
 * that renders every metadata-store failure as the Rest.li error body. Bad input is always a 4xx; a
 * 500 means a defect.
 */
import express, { type ErrorRequestHandler, type Express } from 'express';
import { UrnSyntaxError } from '../spec/index.js';
import { SchemaValidators } from '../spec/validation.js';
import { adminRouter, ADMIN_PATH } from './admin.js';
import { docsRouter } from './api-reference.js';
import type { AuthConfig } from './auth.js';
import { RestliError, restliErrorBody } from './errors.js';
import { mountGraphql } from './graphql/index.js';
import type { MockContext } from './handlers/context.js';
import type { MockLogger } from './options.js';
import { metadataStoreRouter } from './router.js';

/** The gateway prefixes and the direct form; '' rather than '/' because '/' inside an array mount never matches. */
export const ADDRESS_FORMS = ['/api/gms', '/gms', ''];

export interface AppSettings {
  context: MockContext;
  auth: AuthConfig;
  maxBody: number;
  logger: MockLogger;
}

/** Errors raised by the body parser and other middleware carry a 4xx `status` and a `type`. */
function asRestliError(error: unknown, maxBody: number): RestliError | undefined {
  if (error instanceof RestliError) return error;
  if (error instanceof UrnSyntaxError) return new RestliError(400, error.message);
  const e = error as { status?: unknown; type?: unknown; message?: unknown };
  if (e.type === 'entity.parse.failed') return new RestliError(400, `body: malformed JSON (${String(e.message)})`);
  if (e.type === 'entity.too.large') return new RestliError(413, `body: request body is larger than the limit of ${maxBody} bytes`);
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) return new RestliError(e.status, String(e.message));
  return undefined;
}

export function createApp({ context, auth, maxBody, logger }: AppSettings): Express {
  const app = express();
  app.disable('x-powered-by');
  // The contract shows no ETag, and hashing every answer is a measurable share of a read.
  app.disable('etag');
  const { names } = context.contract;
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    res.set(names.protocolHeader, '2.0.0');
    next();
  });
  app.use(ADMIN_PATH, adminRouter(context.store));
  // The reference site (GET); other methods on the docs path reach the router, which names the method it allows.
  app.use(ADDRESS_FORMS.map((prefix) => prefix + names.docsPath), docsRouter(context.contract));
  // Before the body parser and the router: GraphQL parses its own body, and the direct address form would claim its paths.
  mountGraphql(app, { context, auth, maxBody, logger });
  // Any content type: upstream clients do not all send application/json.
  app.use(express.json({ limit: maxBody, type: () => true }));
  app.use(ADDRESS_FORMS, metadataStoreRouter({ context, auth, validators: new SchemaValidators() }));
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const known = asRestliError(error, maxBody);
    if (!known) logger(`${req.method} ${req.originalUrl} failed: ${(error as Error)?.stack ?? String(error)}`);
    const failure = known ?? new RestliError(500, `Internal error: ${(error as Error)?.message ?? String(error)}`);
    res.status(failure.status).json(restliErrorBody(failure, names.recordPrefix));
  };
  app.use(onError);
  return app;
}
