/**
 * Every package a consumer installs with catalog-contract (the dependencies, not the dev
 * dependencies, transitively, as package-lock.json resolved them) admits every Node version that
 * catalog-contract's own `engines` admits, so installing it on a supported Node prints no
 * EBADENGINE warning. Read from the lock file, without installing anything.
 *
 * semver 7 (the library npm itself uses for engines) decides. Its `subset(ours, theirs)` needs each
 * part of our range inside one part of theirs, so `>=22.12 <27` is not a subset of
 * `22.x || 23.x || … || 26.x` though every version in it is; our range is therefore checked one major
 * version at a time (an open range reaches the last major checked, 99, and fails against a capped one).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';
import { fromRoot } from '../../spec/package-root.js';

interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: Record<string, string> | string[];
}

const manifest = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(fromRoot('package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

const LAST_MAJOR = 99;

/** Our range cut into one range per major version it reaches. */
function perMajor(range: string): string[] {
  const parts = new semver.Range(range).set.map((comparators) => comparators.map((c) => c.value).join(' '));
  const pieces: string[] = [];
  for (let major = 0; major <= LAST_MAJOR; major++) {
    // -0: below every prerelease of the next major, as `24.x` ends.
    const inMajor = parts
      .map((part) => `${part} >=${major}.0.0 <${major + 1}.0.0-0`)
      .filter((part) => semver.minVersion(part) !== null);
    if (inMajor.length > 0) pieces.push(inMajor.join(' || '));
  }
  return pieces;
}

function admits(theirs: string, ours: string): boolean {
  return perMajor(ours).every((piece) => semver.subset(piece, theirs));
}

const runtimeEntries = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);

it('the package declares the Node versions it supports as a valid range', () => {
  expect(semver.validRange(manifest.engines.node)).not.toBeNull();
});

it('a range admits ours when it holds every version of ours, however the two are split', () => {
  expect(admits('20.x || 22.x || 23.x || 24.x || 25.x || 26.x', '>=20.19 <21 || >=22.12 <27')).toBe(true);
  expect(admits('>=16.0.0', '>=20.19 <21 || >=22.12 <27')).toBe(true);
  // What @whatwg-node/promise-helpers 2.0.0 declares: Node 20 is out.
  expect(admits('>=22.15.0', '>=20.19 <21 || >=22.12 <27')).toBe(false);
  expect(admits('20.x || 22.x || 23.x || 24.x || 25.x || 26.x', '>=20.19 <21 || >=22.12')).toBe(false);
  expect(admits('^20.19.0 || >=22.13.0', '>=20.19 <21 || >=22.12 <27')).toBe(false);
});

it('the lock file marks the runtime dependencies apart from the dev dependencies', () => {
  // Guards the filter below: an install that dropped the dev flags would make every entry "runtime".
  const runtime = new Set(runtimeEntries.map(([path]) => path));
  expect(runtime.has('node_modules/better-sqlite3')).toBe(true);
  expect(runtime.has('node_modules/vitest')).toBe(false);
});

it("every runtime dependency's engines.node admits the package's declared Node range", () => {
  const refusing = runtimeEntries
    .map(([path, entry]) => ({
      path,
      version: entry.version,
      node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
    }))
    .filter(({ node }) => node !== undefined && !admits(node, manifest.engines.node));
  expect(refusing, `package.json engines.node is ${manifest.engines.node}`).toEqual([]);
});
