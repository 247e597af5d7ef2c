/**
 * The page a browser gets at `/`: what the mock serves and where, as links (the API reference, the GraphQL
 * explorer, the inspector, health). Only a request that asks for HTML gets it (`Accept: text/html`, as a
 * browser's navigation sends); an API client's `GET /` keeps the answer of its profile (upstream's 404).
 */
import type { IncomingMessage } from 'node:http';
import type { Router as ExpressRouter } from 'express';
import { Router } from 'express';
import {
  ADDRESS_FORMS,
  ADMIN_PATH,
  GRAPHIQL_PATH,
  GRAPHQL_PATH,
  MOCK_DOCS_PATH,
  UPSTREAM_ADDRESS_FORMS,
} from '../addresses.js';
import type { Contract } from '../../spec/index.js';
import type { Profile } from '../profile.js';

/** A browser's navigation to the root: GET or HEAD of `/`, asking for HTML. */
export function wantsLandingPage(req: IncomingMessage, path: string): boolean {
  return (
    path === '/' && (req.method === 'GET' || req.method === 'HEAD') && /\btext\/html\b/.test(req.headers.accept ?? '')
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function renderLandingPage(contract: Contract, profile: Profile): string {
  const { names } = contract;
  const docs = profile === 'upstream' ? MOCK_DOCS_PATH : names.docsPath;
  const forms = (profile === 'upstream' ? UPSTREAM_ADDRESS_FORMS : ADDRESS_FORMS).map(
    (f) => `<code>${f || '/'}</code>`,
  );
  const link = (href: string, text: string, what: string): string =>
    `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a>: ${what}</li>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>catalog-contract mock</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1b1f24; }
code { background: #f1f3f5; padding: 0 .25rem; border-radius: 3px; }
li { margin: .4rem 0; }
</style>
</head>
<body>
<h1>catalog-contract mock</h1>
<p>The metadata catalog service, mocked (namespace <code>${names.namespace}</code>, profile <code>${profile}</code>). A
browser finds its pages here; API clients call the addresses below.</p>
<ul>
${link(docs, 'API reference', 'the metadata-store API, GraphQL, aspects, clauses and known upstream differences')}
${link(GRAPHIQL_PATH, 'GraphQL explorer', `GraphiQL on the mock's schema; the endpoint is <code>POST ${GRAPHQL_PATH}</code>${profile === 'upstream' ? ' (this profile asks for a token there, as GMS does)' : ''}`)}
${link(`${ADMIN_PATH}/ui`, 'Inspector', 'the request journal live, sessions, faults and an entity’s state')}
${link(`${ADMIN_PATH}/health`, 'Health', 'the admin endpoints answer')}
</ul>
<p>The metadata-store API answers under ${forms.join(', ')}.</p>
</body>
</html>
`;
}

/** Serves the landing page at `/`, rendered once. */
export function landingRouter(contract: Contract, profile: Profile): ExpressRouter {
  const router = Router();
  const html = renderLandingPage(contract, profile);
  router.get('/', (_req, res) => {
    res.type('html').send(html);
  });
  return router;
}
