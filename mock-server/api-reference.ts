/**
 * The built-in API reference (upstream's /restli/docs): the mock serves the docs site that
 * `npm run docs` builds into dist/docs/, at the namespace's docs path. The packed package carries the
 * built site. In a fresh clone that never ran `npm run docs`, or when the spec changed since, the
 * first request builds it (a few seconds, with the dev tools); the site's digest of its sources says
 * whether it is current.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Router, type Router as ExpressRouter } from 'express';
import { NAMESPACES, fromRoot, rewriteNamespace, type Contract, type Namespace } from '../spec/index.js';

/** The site's folder, relative to the package root. */
export const DOCS_DIR = ['dist', 'docs'] as const;

export const DOCS_PAGES = [
  { file: 'index.html', title: 'Overview', about: 'what this is and where things are' },
  { file: 'api.html', title: 'Metadata-store API', about: 'every operation of the OpenAPI document, with parameters, bodies and responses' },
  { file: 'graphql.html', title: 'GraphQL API', about: 'queries, mutations and types of the GraphQL schema' },
  { file: 'aspects.html', title: 'Aspects', about: 'every aspect with a schema: its record, the entities that take it, its fields' },
  { file: 'clauses.html', title: 'Clauses and checks', about: 'each clause of the interface document and the conformance checks that verify it' },
  { file: 'differences.html', title: 'Upstream differences', about: 'where the upstream service differs from the interface document, and what the mock does' },
] as const;

export type DocsPage = (typeof DOCS_PAGES)[number]['file'];

/** site.json of a built site. */
export interface DocsSiteManifest {
  namespace: Namespace;
  digest: string;
}

/** The files a built site is made from; a change to any of them makes the site stale. */
const SOURCES = [
  ['generated', 'openapi.json'],
  ['spec', 'graphql', 'schema.graphql'],
  ['spec', 'upstream-differences.yaml'],
  ['spec', 'entities.yaml'],
  ['spec', 'interface-document.md'],
  ['package.json'],
];

export function docsSourceDigest(): string {
  const hash = createHash('sha256');
  for (const parts of SOURCES) hash.update(readFileSync(fromRoot(...parts)));
  return hash.digest('hex');
}

function currentManifest(): DocsSiteManifest | undefined {
  const file = fromRoot(...DOCS_DIR, 'site.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as DocsSiteManifest;
  return manifest.digest === docsSourceDigest() ? manifest : undefined;
}

/** Runs `npm run docs`'s script in a child process; only a checkout with the dev tools has it. */
function buildSite(): DocsSiteManifest {
  const script = fromRoot('scripts', 'docs.ts');
  if (!existsSync(script)) throw new Error(`the docs site is missing or stale in ${DOCS_DIR.join('/')}/ and this installation cannot build it`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: fromRoot(), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the docs site failed (run \`npm run docs\` to see why):\n${result.stderr}`);
  const manifest = currentManifest();
  if (!manifest) throw new Error('the docs site was built but does not match its sources');
  return manifest;
}

let site: DocsSiteManifest | undefined;
const pages = new Map<string, string>();

/** The built site's manifest, building the site first when it is missing or stale. */
export function ensureDocsSite(): DocsSiteManifest {
  site ??= currentManifest() ?? buildSite();
  return site;
}

/** A page of the site in the contract's namespace; built sites are in one namespace and rewritten to another. */
export function docsPage(contract: Contract, page: DocsPage): string {
  const key = `${contract.namespace} ${page}`;
  const cached = pages.get(key);
  if (cached !== undefined) return cached;
  const { namespace: builtIn } = ensureDocsSite();
  const built = readFileSync(fromRoot(...DOCS_DIR, page), 'utf8');
  // Redoc also writes the docs path as a JSON-pointer anchor (~1svc~1docs).
  const pointer = (ns: Namespace): string => NAMESPACES[ns].docsPath.replace(/\//g, '~1');
  const html = rewriteNamespace(built, contract.namespace, builtIn).split(pointer(builtIn)).join(pointer(contract.namespace));
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
