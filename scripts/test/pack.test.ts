/**
 * What `npm pack` gives works for a consumer, with no network and no npm cache: the tarball is
 * unpacked into `node_modules/catalog-contract` of a consumer project under `.tmp/`, whose other
 * dependencies resolve from this repository's `node_modules` (Node looks in the folders above). That
 * is an install minus the download, so two checks stand in for the download: every package dist/
 * imports is a declared runtime dependency (or, in the `./msw` entry alone, the optional peer msw,
 * which no other entry reaches), and every package its declarations import gives the consumer
 * types. Then the consumer example of docs/testing-with-the-mock.md and its msw set-up file (used by a jsdom test)
 * type-check against the package (tsc, strict, module nodenext) and pass, every command has its
 * help, and `npx catalog-contract mock` serves the API and the built docs and stops when npx is
 * told to. And, read from package-lock.json (which the tarball does not ship), the packages a consumer's
 * npm installs: the lock must hold what npm resolves without this repository's `overrides` (which do not
 * reach a consumer), and each must admit the lowest Node of every range package.json claims, so that an
 * install prints no EBADENGINE.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import semver from 'semver';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';
import { fencedBlocks, readmeSection } from './readme-sections.js';
import { listeningUrl, portFreed } from './served-process.js';

interface Manifest {
  name: string;
  version: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  exports: Record<string, string | { types: string; default: string }>;
}

const project = fromRoot('.tmp', `pack-consumer-${process.pid}`);
const installed = join(project, 'node_modules', 'catalog-contract');
// npm and npx below get an empty cache of their own and --offline: nothing may come from elsewhere.
const npmEnv = {
  ...process.env,
  npm_config_cache: join(project, 'npm-cache'),
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
};
let manifest: Manifest;
let tarballEntries: string[];
let mock: ChildProcess | undefined;

function node(script: string, args: string[], cwd: string): { status: number | null; output: string } {
  try {
    return {
      status: 0,
      output: execFileSync(process.execPath, [script, ...args], {
        cwd,
        encoding: 'utf8',
        stdio: 'pipe',
        env: withoutVitestState(),
      }),
    };
  } catch (error) {
    const failed = error as { status: number | null; stdout: string; stderr: string };
    return { status: failed.status, output: failed.stdout + failed.stderr };
  }
}

/** This process's environment without what vitest set for its own workers (and colours), for a vitest run of the consumer's. */
function withoutVitestState(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && !['TEST', 'NODE_ENV', 'FORCE_COLOR'].includes(key),
    ),
  );
  return { ...env, NO_COLOR: '1' };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

const isBuiltin = (specifier: string): boolean =>
  specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier));

/** The bare specifiers a file imports: static and dynamic imports, re-exports, require and createRequire(...)(...). */
function bareImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  for (const m of text.matchAll(/createRequire\([^)]*\)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1] ?? '');
  return found.filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/') && !isBuiltin(specifier));
}

/** The declaration files a consumer's tsc reads: those of the exports' `types`, and those they import, transitively. */
function reachableDeclarations(): string[] {
  const pending = Object.values(manifest.exports).flatMap((target) =>
    typeof target === 'string' ? [] : [join(installed, target.types)],
  );
  const seen = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (fileName.startsWith('.')) pending.push(join(dirname(file), fileName.replace(/\.js$/, '.d.ts')));
    }
  }
  return [...seen];
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: Record<string, string> | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The lock file's entry a package at `from` (a lock path, '' for the root) finds for `name`, as Node looks upwards. */
function resolveInLock(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const path = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[path]) return path;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/**
 * The dependencies of the lock's runtime entries (those a consumer installs: not `dev`) that the entry
 * they resolve to does not satisfy: an override of this repository chose that version, and a consumer,
 * whom overrides do not reach, gets another one, which the lock says nothing about.
 */
