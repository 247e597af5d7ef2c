/**
 * `npm run lint`: redocly lint of the OpenAPI document and of the GraphQL SDL (its files joined into one
 * temporary file, since one file alone may extend a type another declares; rules switched off
 * only in redocly.yaml, each with its reason), `tsc --noEmit`, then Prettier's check of the TypeScript,
 * JavaScript and JSON files (120 columns, `.prettierrc.json`; `.prettierignore` leaves out what tests compare
 * byte for byte: `generated/`, `spec/`, fixtures). `npx prettier --write .` formats them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { graphqlSchemaSource } from '../spec/index.js';
import { packageRoot } from '../spec/package-root.js';

export const LINTED_SPEC_FILES = ['spec/openapi.yaml'];

/** The GraphQL SDL's files joined into `schema.graphql` of a new temporary folder, for redocly to lint. */
export function joinedSdlFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'catalog-contract-sdl-')), 'schema.graphql');
  writeFileSync(file, graphqlSchemaSource());
  return file;
}
/** The files Prettier formats, as globs of the package root. */
export const FORMATTED_FILES = ['**/*.{ts,mts,cts,js,mjs,cjs,json}'];

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, {
    cwd: packageRoot(),
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  return result.status ?? 1;
}

/** Prettier's check of `files` (globs or paths), as the lint runs it: the arguments after `npx`. */
export const formatCheck = (files: readonly string[]): string[] => [
  'prettier',
  '--check',
  '--log-level',
  'warn',
  ...files,
];

// Run as `npm run lint`; imported by its test for the lists above.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const failures = [
    run('npx', ['redocly', 'lint', ...LINTED_SPEC_FILES, joinedSdlFile()]),
    run('npx', ['tsc', '--noEmit', '-p', '.']),
    run('npx', formatCheck(FORMATTED_FILES)),
  ].filter((s) => s !== 0);
  process.exit(failures.length ? 1 : 0);
}
