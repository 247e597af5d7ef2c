/**
 * `npm run docs`: builds the docs site into dist/docs/ (or --out DIR) for the `svc` namespace (or
 * --namespace li). Needs no network. With --if-stale (npm start's `prestart`, the test run's set-up)
 * it builds dist/docs/ only when it is missing or its sources changed since.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { fromRoot, isNamespace } from '../spec/index.js';
import { DOCS_DIR, docsSiteIsCurrent } from '../spec/docs-site.js';
import { buildDocsSite } from './docs/site.js';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, namespace: { type: 'string' }, 'if-stale': { type: 'boolean' } },
  });
  const ns = values.namespace ?? 'svc';
  if (!isNamespace(ns)) {
    console.error(`docs: --namespace '${ns}': expected svc or li`);
    return 2;
  }
  const out = values.out ? resolve(values.out) : fromRoot(...DOCS_DIR);
  if (values['if-stale'] && !values.out && docsSiteIsCurrent()) return 0;
  await buildDocsSite(out, ns);
  console.log(`docs: wrote ${out}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