function overriddenForConsumer(packages: Record<string, LockEntry>): string[] {
  const found: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (entry.dev) continue;
    const ranges = { ...entry.peerDependencies, ...entry.optionalDependencies, ...entry.dependencies };
    for (const [name, range] of Object.entries(ranges)) {
      const target = resolveInLock(packages, path, name);
      const version = target === undefined ? undefined : packages[target]?.version;
      if (version === undefined || semver.validRange(range) === null) continue;
      if (!semver.satisfies(version, range, { includePrerelease: true }))
        found.push(`${path || 'catalog-contract'} wants ${name} ${range}, the lock has ${version} (${target})`);
    }
  }
  return found;
}

/** The lock's runtime entries whose engines.node refuses one of the Node versions given. */
function refusingNode(packages: Record<string, LockEntry>, nodes: string[]): string[] {
  return Object.entries(packages).flatMap(([path, entry]) => {
    const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === '' || entry.dev || node === undefined) return [];
    const refused = nodes.filter((version) => !semver.satisfies(version, node));
    return refused.length === 0 ? [] : [`${path}@${entry.version} needs Node ${node}, not ${refused.join(', ')}`];
  });
}

/**
 * The families in graphql-yoga's tree whose releases within a semver range have raised the Node they need
 * (@graphql-tools/utils 12.1.0 brought @whatwg-node/promise-helpers 2, Node 22.15): a consumer's npm resolves
 * their ranges afresh, so each is pinned, as a dependency, to the version the lock holds.
 */
const FLOOR_RAISING_FAMILIES = ['@envelop/', '@graphql-tools/', '@graphql-yoga/', '@whatwg-node/'];

/** The lock's top-level runtime entries of those families that `dependencies` does not pin to the lock's version. */
function unpinnedFamilies(packages: Record<string, LockEntry>, dependencies: Record<string, string>): string[] {
  return Object.entries(packages).flatMap(([path, entry]) => {
    const name = path.slice('node_modules/'.length);
    if (entry.dev || !path.startsWith('node_modules/') || name.includes('/node_modules/')) return [];
    if (!FLOOR_RAISING_FAMILIES.some((family) => name.startsWith(family))) return [];
    return dependencies[name] === entry.version
      ? []
      : [`${name}@${entry.version} (package.json: ${dependencies[name]})`];
  });
}

/** The lowest version of each range of an `a || b` range: for ours, the lowest Node of each line we claim. */
function lowestOfEach(range: string): string[] {
  return new semver.Range(range).set.map(
    (comparators) => semver.minVersion(comparators.map((c) => c.value).join(' '))?.version ?? '',
  );
}

/** The folder of the built entry that may import the optional peers (`catalog-contract/msw`). */
const OPTIONAL_PEER_DIR = join('dist', 'mock-server', 'msw');

/** Whether a bare package is declared for the file importing it: a dependency, or an optional peer imported by the msw entry. */
function declaredFor(name: string, file: string): boolean {
  return (
    name in manifest.dependencies ||
    (manifest.peerDependenciesMeta[name]?.optional === true && file.startsWith(OPTIONAL_PEER_DIR + '/'))
  );
}

/** The built modules an entry loads: its file and those it imports by relative path, transitively. */
function reachableModules(entry: string): string[] {
  const pending = [join(installed, entry)];
  const seen = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (fileName.startsWith('.')) pending.push(join(dirname(file), fileName));
    }
  }
  return [...seen];
}

/** Which bare packages the files import, each with the first file (relative to the package) that does. */
function importedPackages(files: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  for (const file of files)
    for (const specifier of bareImports(file))
      if (!packages.has(packageOf(specifier))) packages.set(packageOf(specifier), relative(installed, file));
  return packages;
}

/** Whether a package carries its own declarations (as the version this checkout installed does). */
function shipsTypes(name: string): boolean {
  const dir = fromRoot('node_modules', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    types?: string;
    typings?: string;
    exports?: unknown;
  };
  return (
    !!(pkg.types ?? pkg.typings) ||
    JSON.stringify(pkg.exports ?? {}).includes('"types"') ||
    existsSync(join(dir, 'index.d.ts'))
  );
}

