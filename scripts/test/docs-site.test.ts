/**
 * `npm run docs` builds the pages of the site, offline, for a namespace: each page is there,
 * none refers to a resource on another host, the aspects page has an anchor per aspect, the clause
 * index lists every section of the interface document and every conformance check, and the
 * differences page every listed difference. npm start's prestart leaves a current site alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, DOCS_PAGES, docsSiteIsCurrent } from '../../spec/docs-site.js';
import { NAMESPACES, fromRoot, interfaceDocument, loadContract, type Namespace } from '../../spec/index.js';
import { conformanceChecks } from '../docs/checks.js';
import { buildDocsSite } from '../docs/site.js';

/** Markup that makes a browser fetch from another host: src/href/url() with a scheme or protocol-relative. */
const EXTERNAL_RESOURCE =
  /(?:\b(?:src|href|action|srcset)\s*=\s*["']?|url\(\s*["']?)(?:https?:)?\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/i;
const REDOC_CDN = /cdn\.redoc\.ly|cdn\.redocly\.com\/redoc|unpkg\.com|cdn\.jsdelivr\.net|fonts\.googleapis\.com/;

const out = mkdtempSync(join(tmpdir(), 'catalog-contract-docs-test-'));
const built = (ns: Namespace, page: string): string => readFileSync(join(out, ns, page), 'utf8');

beforeAll(async () => {
  await buildDocsSite(join(out, 'svc'), 'svc');
  await buildDocsSite(join(out, 'li'), 'li');
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.each<Namespace>(['svc', 'li'])('the %s site', (ns) => {
  it.each(DOCS_PAGES.map((p) => p.file))('%s loads nothing from another host', (file) => {
    const html = built(ns, file);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).not.toMatch(EXTERNAL_RESOURCE);
    expect(html).not.toMatch(REDOC_CDN);
    // An icon in the page: no request for /favicon.ico on every page view.
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html).toContain('href="index.html"');
  });

  it('every page, the two Redoc pages too, has the same navigation bar, marking the page itself; none floats over the content', () => {
    for (const { file } of DOCS_PAGES) {
      const nav = /<nav[^>]*>(.*?)<\/nav>/s.exec(built(ns, file))?.[1] ?? '';
      expect(
        [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]),
        file,
      ).toEqual(DOCS_PAGES.map((p) => p.file));
      expect(nav, file).toContain(`<a href="${file}" aria-current="page">`);
    }
    for (const file of ['api.html', 'graphql.html']) {
      // A bar across the top that Redoc's menu starts below (scrollYOffset), not a link fixed in a corner.
      expect(built(ns, file)).toMatch(/\.site-nav\{position:fixed;top:0;left:0;right:0;height:40px;/);
      expect(built(ns, file)).toContain('"scrollYOffset":40');
    }
  });

  it('keeps an option with its value on one line (differences.html)', () => {
    expect(built(ns, 'differences.html')).toContain('<code class="unbroken">--namespace li</code>');
    expect(built(ns, 'differences.html')).toContain('code.unbroken{white-space:nowrap}');
  });

  it('is written in its own namespace only', () => {
    const other = NAMESPACES[ns === 'svc' ? 'li' : 'svc'];
    for (const { file } of DOCS_PAGES) {
      const html = built(ns, file);
      for (const foreign of [other.urnPrefix, other.recordPrefix, other.protocolHeader])
        expect(html.includes(foreign), `${file} contains ${foreign}`).toBe(false);
    }
    expect(built(ns, 'api.html')).toContain(NAMESPACES[ns].protocolHeader);
  });

  it('api.html carries every operation of the contract', () => {
    const html = built(ns, 'api.html');
    for (const op of loadContract(ns).operations)
      expect(html, op.operationId).toContain(`"operationId":"${op.operationId}"`);
  });

  it("api.html shows each server's description as plain text, without Markdown backticks", () => {
    // Redoc's server panel prints the description as it is: Markdown there would show as raw backticks.
    const shown = [...built(ns, 'api.html').matchAll(/data-testid="server-panel-item-name"[^>]*>([^<]*)</g)].map(
      (m) => m[1] ?? '',
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((text) => /`/.test(text))).toEqual([]);
  });

  it('records its namespace in site.json', () => {
    expect(JSON.parse(built(ns, 'site.json'))).toMatchObject({ namespace: ns });
  });
});

describe('the hand-written pages', () => {
  it('the landing page links to every other page and to the GraphQL explorer', () => {
    const html = built('svc', 'index.html');
    for (const { file } of DOCS_PAGES) expect(html).toContain(`href="${file}"`);
    expect(html).toContain('href="/api/graphiql"');
    expect(html).toContain('which must be running');
  });

  it('the aspects page has a section per aspect with a schema, with its record and the entities that take it', () => {
    const html = built('svc', 'aspects.html');
    const contract = loadContract('svc');
    for (const aspect of contract.aspects.values())
      expect(html).toContain(`<section id="aspect-${aspect.name}"><h2>${aspect.name}</h2>`);
    const properties = html.slice(html.indexOf('<section id="aspect-datasetProperties">'));
    expect(properties.slice(0, properties.indexOf('</section>'))).toMatch(
      /com\.svc\.dataset\.DatasetProperties[\s\S]*<code>dataset<\/code>[\s\S]*<code>description<\/code>/,
    );
  });

  it('the clause index has every section of the interface document and every conformance check', async () => {
    const html = built('svc', 'clauses.html');
    for (const section of interfaceDocument().sections) expect(html).toContain(`id="section-${section.number}"`);
    for (const check of await conformanceChecks()) expect(html).toContain(`<code>${check.id}</code>`);
  });

  it('the clause index shows every row of the document tables', () => {
    const html = built('svc', 'clauses.html');
    const truncate = interfaceDocument().actionTable('truncateTimeseriesAspect');
    expect(truncate?.rows.length).toBeGreaterThan(0);
    for (const row of truncate?.rows ?? []) expect(html).toContain(`<td>${row.Field}</td>`);
  });

  it('the differences page has every listed difference', () => {
    const html = built('svc', 'differences.html');
    for (const d of loadContract('svc').differences) expect(html).toContain(`id="${d.id}"`);
  });
});

describe("npm start's prestart: `scripts/docs.ts --if-stale` in the background", () => {
  it('leaves a current dist/docs/ as it is (the test run built it, as a fresh checkout builds it)', () => {
    expect(docsSiteIsCurrent()).toBe(true);
    const manifest = fromRoot(...DOCS_DIR, 'site.json');
    const before = statSync(manifest).mtimeMs;
    const run = spawnSync(process.execPath, ['--import', 'tsx', fromRoot('scripts', 'docs.ts'), '--if-stale'], {
      cwd: fromRoot(),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('wrote');
    expect(statSync(manifest).mtimeMs).toBe(before);
  });

  it('is what npm start starts in the background once the code is built, so the mock answers first', () => {
    const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.prestart).toBe('node scripts/build-if-stale.mjs');
    const prestart = readFileSync(fromRoot('scripts', 'build-if-stale.mjs'), 'utf8');
    expect(prestart).toMatch(/join\(root, 'scripts', 'docs\.ts'\),\s*'--if-stale',/);
    expect(prestart).toMatch(
      /spawn\(command, args, \{ cwd: root, detached: true, stdio: \['ignore', output, output\] \}\)\.unref\(\)/,
    );
  });
});
