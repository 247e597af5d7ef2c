/**
 * `npm pack` gives a package that works installed into an empty project, offline: it installs from
 * the packed file and the local npm cache alone, needs neither tsx nor the dev dependencies, starts
 * the mock with `npx catalog-contract mock` (health and the built docs answer) and has the help of
 * every command.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';

const work = mkdtempSync(join(tmpdir(), 'catalog-contract-pack-'));
const project = join(work, 'project');
let mock: ChildProcess | undefined;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } });
}

function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(fromRoot('package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`${name} is not in package-lock.json`);
  return entry.version;
}

beforeAll(() => {
  // prepack builds dist/ (tsc) and the docs site into the package.
  npm(['pack', '--pack-destination', work], fromRoot());
  const { name, version } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { name: string; version: string };
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'empty-project',
      private: true,
      // Type packages ask for @types/node "*", which resolves to the newest release, never in this machine's cache;
      // the version this checkout installed is. Online, npm fetches the newest and nothing else changes.
      overrides: { '@types/node': lockedVersion('@types/node') },
    }),
  );
  // --ignore-scripts: better-sqlite3's install script would compile SQLite (about 90 s without its prebuilt binary);
  // the binary this checkout built is the same version for the same Node, so it is copied in below.
  npm(['install', join(work, `${name}-${version}.tgz`), '--offline', '--ignore-scripts'], project);
  expect(lockedVersion('better-sqlite3')).toBe(JSON.parse(readFileSync(join(project, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')).version);
  cpSync(fromRoot('node_modules', 'better-sqlite3', 'build'), join(project, 'node_modules', 'better-sqlite3', 'build'), { recursive: true });
}, 150_000);

afterAll(() => {
  // npx runs the command in a child of its own: end the whole process group.
  if (mock?.pid) process.kill(-mock.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

it('installs without the dev dependencies', () => {
  for (const dev of ['tsx', 'typescript', '@redocly/cli', 'vitest']) {
    expect(() => readFileSync(join(project, 'node_modules', dev, 'package.json')), dev).toThrow();
  }
});

it('has the help of every command', () => {
  const help = execFileSync('npx', ['--offline', 'catalog-contract', '--help'], { cwd: project, encoding: 'utf8' });
  for (const command of ['mock', 'conformance', 'proxy']) {
    expect(help).toMatch(new RegExp(`^\\s+${command}\\s`, 'm'));
    expect(execFileSync('npx', ['--offline', 'catalog-contract', command, '--help'], { cwd: project, encoding: 'utf8' })).toMatch(/--help/);
  }
});

it('starts the mock with `npx catalog-contract mock`, serving the API and the built docs', async () => {
  const child = spawn('npx', ['--offline', 'catalog-contract', 'mock', '--port', '0'], { cwd: project, detached: true });
  mock = child;
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`the mock exited with ${code}:\n${output}`)));
  });
  const health = await fetch(`${url}/__mock/health`);
  expect(health.status).toBe(200);
  const docs = await fetch(`${url}/svc/docs`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain('href="api.html"');
}, 60_000);
