/**
 * The files `--documents` names: a file, a folder (its document files, below it), or a glob pattern
 * (tinyglobby: `*`, `**`, `?`, `{a,b}`). `node_modules` and dot folders are left out, as codegen's document
 * loader leaves them out.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';

/** The extensions whose files hold operations: GraphQL documents, and code with gql tagged templates. */
export const DOCUMENT_EXTENSIONS = ['.graphql', '.gql', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] as const;

const glob = (patterns: string[], cwd: string): string[] =>
  globSync(patterns, { cwd, absolute: true, dot: false, ignore: ['**/node_modules/**'] }).sort();

/**
 * The files of one `--documents` value, in path order. A value that names nothing throws, naming it: a run
 * that checks no document is not green.
 */
export function documentFiles(given: string): string[] {
  if (!isDynamicPattern(given)) {
    if (!existsSync(given)) throw new Error(`--documents '${given}': no such file or folder`);
    if (statSync(given).isFile()) return [resolve(given)];
    return glob([`**/*{${DOCUMENT_EXTENSIONS.join(',')}}`], resolve(given));
  }
  const matched = glob([given], process.cwd());
  if (!matched.length) throw new Error(`--documents '${given}' matches no file`);
  return matched;
}
