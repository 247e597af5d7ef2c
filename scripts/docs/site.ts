/**
 * Builds the whole docs site for one namespace into a folder: the landing page, the two Redoc
 * references, the aspects, the clause index and the upstream differences, plus site.json (the namespace and the
 * digest of the sources, which the mock compares before serving a built site).
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fromRoot, interfaceDocument, loadContract, rewriteNamespace, type Namespace } from '../../spec/index.js';
import { docsSourceDigest, type DocsSiteManifest } from '../../spec/docs-site.js';
import { renderAspectsPage } from './aspects-page.js';
import { conformanceChecks } from './checks.js';
import { renderClausesPage } from './clauses-page.js';
import { renderDifferencesPage } from './differences-page.js';
import { renderLandingPage } from './landing-page.js';
import { buildRedocPage } from './redoc-page.js';

export async function buildDocsSite(outDir: string, ns: Namespace = 'svc'): Promise<void> {
  const contract = loadContract(ns);
  const version = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
  // Built next to outDir and renamed into place, so a reader never sees half a site.
  mkdirSync(dirname(outDir), { recursive: true });
  const staging = mkdtempSync(join(dirname(outDir), '.docs-'));
  chmodSync(staging, 0o755);
  const sources = mkdtempSync(join(tmpdir(), 'catalog-contract-docs-'));
  try {
    const openapiFile = join(sources, 'openapi.json');
    writeFileSync(openapiFile, JSON.stringify(contract.openapi));
    const sdlFile = join(sources, 'schema.graphql');
    writeFileSync(sdlFile, contract.graphqlSdl);
    const title = String((contract.openapi.info as { title?: unknown } | undefined)?.title ?? 'Metadata store API');
    buildRedocPage(openapiFile, join(staging, 'api.html'), title, 'api.html');
    buildRedocPage(sdlFile, join(staging, 'graphql.html'), 'GraphQL API', 'graphql.html');
    writeFileSync(join(staging, 'index.html'), renderLandingPage(contract, version));
    writeFileSync(join(staging, 'aspects.html'), renderAspectsPage(contract));
    // The document is written in the spec's notation; the page speaks the site's namespace.
    writeFileSync(
      join(staging, 'clauses.html'),
      rewriteNamespace(renderClausesPage(interfaceDocument(), await conformanceChecks()), ns),
    );
    writeFileSync(join(staging, 'differences.html'), renderDifferencesPage(contract));
    const manifest: DocsSiteManifest = { namespace: ns, digest: docsSourceDigest() };
    writeFileSync(join(staging, 'site.json'), JSON.stringify(manifest, null, 2) + '\n');
    // Two renames keep the window in which outDir is missing as short as possible for a running mock.
    const previous = `${staging}-previous`;
    if (existsSync(outDir)) renameSync(outDir, previous);
    renameSync(staging, outDir);
    rmSync(previous, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(sources, { recursive: true, force: true });
  }
}