beforeAll(() => {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(installed, { recursive: true });
  // What prepack does, less the docs site: rebuilding dist/docs/ here would rewrite it under the docs
  // tests running beside this file; the global set-up built it already.
  execFileSync('npm', ['run', 'build', '--loglevel=error'], { cwd: fromRoot(), encoding: 'utf8', env: npmEnv });
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', project, '--loglevel=error'], {
    cwd: fromRoot(),
    encoding: 'utf8',
    env: npmEnv,
  });
  manifest = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as Manifest;
  const tarball = join(project, `${manifest.name}-${manifest.version}.tgz`);
  tarballEntries = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      devDependencies: { [manifest.name]: `file:${relative(project, tarball)}` },
    }),
  );
  // What npm's install does for a bin: a link in node_modules/.bin to the file, made executable.
  mkdirSync(join(project, 'node_modules', '.bin'));
  for (const [command, file] of Object.entries(manifest.bin)) {
    chmodSync(join(installed, file), 0o755);
    symlinkSync(join('..', manifest.name, file), join(project, 'node_modules', '.bin', command));
  }
}, 180_000);

afterAll(() => {
  // npx runs the command in a shell of its own: end the whole process group.
  if (mock?.pid) {
    try {
      process.kill(-mock.pid, 'SIGKILL');
    } catch {
      // the group is already gone
    }
  }
  rmSync(project, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds the licence, the spec, the built code and a declaration beside every module', () => {
    expect(tarballEntries).toContain('package/LICENSE');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toContain(
      'Apache License\n                           Version 2.0, January 2004',
    );
    expect(tarballEntries).toContain('package/spec/openapi.yaml');
    expect(tarballEntries.filter((entry) => /\/test\/|\.test\.[jt]s$/.test(entry))).toEqual([]);
    const modules = tarballEntries.filter((entry) => entry.startsWith('package/dist/') && entry.endsWith('.js'));
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((entry) => !tarballEntries.includes(entry.replace(/\.js$/, '.d.ts')))).toEqual([]);
  });

  it('has, for every entry of package.json exports, the module and its types', () => {
    expect(Object.keys(manifest.exports)).toEqual(expect.arrayContaining(['.', './conformance', './spec', './types']));
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      expect(existsSync(join(installed, target.default)), `${entry}: ${target.default}`).toBe(true);
      expect(existsSync(join(installed, target.types)), `${entry}: ${target.types}`).toBe(true);
      expect(target.types, entry).toBe(target.default.replace(/\.js$/, '.d.ts'));
    }
  });

  it('exports the GraphQL SDL, one file per area, for a consumer to resolve (codegen, a schema of its own)', () => {
    const resolved = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "console.log(import.meta.resolve('catalog-contract/spec/graphql/schema/dataset.graphql'))",
      ],
      { cwd: project, encoding: 'utf8' },
    ).trim();
    const folder = dirname(new URL(resolved).pathname);
    expect(folder).toBe(join(installed, 'spec', 'graphql', 'schema'));
    expect(readdirSync(folder).filter((file) => file.endsWith('.graphql')).length).toBeGreaterThan(10);
  });

  it('imports, at run time, only Node built-ins and its declared dependencies', () => {
    const packages = importedPackages(filesUnder(join(installed, 'dist')).filter((file) => file.endsWith('.js')));
    // The scan finds what it should: the mock's store needs better-sqlite3.
    expect(packages.has('better-sqlite3')).toBe(true);
    expect(packages.get('msw'), 'the msw entry imports its optional peer').toMatch(/^dist\/mock-server\/msw\//);
    const undeclared = [...packages].filter(([name, file]) => !declaredFor(name, file));
    expect(undeclared, 'package, first file importing it').toEqual([]);
  });

  it('loads the optional peer msw from the ./msw entry only: no other entry reaches it', () => {
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string' || entry === './msw') continue;
      const optional = [...importedPackages(reachableModules(target.default))].filter(
        ([name]) => manifest.peerDependenciesMeta[name],
      );
      expect(optional, entry).toEqual([]);
    }
  });

  it('declares only types a consumer gets with it: from a dependency that ships them, or its @types package', () => {
    const declarations = reachableDeclarations();
    expect(declarations.filter((file) => !existsSync(file))).toEqual([]);
    const packages = importedPackages(declarations);
    expect(packages.size).toBeGreaterThan(0);
    const untyped = [...packages].filter(
      ([name, file]) => !((declaredFor(name, file) && shipsTypes(name)) || `@types/${name}` in manifest.dependencies),
    );
    expect(untyped, 'package, first declaration importing it').toEqual([]);
  });
});

