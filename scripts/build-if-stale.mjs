/**
 * `npm run build:code-if-stale` (run by `prestart`): compiles the TypeScript to dist/ when a source is newer
 * than the last build, so that `npm start` runs built JavaScript (loading the sources through tsx took most
 * of a second of every start). It compiles with esbuild, file by file and without type-checking (under a
 * second for the whole tree, where tsc took half a minute on a first start): type-checking stays in
 * `npm run lint` and the tests, and `npm run build` (tsc, with declarations) builds the packed package.
 * Then it starts the docs site's build in the background, at the lowest priority, so the mock answers
 * first (its docs path says 503 until the site is there). Plain JavaScript, so that the check itself
 * needs no compiler: when nothing changed it costs a few milliseconds.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const stamp = join(root, 'dist', '.code-build-stamp');
// The folders tsconfig.build.json compiles ("mock-server/**/*.ts" names mock-server), and the files that change how it compiles.
const SOURCE_DIRS = [
  ...new Set(
    JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')).include.map((pattern) => pattern.split('/')[0]),
  ),
];
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];

/** The TypeScript sources under `path` that the build compiles (tsconfig.build.json leaves out the tests). */
function sourcesIn(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  return readdirSync(path)
    .filter((entry) => entry !== 'test' && entry !== 'node_modules')
    .flatMap((entry) => sourcesIn(join(path, entry)));
}

const sources = SOURCE_DIRS.map((dir) => join(root, dir))
  .filter(existsSync)
  .flatMap(sourcesIn);
const newest = Math.max(
  ...sources.map((file) => statSync(file).mtimeMs),
  ...CONFIG_FILES.map((file) => join(root, file))
    .filter(existsSync)
    .map((file) => statSync(file).mtimeMs),
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < newest) {
  const started = Date.now();
  // tsconfig.json's target; the sources use `import type` (verbatimModuleSyntax), so each file compiles alone.
  await build({
    entryPoints: sources,
    outdir: join(root, 'dist'),
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    logLevel: 'warning',
  });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  console.error(
    `built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s (the sources changed since the last build)`,
  );
}
// A YAML file edited since the build gets its copy anew (when nothing changed this compares two digests).
execFileSync(process.execPath, [join(root, 'scripts', 'write-yaml-copies.mjs')], { cwd: root, stdio: 'inherit' });

// The docs site, when missing or stale, is built by a process of its own that outlives this script: its output
// goes to a log file, so that npm, which waits for this script's output to close, goes on to start the mock.
const log = join(root, 'dist', 'docs-build.log');
mkdirSync(dirname(log), { recursive: true });
const output = openSync(log, 'w');
const nice = process.platform === 'win32' ? [] : ['nice', '-n', '19'];
const [command = process.execPath, ...args] = [
  ...nice,
  process.execPath,
  '--import',
  'tsx',
  join(root, 'scripts', 'docs.ts'),
  '--if-stale',
];
spawn(command, args, { cwd: root, detached: true, stdio: ['ignore', output, output] }).unref();
