/**
 * The docs site's definition, shared by its builder (`npm run docs`, scripts/docs.ts) and the mock
 * that serves it: where the built site lives, its pages, and the digest of the sources it is made
 * from, which its site.json records so that a stale site can be told from a current one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fromRoot, graphqlSchemaSource, type Namespace } from './index.js';

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
  ['spec', 'upstream-differences.yaml'],
  ['spec', 'entities.yaml'],
  ['spec', 'interface-document.md'],
  ['package.json'],
];

export function docsSourceDigest(): string {
  const hash = createHash('sha256');
  for (const parts of SOURCES) hash.update(readFileSync(fromRoot(...parts)));
  hash.update(graphqlSchemaSource());
  return hash.digest('hex');
}

/** The manifest of the site built in DOCS_DIR, current or not; undefined when none was built. */
export function builtDocsSite(): DocsSiteManifest | undefined {
  const file = fromRoot(...DOCS_DIR, 'site.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as DocsSiteManifest;
}

/** Whether DOCS_DIR holds a site built from the sources as they are now. */
export function docsSiteIsCurrent(): boolean {
  return builtDocsSite()?.digest === docsSourceDigest();
}
