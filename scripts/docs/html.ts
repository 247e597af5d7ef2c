/**
 * What every hand-written page of the docs site shares: escaping, the layout and the navigation
 * between the pages of the site. Pages are self-contained (inline style, no scripts), so they load from
 * disk, from the mock and offline alike.
 */
import { DOCS_PAGES, type DocsPage } from '../../spec/docs-site.js';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A code span this short, of one or two words (`--namespace li`, a path), is never broken at its hyphens or space. */
const UNBROKEN_CODE = /^(?=.{1,32}$)\S+(?: \S+)?$/;

/** `text` as <code>, kept on one line when it is short (UNBROKEN_CODE). */
export function codeSpan(text: string): string {
  return `<code${UNBROKEN_CODE.test(text) ? ' class="unbroken"' : ''}>${escapeHtml(text)}</code>`;
}

/** Inline `code` spans of the interface document's markdown as <code>, everything else escaped. */
export function inlineMarkdown(text: string): string {
  return text
    .split('`')
    .map((part, i) =>
      i % 2 === 1 ? codeSpan(part) : escapeHtml(part).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>'),
    )
    .join('');
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem;line-height:1.45;color:#1b1f24}
nav{display:flex;gap:1rem;flex-wrap:wrap;border-bottom:1px solid #d0d7de;padding-bottom:.5rem;margin-bottom:1rem}
nav a[aria-current]{font-weight:bold;text-decoration:none;color:inherit}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}code{background:#f6f8fa;padding:0 .2rem;border-radius:3px}code.unbroken{white-space:nowrap}.none{color:#8c959f}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:bold}dd{margin:0}`;

/** An empty icon in the page itself, so browsers do not ask the server for /favicon.ico on every page view. */
export const FAVICON = '<link rel="icon" href="data:,">';

/** The links of the site's navigation bar, `current` marked: every page has the same bar. */
export function siteNavLinks(current: DocsPage): string {
  return DOCS_PAGES.map(
    ({ file, title: label }) =>
      `<a href="${file}"${file === current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`,
  ).join('');
}

/** A page of the site, with the navigation bar marking `current`. */
export function sitePage(current: DocsPage, title: string, body: string): string {
  const nav = siteNavLinks(current);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON}<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><nav>${nav}</nav>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}
