import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../spec/package-root.js';

const run = (args: string[]) =>
  spawnSync('npx', args, { cwd: packageRoot(), encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } });

describe('lint', () => {
  it.each(['spec/openapi.yaml', 'spec/graphql/schema.graphql'])('redocly lint %s: no errors and no warnings', (file) => {
    // The JSON report counts Redocly's own problems only (stderr carries its Node 20 banner).
    const result = run(['redocly', 'lint', file, '--format', 'json']);
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems, JSON.stringify(report.problems, null, 2)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(result.status).toBe(0);
  });

  // tsc over the whole repository takes about 15 s of CPU, several times that on a busy 2-core machine.
  it('the TypeScript sources type-check (tsc --noEmit)', () => {
    const result = run(['tsc', '--noEmit', '-p', '.']);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  }, 180_000);
});
