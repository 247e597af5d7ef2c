import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The folder holding this package's package.json. Code runs from the sources (tsx) and from dist/
 * once packed, so files such as spec/ and generated/ are found from the package root, not from
 * the module's own folder.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'spec', 'openapi.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('catalog-contract: cannot find the package root (spec/openapi.yaml)');
    dir = parent;
  }
  cached = dir;
  return dir;
}

export function fromRoot(...parts: string[]): string {
  return join(packageRoot(), ...parts);
}
