/**
 * The README and the guides hold together: every guide in `docs/` is linked from README.md, and every
 * relative link of README.md, CHANGELOG.md, the guides and the benchmarks' pages names a file that
 * exists and, when it carries `#anchor`, a heading of that file (anchors as GitHub writes them).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';

/** The markdown files whose links are checked, from the repository's root. */
const CHECKED = ['README.md', 'CHANGELOG.md', ...markdownIn('docs'), ...markdownIn('scripts/bench')];

function markdownIn(folder: string): string[] {
  return readdirSync(fromRoot(folder))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${folder}/${name}`);
}

/** `markdown` without its fenced code blocks, whose brackets are code, not links. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The targets of the inline links and images of `markdown` (`[text](target)`, `![alt](target)`), outside code. */
function linkTargets(markdown: string): string[] {
  const prose = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] ?? '');
}

/** The anchor GitHub gives a heading: lower case, punctuation but hyphens and underscores dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of every heading of `markdown`, a repeated one numbered as GitHub numbers it (`-1`, `-2`). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = headingAnchor(m[1] ?? '');
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** What is wrong with each relative link of the markdown file `file` (a path from the root); none when all resolve. */
function brokenLinks(file: string, markdown: string, root: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [path = '', anchor] = target.split('#');
    const resolved = path === '' ? join(root, file) : join(root, dirname(file), decodeURIComponent(path));
    const shown = relative(root, resolved) || '.';
    if (!existsSync(resolved)) {
      broken.push(`${file}: ${target}: no file ${shown}`);
      continue;
    }
    if (anchor === undefined || statSync(resolved).isDirectory() || !resolved.endsWith('.md')) continue;
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor))
      broken.push(`${file}: ${target}: ${shown} has no heading #${anchor}`);
  }
  return broken;
}

describe('the links of the README and the guides', () => {
  it('README.md links every guide in docs/', () => {
    const guides = markdownIn('docs');
    expect(guides.length).toBeGreaterThan(0);
    const linked = new Set(
      linkTargets(readFileSync(fromRoot('README.md'), 'utf8')).map((target) => target.split('#')[0]),
    );
    expect(guides.filter((guide) => !linked.has(guide))).toEqual([]);
  });

  it.each(CHECKED)('%s: every relative link names an existing file and heading', (file) => {
    expect(brokenLinks(file, readFileSync(fromRoot(file), 'utf8'), fromRoot())).toEqual([]);
  });
});

describe('the link check itself', () => {
  it.each([
    { given: 'Where things are', want: 'where-things-are' },
    { given: "The mock in your project's tests", want: 'the-mock-in-your-projects-tests' },
    { given: 'Auth (`--expect-auth`)', want: 'auth---expect-auth' },
    { given: '`catalog-contract mock`', want: 'catalog-contract-mock' },
    { given: 'Aspect schemas (`aspects/<aspectName>.yaml`)', want: 'aspect-schemas-aspectsaspectnameyaml' },
  ])('gives $given the anchor $want', ({ given, want }) => {
    expect(headingAnchor(given)).toBe(want);
  });

  it('numbers a repeated heading and ignores headings and links inside code', () => {
    const markdown =
      '# A\n\n## Usage\n\n## Usage\n\n```md\n## Not a heading\n[not a link](nowhere.md)\n```\n\n`[nor this](nowhere.md)`\n';
    expect([...anchorsOf(markdown)]).toEqual(['a', 'usage', 'usage-1']);
    expect(linkTargets(markdown)).toEqual([]);
  });

  it('catches a missing file and a missing heading, and passes links that resolve', () => {
    const markdown =
      '[ok](README.md) [ok](#guides) [gone](docs/no-such-guide.md) [no heading](README.md#no-such-heading) [web](https://example.com/x.md)';
    expect(brokenLinks('README.md', markdown, fromRoot())).toEqual([
      'README.md: docs/no-such-guide.md: no file docs/no-such-guide.md',
      'README.md: README.md#no-such-heading: README.md has no heading #no-such-heading',
    ]);
  });
});
