/** index.html: what the package is, what the site holds, and where the mock serves what. */
import type { Contract } from '../../spec/index.js';
import { DOCS_PAGES } from '../../spec/docs-site.js';
import { escapeHtml, sitePage } from './html.js';

/** The explorer's path on the mock; the docs only link to it. */
const GRAPHIQL_PATH = '/api/graphiql';

export function renderLandingPage(contract: Contract, version: string): string {
  const { names } = contract;
  const pages = DOCS_PAGES.filter((p) => p.file !== 'index.html')
    .map(({ file, title, about }) => `<li><a href="${file}">${escapeHtml(title)}</a>: ${escapeHtml(about)}</li>`)
    .join('\n');
  const body = `<p>catalog-contract ${escapeHtml(version)} makes the contract of a metadata catalog service real: one hand-written spec
(OpenAPI 3.1 for the metadata-store API, a GraphQL SDL, annotated aspect schemas and an entity registry) drives a stateful
mock server, a conformance suite that checks any deployment, and this site.</p>
<ul>
${pages}
<li><a href="${GRAPHIQL_PATH}">GraphQL explorer</a>: runs queries against the mock server, which must be running
(<code>catalog-contract mock</code>, then <code>http://127.0.0.1:8080${GRAPHIQL_PATH}</code>); the link works on the site the mock serves.</li>
</ul>
<h2>This rendering</h2>
<dl>
<dt>namespace</dt><dd><code>${escapeHtml(names.namespace)}</code></dd>
<dt>URN prefix</dt><dd><code>${escapeHtml(names.urnPrefix)}</code></dd>
<dt>record-name prefix</dt><dd><code>${escapeHtml(names.recordPrefix)}</code></dd>
<dt>protocol header</dt><dd><code>${escapeHtml(names.protocolHeader)}: 2.0.0</code></dd>
<dt>docs path on the mock</dt><dd><code>${escapeHtml(names.docsPath)}</code></dd>
<dt>metadata-store operations</dt><dd>${contract.operations.length}</dd>
</dl>
<p>The metadata-store API answers under three address forms: <code>/api/gms/…</code> and <code>/gms/…</code> behind the
gateway, and directly on the store (<code>/entities</code>, <code>/aspects</code>, <code>/operations</code>, …).</p>`;
  return sitePage('index.html', 'Metadata catalog service: contract and reference', body);
}
