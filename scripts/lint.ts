/**
 * `npm run lint`: redocly lint of the OpenAPI document and of the GraphQL SDL (rules switched off
 * only in redocly.yaml, each with its reason), then `tsc --noEmit`.
 */
import { spawnSync } from 'node:child_process';
import { packageRoot } from '../spec/package-root.js';

export const LINTED_SPEC_FILES = ['spec/openapi.yaml', 'spec/graphql/schema.graphql'];

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: packageRoot(), stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } });
  return result.status ?? 1;
}

const failures = [run('npx', ['redocly', 'lint', ...LINTED_SPEC_FILES]), run('npx', ['tsc', '--noEmit', '-p', '.'])].filter((s) => s !== 0);
process.exit(failures.length ? 1 : 0);
