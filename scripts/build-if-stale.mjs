/**
 * `npm run build:code-if-stale` (run by `prestart`): compiles the TypeScript to dist/ (`npm run
 * build`) when a source is newer than the last build, so that `npm start` runs built JavaScript
 * (loading the sources through tsx took most of a second of every start). Plain JavaScript, so
 * that the check itself needs no compiler: when nothing changed it costs a few milliseconds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const stamp = join(root, 'dist', '.code-build-stamp');
// The folders tsconfig.build.json compiles ("mock-server/**/*.ts" names mock-server), and the files that change how it compiles.
const SOURCE_DIRS = [
  ...new Set(
    JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')).include.map((pattern) => pattern.split('/')[0]),
  ),
];
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];

function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory())
    return path.endsWith('.ts') || CONFIG_FILES.some((f) => path === join(root, f)) ? stats.mtimeMs : 0;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'test' || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = Math.max(
  ...[...SOURCE_DIRS, ...CONFIG_FILES]
    .map((p) => join(root, p))
    .filter(existsSync)
    .map(newestMtime),
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  console.error('building dist/ (the sources changed since the last build)');
  const started = Date.now();
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: root, stdio: 'inherit' },
  );
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  console.error(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
// A YAML file edited since the build gets its copy anew (when nothing changed this compares two digests).
execFileSync(process.execPath, [join(root, 'scripts', 'write-yaml-copies.mjs')], { cwd: root, stdio: 'inherit' });
