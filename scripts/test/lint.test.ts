import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../spec/package-root.js';

const run = (args: string[]) =>
  spawnSync('npx', args, { cwd: packageRoot(), encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } });

describe('lint', () => {
  it.each(['spec/openapi.yaml', 'spec/graphql/schema.graphql'])('redocly lint %s: no errors and no warnings', (file) => {
    const result = run(['redocly', 'lint', file, '--format', 'stylish']);
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(0);
    expect(output, output).not.toMatch(/\bwarning\b/i);
  });

  it('the TypeScript sources type-check (tsc --noEmit)', () => {
    const result = run(['tsc', '--noEmit', '-p', '.']);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });
});
