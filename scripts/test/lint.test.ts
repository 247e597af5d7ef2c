import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../spec/package-root.js';
import { FORMATTED_FILES, LINTED_SPEC_FILES, formatCheck, joinedSdlFile } from '../lint.js';

const run = (args: string[]) =>
  spawnSync('npx', args, {
    cwd: packageRoot(),
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
  });

describe('lint', () => {
  it.each([...LINTED_SPEC_FILES, 'the GraphQL SDL'])('redocly lint %s: no errors and no warnings', (name) => {
    const file = name === 'the GraphQL SDL' ? joinedSdlFile() : name;
    // The JSON report counts Redocly's own problems only (stderr carries its Node 20 banner).
    const result = run(['redocly', 'lint', file, '--format', 'json']);
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: unknown[];
    };
    expect(report.problems, JSON.stringify(report.problems, null, 2)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(result.status).toBe(0);
  });

  // tsc over the whole repository takes about 15 s of CPU, several times that on a busy 2-core machine.
  it('the TypeScript sources type-check (tsc --noEmit)', () => {
    const result = run(['tsc', '--noEmit', '-p', '.']);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  }, 180_000);

  it("every TypeScript, JavaScript and JSON file is formatted (Prettier's check, as npm run lint runs it)", () => {
    const result = run(formatCheck(FORMATTED_FILES));
    expect(result.status, result.stdout + result.stderr).toBe(0);
  }, 120_000);

  it('the check fails on an unformatted TypeScript file, naming it', () => {
    // A file of the package with its formatting undone (every line run together onto one), checked with the
    // package's own configuration from a folder of its own, so that no other test sees it.
    const folder = mkdtempSync(join(tmpdir(), 'catalog-contract-lint-'));
    try {
      const file = join(folder, 'unformatted.ts');
      const source = readFileSync(join(packageRoot(), 'scripts/lint.ts'), 'utf8');
      writeFileSync(file, source.replace(/\n\s*/g, '\n').replace(/,\n/g, ', '));
      const result = run([...formatCheck([file]), '--config', join(packageRoot(), '.prettierrc.json')]);
      expect(result.status).not.toBe(0);
      expect(result.stdout + result.stderr).toContain('unformatted.ts');
      writeFileSync(file, source);
      expect(run([...formatCheck([file]), '--config', join(packageRoot(), '.prettierrc.json')]).status).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
