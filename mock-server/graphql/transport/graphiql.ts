/**
 * GET /api/graphiql: the GraphiQL explorer, rendered by @graphql-yoga/render-graphiql as one
 * self-contained page (scripts, styles and editor workers inline), so it works with no network.
 * It posts to /api/graphql; the headers editor carries the bearer token mutations need.
 */
import type { RequestHandler } from 'express';
import { GRAPHQL_PATH } from '../../addresses.js';
import { screenOperations } from './screen-operations.js';

/** The dataset of the sample catalog the first query reads. */
const SAMPLE_DATASET = 'clean.orders';

/**
 * The first query shown: a dataset of the sample catalog, so the first run shows its description;
 * the comment, short enough for the editor's width, says how to send the token mutations need.
 */
const defaultQuery = (urnPrefix: string): string => `# ${SAMPLE_DATASET}, a dataset of the sample catalog: press run.
# Reads need no token (default auth); mutations do:
# open "Headers" below and enter
#   {"Authorization": "Bearer admin-token"}
# or another token the mock printed at start-up.
query dataset {
  dataset(urn: "${urnPrefix}dataset:(${urnPrefix}dataPlatform:hive,${SAMPLE_DATASET},PROD)") {
    urn
    exists
    properties {
      name
      description
    }
    schemaMetadata {
      fields {
        fieldPath
        type
        description
      }
    }
  }
}
`;

async function explorerPage(urnPrefix: string): Promise<string> {
  // The renderer module holds the whole page (about 9 MB of text): loaded on the first visit, not at start-up.
  const { renderGraphiQL } = await import('@graphql-yoga/render-graphiql');
  return renderGraphiQL({
    endpoint: GRAPHQL_PATH,
    title: 'Metadata catalog GraphQL explorer',
    method: 'POST',
    useGETForQueries: false,
    isHeadersEditorEnabled: true,
    defaultEditorToolsVisibility: 'headers',
    defaultQuery: defaultQuery(urnPrefix),
    // The first tab is the default query; then a saved example operation per screen.
    defaultTabs: [{ query: defaultQuery(urnPrefix) }, ...screenOperations(urnPrefix)],
  });
}

export function graphiqlPage(urnPrefix: string): RequestHandler {
  // Rendered on the first visit, then kept.
  let page: Promise<string> | undefined;
  return async (_req, res) => {
    page ??= explorerPage(urnPrefix);
    res.type('html').send(await page);
  };
}
