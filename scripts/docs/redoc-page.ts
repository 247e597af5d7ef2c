/**
 * The two Redoc pages (API reference from the OpenAPI document, GraphQL reference from the SDL),
 * built by `redocly build-docs --inlineBundle` so the page carries its own script instead of loading
 * it from a CDN. Redoc's footer ("API docs by" and a logo) cannot be turned off: its logo is an <img>
 * from cdn.redoc.ly, replaced by an inline image so the page makes no request beyond its own host,
 * and its link to redocly.com is dropped so the page names no other host; what is left of the badge
 * is hidden. Each page gets the site's navigation bar, as the other pages have it, and an inline favicon.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocsPage } from '../../spec/docs-site.js';
import { FAVICON, siteNavLinks } from './html.js';

const LOGO_URLS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const INLINE_LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";
const FOOTER_LINK = 'https://redocly.com/redoc/';

function redoclyBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@redocly/cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  const bin = manifest.bin.redocly ?? Object.values(manifest.bin)[0];
  if (!bin) throw new Error('@redocly/cli declares no executable');
  return join(dirname(manifestPath), bin);
}

/** The badge's link once its target is dropped: an anchor opening a new tab on `#`, which nothing else on the page is. */
const EMPTY_BADGE_STYLE = '<style>a[target="_blank"][href="#"]{display:none}</style>';
/**
 * The site's navigation bar, as on the other pages, fixed at the top at a known height: Redoc is told of it
 * (`scrollYOffset`), so its full-height menu starts below the bar and ends at the bottom of the screen, and
 * the page starts below it; nothing floats over the content.
 */
const NAV_HEIGHT_PX = 40;
const NAV_STYLE = `<style>.site-nav{position:fixed;top:0;left:0;right:0;height:${NAV_HEIGHT_PX}px;box-sizing:border-box;z-index:100;display:flex;gap:1rem;align-items:center;overflow-x:auto;white-space:nowrap;padding:0 1rem;border-bottom:1px solid #d0d7de;font:14px system-ui,sans-serif;background:#fff}.site-nav a[aria-current]{font-weight:bold;text-decoration:none;color:inherit}body{padding-top:${NAV_HEIGHT_PX}px}</style>`;

/** Builds `source` (an OpenAPI document or a GraphQL SDL file) into the single HTML file `out`, the site's page `page`. */
export function buildRedocPage(source: string, out: string, title: string, page: DocsPage): void {
  const kind = source.endsWith('.graphql') ? 'graphql' : 'openapi';
  const result = spawnSync(
    process.execPath,
    [
      redoclyBin(),
      'build-docs',
      source,
      '--inlineBundle',
      '--title',
      title,
      `--${kind}.scrollYOffset=${NAV_HEIGHT_PX}`,
      '-o',
      out,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  if (result.status !== 0) throw new Error(`redocly build-docs ${source} failed:\n${result.stderr}${result.stdout}`);
  let html = readFileSync(out, 'utf8');
  for (const url of LOGO_URLS) html = html.split(url).join(INLINE_LOGO);
  html = html.split(FOOTER_LINK).join('#');
  html = html
    .replace('</head>', `${FAVICON}${EMPTY_BADGE_STYLE}${NAV_STYLE}</head>`)
    .replace(/<body([^>]*)>/, `<body$1><nav class="site-nav">${siteNavLinks(page)}</nav>`);
  writeFileSync(out, html);
}
