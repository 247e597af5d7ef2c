/**
 * The GraphQL door into the store: `mountGraphql(app, settings)` adds POST /api/graphql (other
 * methods answer 405 with `Allow: POST`) and the offline explorer at GET /api/graphiql. Mount it
 * before the metadata-store router, whose direct address form would otherwise claim these paths,
 * and before the app's JSON body parser, so a malformed body gets this endpoint's 400.
 */
import express, { type Express, type RequestHandler } from 'express';
import { graphqlEndpoint, transportError, type GraphqlSettings } from './endpoint.js';
import { graphiqlPage } from './graphiql.js';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from './paths.js';

export { GRAPHIQL_PATH, GRAPHQL_PATH } from './paths.js';

export interface MountSettings extends GraphqlSettings {
  /** Largest accepted body in bytes. */
  maxBody: number;
}

/** Any content type is read as JSON, as on the metadata-store API; a malformed or too large body is a 400 / 413. */
function jsonBody(maxBody: number): RequestHandler {
  const parse = express.json({ limit: maxBody, type: () => true });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = (error as { type?: unknown }).type === 'entity.too.large';
      transportError(res, tooLarge ? 413 : 400, tooLarge ? `body: larger than the limit of ${maxBody} bytes` : `body: malformed JSON (${(error as Error).message})`);
    });
  };
}

export function mountGraphql(app: Express, settings: MountSettings): void {
  app.post(GRAPHQL_PATH, jsonBody(settings.maxBody), graphqlEndpoint(settings));
  app.all(GRAPHQL_PATH, (_req, res) => {
    res.set('Allow', 'POST');
    transportError(res, 405, `Only POST is supported on ${GRAPHQL_PATH}: send a JSON body {query, variables, operationName}; the explorer is at ${GRAPHIQL_PATH}.`);
  });
  app.get(GRAPHIQL_PATH, graphiqlPage(settings.context.contract.names.urnPrefix));
}
