/**
 * The built-in API reference (upstream's /restli/docs): the mock serves the docs site that
 * `npm run docs` builds into dist/docs/, at the namespace's docs path. The packed package carries the
 * built site; in a checkout, `npm start` has it built in the background when it is missing or stale (its
 * `prestart`), so the mock answers first, and the test run's global set-up builds it before the tests. The
 * server never builds it: until the site is there the docs path answers 503 saying so.
 */
import { readFileSync } from 'node:fs';
import { Router, type Router as ExpressRouter } from 'express';
import { DOCS_DIR, DOCS_PAGES, builtDocsSite, type DocsPage, type DocsSiteManifest } from '../../spec/docs-site.js';
import { NAMESPACES, fromRoot, rewriteNamespace, type Contract, type Namespace } from '../../spec/index.js';
import { RestliError } from '../errors.js';

let site: DocsSiteManifest | undefined;
const pages = new Map<string, string>();

function servedSite(): DocsSiteManifest {
  site ??= builtDocsSite();
  if (!site)
    throw new RestliError(
      503,
      `the docs site is not built yet in ${DOCS_DIR.join('/')}/: npm start builds it in the background (its log: dist/docs-build.log), or run \`npm run docs\``,
    );
  return site;
}

/** A page of the site in the contract's namespace; built sites are in one namespace and rewritten to another. */
export function docsPage(contract: Contract, page: DocsPage): string {
  const key = `${contract.namespace} ${page}`;
  const cached = pages.get(key);
  if (cached !== undefined) return cached;
  const { namespace: builtIn } = servedSite();
  const built = readFileSync(fromRoot(...DOCS_DIR, page), 'utf8');
  // Redoc also writes the docs path as a JSON-pointer anchor (~1svc~1docs).
  const pointer = (ns: Namespace): string => NAMESPACES[ns].docsPath.replace(/\//g, '~1');
  const html = rewriteNamespace(built, contract.namespace, builtIn)
    .split(pointer(builtIn))
    .join(pointer(contract.namespace));
  pages.set(key, html);
  return html;
}

/**
 * The landing page as served at the docs path itself. Without a trailing slash the page's relative
 * links would resolve next to the docs path, so it gets a base of its own last segment.
 */
export function renderApiReference(contract: Contract, trailingSlash = false): string {
  const base = trailingSlash ? './' : `${contract.names.docsPath.split('/').pop() ?? ''}/`;
  return docsPage(contract, 'index.html').replace('<head>', `<head><base href="${base}">`);
}

/** Serves the site under the docs path: the landing page at its root, each page by its file name. */
export function docsRouter(contract: Contract): ExpressRouter {
  const router = Router();
  const files = new Set<string>(DOCS_PAGES.map((p) => p.file));
  router.get('/', (req, res) => {
    res.type('html').send(renderApiReference(contract, req.originalUrl.split('?')[0]?.endsWith('/') ?? false));
  });
  router.get('/:page', (req, res, next) => {
    const page = req.params.page;
    if (!files.has(page)) return next();
    res.type('html').send(docsPage(contract, page as DocsPage));
  });
  return router;
}
