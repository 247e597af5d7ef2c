/** Reads README.md and the guides in docs/ the way their tests need them: the text of one `## ` section and its fenced blocks. */

/** The body of the section headed exactly `heading` (e.g. `## 60-second tour`), up to the next heading of its level or higher. */
export function readmeSection(markdown: string, heading: string): string | undefined {
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The fenced code blocks of `text` in `language`, without their fences. */
export function fencedBlocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp('^```' + language + '\\s*\\n([\\s\\S]*?)^```', 'gm'))].map((m) => m[1] ?? '');
}

/** The long options (`--name`) written in `text`. */
export function longOptions(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((m) => m[0]));
}
