/**
 * `catalog-contract conformance` through its entry function: exit codes, progress and the section
 * table on the console, the --json and --junit files, --only, and bad command lines.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockServer, defaultTokens, silentLogger, type MockServer } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { runConformanceCli } from '../cli.js';
import type { Report } from '../runner.js';

const [admin] = defaultTokens(loadContract('svc').names);

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  try {
    return { code: await runConformanceCli(argv), out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('catalog-contract conformance', () => {
  let mock: MockServer;
  const dir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));

  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger });
  });

  afterAll(async () => {
    await mock.close();
  });

  it('exits 0 on a passing run, printing progress and the table per section, and writes both reports', async () => {
    const json = join(dir, 'out', 'report.json');
    const junit = join(dir, 'out', 'junit.xml');
    const { code, out } = await run(['--base-url', mock.url, '--token', admin?.token ?? '', '--only', 'operations.', '--json', json, '--junit', junit]);
    expect(code).toBe(0);
    expect(out).toMatch(/^ok {3}operations\.getIndexSizes\.shape {2}\(4\.2 Operations endpoints: getIndexSizes\)$/m);
    expect(out).toMatch(/^skip operations\.truncate\.real .*\n\s+needs --allow-writes$/m);
    expect(out).toMatch(/^section\s+passed\s+failed\s+skipped\s+known upstream difference$/m);
    expect(out).toMatch(/^4\.2 Operations endpoints\s+\d+\s+0\s+\d+\s+0$/m);
    expect(out).toMatch(/^\d+ covered, \d+ not covered, 2 not observable; \d+\.\d s; run id cc\w+$/m);
    expect(out).toContain('conformance: passed');
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.ok).toBe(true);
    expect(report.clauses.notObservable.map((n) => n.clause)).toEqual(['5 Authentication: Token management', '6 Events']);
    expect(report.checks.map((c) => c.id)).toContain('auth.operations.no-token');
    expect(report.checks.every((c) => c.id.includes('operations.'))).toBe(true);
    expect(readFileSync(junit, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
  });

  it('exits 1 when a check fails, naming it', async () => {
    // The mock guards the operations endpoints: a run that expects auth off finds them closed.
    const { code, out } = await run(['--base-url', mock.url, '--expect-auth', 'off', '--only', 'auth.operations.open', '--prefix', '/gms']);
    expect(code).toBe(1);
    expect(out).toMatch(/^FAIL auth\.operations\.open {2}\(5 Authentication: Credential operations endpoints open with --expect-auth off\)\n\s+getIndexSizes without a token: expected 200, got 401$/m);
    expect(out).toContain('conformance: FAILED');
  });

  it.each([
    { given: [], want: '--base-url is required' },
    { given: ['--base-url', 'not a url'], want: "--base-url 'not a url' is not a URL" },
    { given: ['--base-url', 'http://x', '--namespace', 'xx'], want: '--namespace must be svc or li' },
    { given: ['--base-url', 'http://x', '--expect-auth', 'some'], want: '--expect-auth must be one of standard, all, off' },
    { given: ['--base-url', 'http://x', '--prefix', '/api'], want: "--prefix must be one of /api/gms, /gms or ''" },
    { given: ['--base-url', 'http://x', '--allow-destructive'], want: '--allow-destructive needs --allow-writes' },
    { given: ['--base-url', 'http://x', '--bogus'], want: "Unknown option '--bogus'" },
    { given: ['--base-url', 'http://x', '--dataset', 'urn:svc:corpuser:x'], want: "--dataset must be a dataset URN, not 'urn:svc:corpuser:x'" },
  ])('exits 2 on a bad command line: $want', async ({ given, want }) => {
    const { code, err } = await run(given);
    expect(code).toBe(2);
    expect(err).toContain(want);
    expect(err).toContain('Usage: catalog-contract conformance');
  });

  it('reads the dataset --dataset names where search would find none', async () => {
    const empty = await createMockServer({ port: 0, logger: silentLogger, sample: false });
    try {
      const dataset = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,only.named,PROD)';
      const json = join(dir, 'dataset.json');
      await run(['--base-url', empty.url, '--only', 'graphql.transport.envelope', '--json', json]);
      expect((JSON.parse(readFileSync(json, 'utf8')) as Report).checks.find((c) => c.id === 'graphql.transport.envelope')).toMatchObject({ status: 'skipped', message: 'the deployment has no dataset to read' });
      const { code } = await run(['--base-url', empty.url, '--only', 'graphql.transport.envelope', '--dataset', dataset, '--json', json]);
      expect(code).toBe(0);
      expect((JSON.parse(readFileSync(json, 'utf8')) as Report).checks).toMatchObject([{ id: 'graphql.transport.envelope', status: 'passed' }]);
    } finally {
      await empty.close();
    }
  });

  it('prints its usage with --help and exits 0', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    expect(out).toContain('--allow-destructive');
  });
});
