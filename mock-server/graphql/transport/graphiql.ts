/**
 * GET /api/graphiql: the GraphiQL explorer of @graphql-yoga/render-graphiql as one self-contained
 * page (its scripts, styles and editor workers inline), so it works with no network. The page is ours,
 * built from the renderer's parts, so that GraphiQL runs with our fetcher (./explorer-fetcher.ts),
 * which posts to /api/graphql; the headers editor carries the bearer token mutations need.
 */
import type { RequestHandler } from 'express';
import { GRAPHQL_PATH } from '../../addresses.js';
import { explorerFetcherScript } from './explorer-fetcher.js';
import { screenOperations } from './screen-operations.js';

const TITLE = 'Metadata catalog GraphQL explorer';

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

/** Text for a <script> element: `</` can close no element. */
const inScript = (text: string): string => text.replace(/<\//g, '<\\/');

async function explorerPage(urnPrefix: string): Promise<string> {
  // The renderer's parts are the whole page (about 9 MB of text): loaded on the first visit, not at start-up.
  const { css, editorWorkerService, favicon, graphqlWorker, js, jsonWorker } =
    await import('@graphql-yoga/render-graphiql/graphiql');
  const options = {
    title: TITLE,
    isHeadersEditorEnabled: true,
    defaultEditorToolsVisibility: 'headers',
    defaultQuery: defaultQuery(urnPrefix),
    // The first tab is the default query; then a saved example operation per screen.
    defaultTabs: [{ query: defaultQuery(urnPrefix) }, ...screenOperations(urnPrefix)],
  };
  // The editor's workers run from blobs of their inline text; GraphiQL is the renderer's bundle, given our fetcher.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<title>${TITLE}</title>
<link rel="icon" href="${favicon}" />
<style>${css}</style>
</head>
<body class="no-focus-outline">
<noscript>The explorer needs JavaScript.</noscript>
<div id="root"></div>
<script>
const workerUrls = Object.fromEntries(
  Object.entries(${inScript(JSON.stringify({ editorWorkerService, json: jsonWorker, graphql: graphqlWorker }))}).map(
    ([label, text]) => [label, URL.createObjectURL(new Blob([text], { type: 'application/javascript' }))],
  ),
);
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => workerUrls[label] };
${explorerFetcherScript(GRAPHQL_PATH)}
${js};
YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), {
  ...${inScript(JSON.stringify(options))},
  fetcher: explorerFetcher,
});
</script>
</body>
</html>
`;
}

export function graphiqlPage(urnPrefix: string): RequestHandler {
  // Rendered on the first visit, then kept.
  let page: Promise<string> | undefined;
  return async (_req, res) => {
    page ??= explorerPage(urnPrefix);
    res.type('html').send(await page);
  };
}
