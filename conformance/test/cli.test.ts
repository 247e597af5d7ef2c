/**
 * `catalog-contract conformance` through its entry function: exit codes, progress and the section
 * table on the console, the --json and --junit files, --only, and bad command lines.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, defaultTokens, silentLogger, type MockServer } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import type { Report } from '../runner.js';
import { paintFor } from '../console-report.js';
import { createFaultyServer, faultNamed } from './faults.js';
import { runCli } from './run-cli.js';

const [admin] = defaultTokens(loadContract('svc').names);

const run = runCli;

describe('catalog-contract conformance', () => {
  let mock: MockServer;
  const dir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));

  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger });
  });

  afterAll(async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 on a passing run, printing progress and the table per section, and writes both reports', async () => {
    const json = join(dir, 'out', 'report.json');
    const junit = join(dir, 'out', 'junit.xml');
    const { code, out } = await run([
      '--base-url',
      mock.url,
      '--token',
      admin?.token ?? '',
      '--only',
      'operations.',
      '--json',
      json,
      '--junit',
      junit,
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(/^ok {3}operations\.getIndexSizes\.shape {2}\(4\.2 Operations endpoints: getIndexSizes\)$/m);
    // Skips are not listed one by one: one line per reason, counting them.
    expect(out).not.toMatch(/^skip operations\.truncate\.real /m);
    expect(out).toMatch(/^skip needs --allow-writes \(\d+ checks\): operations\.\S+, \S+, \S+ and \d+ more$/m);
    expect(out).toMatch(/^skip needs --reader-token \(1 check\): auth\.operations\.reader$/m);
    expect(out.match(/^skip /gm)).toHaveLength(3);
    expect(out).toMatch(/^section\s+passed\s+failed\s+skipped\s+known upstream difference$/m);
    expect(out).toMatch(/^4\.2 Operations endpoints\s+\d+\s+0\s+\d+\s+0$/m);
    expect(out).toMatch(
      /^clauses of the interface document: \d+ covered by the checks that ran, \d+ not covered, 2 not observable over HTTP; \d+\.\d s; run id cc\w+$/m,
    );
    expect(out).toContain('conformance: passed');
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.ok).toBe(true);
    expect(report.clauses.notObservable.map((n) => n.clause)).toEqual([
      '5 Authentication: Token management',
      '6 Events',
    ]);
    expect(report.checks.map((c) => c.id)).toContain('auth.operations.no-token');
    expect(report.checks.every((c) => c.id.includes('operations.'))).toBe(true);
    expect(readFileSync(junit, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
  });

  it('exits 1 when a check fails, naming it', async () => {
    // The mock guards the operations endpoints: a run that expects auth off finds them closed.
    const { code, out } = await run([
      '--base-url',
      mock.url,
      '--expect-auth',
      'off',
      '--only',
      'auth.operations.open',
      '--prefix',
      '/gms',
    ]);
    expect(code).toBe(1);
    expect(out).toMatch(
      /^FAIL auth\.operations\.open {2}\(5 Authentication: Credential operations endpoints open with --expect-auth off\)\n\s+getIndexSizes without a token: expected 200, got 401$/m,
    );
    expect(out).toContain('conformance: FAILED');
  });

  it('shows how to reproduce a failure: the request, the answer and a curl command that sends it again, without the token', async () => {
    const faulty = await createFaultyServer(mock.url, faultNamed('unknown-task-without-error'));
    const json = join(dir, 'failed.json');
    try {
      const { code, out } = await run([
        '--base-url',
        faulty.url,
        '--token',
        admin?.token ?? '',
        '--only',
        'operations.getEsTaskStatus.unknown-task-parts',
        '--prefix',
        '/gms',
        '--json',
        json,
      ]);
      expect(code).toBe(1);
      const [failed] = (JSON.parse(readFileSync(json, 'utf8')) as Report).checks.filter((c) => c.status === 'failed');
      const request = failed?.request;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe(`${faulty.url}/gms/operations?action=getEsTaskStatus`);
      expect(out).toContain(`POST ${faulty.url}/gms/operations?action=getEsTaskStatus -> ${request?.status}`);
      expect(out).toContain(`reproduce: ${request?.curl}`);
      expect(request?.curl).toContain('"Authorization: Bearer $TOKEN"');
      expect(out).not.toContain(admin?.token);
      // The summary repeats the failure, last.
      expect(out).toMatch(
        /^failed \(1\):\n {2}FAIL operations\.getEsTaskStatus\.unknown-task-parts: .+\nconformance: FAILED$/m,
      );
      // Sent again by the shell, with the token in the environment, it gets the response the check got.
      // Asynchronously: the servers it calls run in this process.
      const { stdout: response } = await promisify(execFile)('sh', ['-c', request?.curl ?? 'false'], {
        env: { ...process.env, TOKEN: admin?.token ?? '' },
        encoding: 'utf8',
      });
      const [head = '', body = ''] = response.split(/\r?\n\r?\n/);
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${request?.status} `));
      expect(JSON.stringify(JSON.parse(body), null, 2)).toBe(request?.body);
    } finally {
      await faulty.close();
    }
  });

  it('colours FAIL red and ok green with FORCE_COLOR, and not with NO_COLOR', () => {
    const tty = { isTTY: true };
    expect(paintFor(tty, {})('red', 'FAIL')).toBe('\x1b[31mFAIL\x1b[39m');
    expect(paintFor(tty, { NO_COLOR: '1' })('red', 'FAIL')).toBe('FAIL');
    expect(paintFor({ isTTY: false }, {})('green', 'ok')).toBe('ok');
    expect(paintFor({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' })('green', 'ok')).toBe('\x1b[32mok\x1b[39m');
    expect(paintFor(tty, { FORCE_COLOR: '0' })('green', 'ok')).toBe('\x1b[32mok\x1b[39m');
  });

  it.each([
    { given: [], want: '--base-url is required' },
    { given: ['--base-url', 'not a url'], want: "--base-url 'not a url' is not a URL" },
    { given: ['--base-url', 'http://x', '--namespace', 'xx'], want: '--namespace must be svc or li' },
    {
      given: ['--base-url', 'http://x', '--expect-auth', 'some'],
      want: '--expect-auth must be one of standard, all, off',
    },
    { given: ['--base-url', 'http://x', '--prefix', '/api'], want: "--prefix must be one of /api/gms, /gms or ''" },
    { given: ['--base-url', 'http://x', '--allow-destructive'], want: '--allow-destructive needs --allow-writes' },
    { given: ['--base-url', 'http://x', '--bogus'], want: "unknown option '--bogus'" },
    { given: ['--base-url', 'http://x', '--tokn', 't'], want: "unknown option '--tokn'; did you mean --token?" },
    {
      given: ['--base-url', 'http://x', '--only', 'nomatch'],
      want: "--only 'nomatch' matches no check id or clause; nearest check ids: ",
    },
    {
      given: ['--base-url', 'http://x', '--only', 'operatons.truncate'],
      want: 'nearest check ids: operations.truncate, ',
    },
    { given: ['--base-url', 'http://x', '--fuzz', '0'], want: "--fuzz must be a positive whole number, not '0'" },
    {
      given: ['--base-url', 'http://x', '--fuzz', '10', '--seed', '2.5'],
      want: "--seed must be a whole number from 0 to 4294967295, not '2.5'",
    },
    { given: ['--base-url', 'http://x', '--seed', '3'], want: '--seed needs --fuzz' },
    { given: ['--base-url', 'http://x', '--junit', '.'], want: "--junit '.' is a folder, not a file" },
    {
      given: ['--base-url', 'http://x', '--json', 'package.json/report.json'],
      want: "--json 'package.json/report.json': ",
    },
    {
      given: ['--base-url', 'http://x', '--dataset', 'urn:svc:corpuser:x'],
      want: "--dataset must be a dataset URN, not 'urn:svc:corpuser:x'",
    },
  ])('exits 2 on a bad command line: $want', async ({ given, want }) => {
    const { code, err } = await run(given);
    expect(code).toBe(2);
    expect(err).toMatch(/^Usage: catalog-contract conformance/);
    // The error comes last, so that it is what stays on screen.
    expect(err.split('\n').at(-1)).toContain(want);
  });

  it('runs the fuzz phase alone with --only fuzz, printing its seed and exiting 0', async () => {
    const { code, out } = await run([
      '--base-url',
      mock.url,
      '--only',
      'fuzz.getEntityV2',
      '--fuzz',
      '20',
      '--seed',
      '5',
      '--prefix',
      '/gms',
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(/^ok\s+fuzz\.phase .*\n\s+20 cases of seed 5, 0 failed/m);
  });

  it('reads the dataset --dataset names where search would find none', async () => {
    const empty = await createMockServer({ port: 0, logger: silentLogger, sample: false });
    try {
      const dataset = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,only.named,PROD)';
      const json = join(dir, 'dataset.json');
      await run(['--base-url', empty.url, '--only', 'graphql.transport.envelope', '--json', json]);
      expect(
        (JSON.parse(readFileSync(json, 'utf8')) as Report).checks.find((c) => c.id === 'graphql.transport.envelope'),
      ).toMatchObject({ status: 'skipped', message: 'the deployment has no dataset to read' });
      const { code } = await run([
        '--base-url',
        empty.url,
        '--only',
        'graphql.transport.envelope',
        '--dataset',
        dataset,
        '--json',
        json,
      ]);
      expect(code).toBe(0);
      expect((JSON.parse(readFileSync(json, 'utf8')) as Report).checks).toMatchObject([
        { id: 'graphql.transport.envelope', status: 'passed' },
      ]);
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
