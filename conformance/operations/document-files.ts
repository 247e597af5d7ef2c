/**
 * The files `--documents GLOB` names: a path, or a pattern with `*` (any text in one folder name), `**`
 * (any folders), `?` and `{a,b}`, walked from the folders before its first pattern character. Node 20
 * has no glob of its own and the package adds no dependency for one; `node_modules` and dot folders are
 * never walked into, as codegen's document loader leaves them out.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** The extensions whose files hold operations: GraphQL documents, and code with gql tagged templates. */
export const DOCUMENT_EXTENSIONS = ['.graphql', '.gql', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] as const;

const PATTERN_CHARACTER = /[*?{[]/;

/** The pattern as a regular expression on a path relative to its base, `/`-separated. */
function patternRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      // `**/` matches no folder or any number of them; a final `**` anything below.
      const slash = pattern[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) throw new Error(`--documents '${pattern}': '{' without '}'`);
      source += `(?:${pattern
        .slice(i + 1, end)
        .split(',')
        .map((part) => part.replace(/[.+^$()|\\[\]]/g, '\\$&').replace(/\*/g, '[^/]*'))
        .join('|')})`;
      i = end;
    } else source += c.replace(/[.+^$()|\\[\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function walk(folder: string, found: string[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (entry.isFile()) found.push(path);
  }
}

/**
 * The files of one `--documents` value, in path order: a file as given, a folder's document files, or the
 * files a pattern matches. A value that names nothing throws, naming it: a run that checks no document is
 * not green.
 */
export function documentFiles(given: string): string[] {
  const normalised = given.split(sep).join('/');
  const first = normalised.search(PATTERN_CHARACTER);
  if (first < 0) {
    if (!existsSync(given)) throw new Error(`--documents '${given}': no such file or folder`);
    if (statSync(given).isFile()) return [resolve(given)];
    const found: string[] = [];
    walk(resolve(given), found);
    return found.filter((file) => DOCUMENT_EXTENSIONS.some((ext) => file.endsWith(ext))).sort();
  }
  const baseEnd = normalised.lastIndexOf('/', first);
  const base = resolve(baseEnd < 0 ? '.' : normalised.slice(0, baseEnd) || '/');
  const pattern = patternRegExp(normalised.slice(baseEnd + 1));
  const found: string[] = [];
  if (existsSync(base) && statSync(base).isDirectory()) walk(base, found);
  const matched = found.filter((file) => pattern.test(relative(base, file).split(sep).join('/'))).sort();
  if (!matched.length) throw new Error(`--documents '${given}' matches no file`);
  return matched;
}