describe("the packages a consumer's npm install resolves, read from package-lock.json", () => {
  const lock = JSON.parse(readFileSync(fromRoot('package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const claimed = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { engines: { node: string } }).engines
    .node;

  it('finds an overridden runtime dependency, one refusing a Node, and the lowest Node of each range claimed', () => {
    const forced = {
      '': { dependencies: { a: '1.0.0' } },
      'node_modules/a': { version: '1.0.0', dependencies: { b: '^2.0.0' } },
      'node_modules/b': { version: '1.3.2' },
      'node_modules/c': { version: '1.0.0', dev: true, dependencies: { b: '^3.0.0' } },
    };
    expect(overriddenForConsumer(forced)).toEqual([
      'node_modules/a wants b ^2.0.0, the lock has 1.3.2 (node_modules/b)',
    ]);
    expect(lowestOfEach('>=20.19 <21 || >=22.12 <27')).toEqual(['20.19.0', '22.12.0']);
    const floored = {
      'node_modules/d': { version: '2.0.2', engines: { node: '>=22.15.0' } },
      'node_modules/e': { version: '1.0.0', engines: { node: '>=16.0.0' } },
      'node_modules/f': { version: '1.0.0', dev: true, engines: { node: '>=24' } },
    };
    expect(refusingNode(floored, ['20.19.0', '22.12.0'])).toEqual([
      'node_modules/d@2.0.2 needs Node >=22.15.0, not 20.19.0, 22.12.0',
    ]);
  });

  it('finds a runtime package of a floor-raising family not pinned to the version of the lock', () => {
    const locked = {
      'node_modules/@whatwg-node/server': { version: '0.11.0' },
      'node_modules/@envelop/core': { version: '5.6.1' },
      'node_modules/@whatwg-node/fetch': { version: '0.10.13', dev: true },
      'node_modules/graphql-yoga/node_modules/@graphql-tools/utils': { version: '11.2.2' },
      'node_modules/express': { version: '5.3.0' },
    };
    expect(unpinnedFamilies(locked, { '@whatwg-node/server': '^0.11.0', '@envelop/core': '5.6.1' })).toEqual([
      '@whatwg-node/server@0.11.0 (package.json: ^0.11.0)',
    ]);
  });

  it("pin graphql-yoga's families to the lock's versions, so that a consumer's npm resolves the same", () => {
    const { dependencies } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as Manifest;
    expect(Object.keys(lock.packages)).toContain('node_modules/@whatwg-node/server');
    expect(unpinnedFamilies(lock.packages, dependencies), 'pin each as a dependency').toEqual([]);
  });

  it("are what npm resolves without this repository's overrides, which do not reach a consumer", () => {
    expect(overriddenForConsumer(lock.packages), 'pin, as a dependency, a version whose own ranges fit').toEqual([]);
  });

  it('each admit the lowest Node of every range package.json claims', () => {
    const lowest = lowestOfEach(claimed);
    expect(lowest.length).toBeGreaterThan(0);
    const runtime = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);
    expect(runtime.map(([path]) => path)).toContain('node_modules/better-sqlite3');
    expect(refusingNode(lock.packages, lowest), `package.json claims Node ${claimed}`).toEqual([]);
  });
});

/** A consumer's test that uses the guide's msw set-up file, under jsdom as a frontend's tests run. */
const MSW_CONSUMER_TEST = `// @vitest-environment jsdom
import './msw.setup.js';
import { expect, it } from 'vitest';

it("answers the app's plain fetch from the mock, through msw", async () => {
  const response = await fetch('http://localhost:9002/entities?action=search', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: 'orders', entity: 'dataset', start: 0, count: 10 }),
  });
  expect((await response.json()).value.numEntities).toBeGreaterThan(0);
});
`;

describe('the consumer examples of docs/testing-with-the-mock.md, against the package', () => {
  const guide = readFileSync(fromRoot('docs', 'testing-with-the-mock.md'), 'utf8');
  const [example] = fencedBlocks(readmeSection(guide, "## The mock in your project's tests") ?? '', 'ts');
  const [mswSetup] = fencedBlocks(readmeSection(guide, '## Frontend tests without a server (MSW)') ?? '', 'ts');

  // skipLibCheck: tsc would spend half a minute checking vitest's and Node's declarations; what the
  // package's own declarations import is checked above, and an entry without types fails here (TS7016).
  it('type-check with tsc, strict, module nodenext', () => {
    expect(
      example,
      'docs/testing-with-the-mock.md has no ts block in "The mock in your project\'s tests"',
    ).toBeDefined();
    expect(
      mswSetup,
      'docs/testing-with-the-mock.md has no ts block in "Frontend tests without a server (MSW)"',
    ).toBeDefined();
    writeFileSync(join(project, 'mock.test.ts'), example ?? '');
    writeFileSync(join(project, 'msw.setup.ts'), mswSetup ?? '');
    writeFileSync(join(project, 'msw.test.ts'), MSW_CONSUMER_TEST);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2023', 'DOM'],
        },
        files: ['mock.test.ts', 'msw.setup.ts', 'msw.test.ts'],
      }),
    );
    const tsc = node(fromRoot('node_modules', 'typescript', 'bin', 'tsc'), ['-p', project], project);
    expect(tsc.output).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);

  it('pass, run with vitest', () => {
    // A config of its own: vitest would otherwise take this repository's, found above the project.
    writeFileSync(
      join(project, 'vitest.config.mjs'),
      "export default { test: { include: ['mock.test.ts', 'msw.test.ts'] } };\n",
    );
    const run = node(
      fromRoot('node_modules', 'vitest', 'vitest.mjs'),
      ['run', '--config', 'vitest.config.mjs'],
      project,
    );
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Tests\s+4 passed/);
  }, 120_000);
});

describe('the command, run with npx', () => {
  it('has the help of every command', () => {
    const help = execFileSync('npx', ['catalog-contract', '--help'], { cwd: project, encoding: 'utf8', env: npmEnv });
    for (const command of ['mock', 'conformance', 'proxy', 'pull']) {
      expect(help).toMatch(new RegExp(`^\\s+${command}\\s`, 'm'));
      expect(
        execFileSync('npx', ['catalog-contract', command, '--help'], { cwd: project, encoding: 'utf8', env: npmEnv }),
      ).toMatch(/--help/);
    }
  }, 60_000);

  it('`npx catalog-contract mock` serves the API and the built docs, and a SIGTERM to npx frees its port within 2 s', async () => {
    mock = spawn('npx', ['catalog-contract', 'mock', '--port', '0'], { cwd: project, detached: true, env: npmEnv });
    const url = await listeningUrl(mock);
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
    const docs = await fetch(`${url}/svc/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('href="api.html"');
    mock.kill('SIGTERM');
    expect(await portFreed(url, 2000)).toBe(true);
  }, 60_000);
});
