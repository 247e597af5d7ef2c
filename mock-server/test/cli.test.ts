/**
 * The `catalog-contract mock` command: option parsing, and the real process (started through tsx as
 * one node process, so a SIGKILL hits the server itself): it prints where it listens, serves, and
 * with --data an acknowledged write survives a SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';
import { parseMockArgs, UsageError } from '../../bin/mock.js';
import { call, DATASET, ingest, pipelined, proposal, startServer } from './http-harness.js';

describe('parseMockArgs', () => {
  it.each([
    { given: [], want: { sample: true } },
    { given: ['--port', '0', '--host', '0.0.0.0'], want: { sample: true, port: 0, host: '0.0.0.0' } },
    { given: ['--namespace', 'li', '--no-sample'], want: { sample: false, namespace: 'li' } },
    {
      given: ['--seed', 'a.json', '--seed', 'b.json', '--data', 'state.db'],
      want: { sample: true, seed: ['a.json', 'b.json'], data: 'state.db' },
    },
    { given: ['--auth', 'all'], want: { sample: true, auth: 'all' } },
    { given: ['--max-body', '1kb'], want: { sample: true, maxBody: 1024, maxBodyText: '1kb' } },
    { given: ['--log-level', 'warn'], want: { sample: true, logLevel: 'warn' } },
    { given: ['--quiet'], want: { sample: true, logLevel: 'error' } },
    { given: ['--max-body', '16mb'], want: { sample: true, maxBody: 16 * 1024 * 1024, maxBodyText: '16mb' } },
    { given: ['--max-body', '2048'], want: { sample: true, maxBody: 2048, maxBodyText: '2048' } },
    { given: ['--latency', '300'], want: { sample: true, latencyMs: 300, jitterMs: 0 } },
    { given: ['--latency', '100-500'], want: { sample: true, latencyMs: 100, jitterMs: 400 } },
    { given: ['--journal-size', '0', '--max-sessions', '8'], want: { sample: true, journalSize: 0, maxSessions: 8 } },
    { given: ['--journal-bytes', '1mb'], want: { sample: true, journalBytes: 1024 * 1024 } },
    { given: ['--latency', '2147483647'], want: { sample: true, latencyMs: 2147483647, jitterMs: 0 } },
    { given: ['--task-delay-ms', '2147483647'], want: { sample: true, taskDelayMs: 2147483647 } },
    { given: ['--scenarios', '.', '--admin-token', 'T'], want: { sample: true, scenarios: '.', adminToken: 'T' } },
    { given: ['--reference-day', '2024-02-29'], want: { sample: true, referenceDay: '2024-02-29' } },
    { given: ['--graphql-schema', 'spec/graphql'], want: { sample: true, graphqlSchema: 'spec/graphql' } },
    {
      given: ['--graphql-depth-limit', '20', '--graphql-complexity-limit', '500', '--request-budget-ms', '1000'],
      want: { sample: true, graphqlDepthLimit: 20, graphqlComplexityLimit: 500, requestBudgetMs: 1000 },
    },
    {
      given: ['--token', 'a=urn:svc:corpuser:ann', '--token', 'r=urn:svc:corpuser:rob:reader'],
      want: {
        sample: true,
        tokens: [
          { token: 'a', user: 'urn:svc:corpuser:ann', role: 'admin' },
          { token: 'r', user: 'urn:svc:corpuser:rob', role: 'reader' },
        ],
      },
    },
    {
      given: ['--user', 'ann:pw', '--user', 'rob:p:w:Reader'],
      want: {
        sample: true,
        users: [
          { name: 'ann', password: 'pw', role: 'Admin' },
          { name: 'rob', password: 'p:w', role: 'Reader' },
        ],
      },
    },
  ])('$given', ({ given, want }) => {
    expect(parseMockArgs(given)).toEqual({ logLevel: 'info', maxBodyText: '16mb', ...want });
  });

  it('--help and -h ask for the usage', () => {
    expect(parseMockArgs(['--help'])).toBe('help');
    expect(parseMockArgs(['-h'])).toBe('help');
  });

  it.each([
    { given: ['--port', 'eighty'], want: /--port/ },
    { given: ['--port', '70000'], want: /--port/ },
    { given: ['--namespace', 'xyz'], want: /--namespace 'xyz'.*svc, li/ },
    { given: ['--auth', 'maybe'], want: /--auth 'maybe'/ },
    { given: ['--max-body', 'lots'], want: /--max-body 'lots'/ },
    { given: ['--token', 'nourn'], want: /--token 'nourn'/ },
    { given: ['--user', 'ann'], want: /--user 'ann': expected NAME:PASSWORD\[:ROLE\]/ },
    { given: ['--latency', '500-100'], want: /--latency '500-100'/ },
    { given: ['--latency', 'slow'], want: /--latency 'slow'/ },
    { given: ['--journal-size', 'all'], want: /--journal-size 'all'/ },
    {
      given: ['--graphql-depth-limit', '0'],
      want: "--graphql-depth-limit '0': expected a whole number of levels, 1 or more",
    },
    { given: ['--graphql-complexity-limit', '1e4'], want: /--graphql-complexity-limit '1e4'/ },
    {
      given: ['--graphql-schema', 'no/such/folder'],
      want: "--graphql-schema 'no/such/folder': no such file or folder",
    },
    { given: ['--request-budget-ms', '99999999999999999999'], want: /--request-budget-ms '99999999999999999999'/ },
    // Node's timers hold at most 2^31 - 1 ms; a count, what a number holds exactly.
    { given: ['--latency', '99999999999999999999'], want: /^--latency '99999999999999999999': .*at most 2147483647$/ },
    { given: ['--latency', '0-2147483648'], want: /^--latency '0-2147483648'/ },
    {
      given: ['--task-delay-ms', '2147483648'],
      want: "--task-delay-ms '2147483648': expected a whole number of milliseconds, at most 2147483647",
    },
    { given: ['--index-lag-ms', '99999999999999999999'], want: /^--index-lag-ms '99999999999999999999'.*2147483647$/ },
    { given: ['--journal-size', '99999999999999999999'], want: /^--journal-size .*at most 9007199254740991$/ },
    { given: ['--max-sessions', '99999999999999999999'], want: /^--max-sessions .*at most 9007199254740991$/ },
    { given: ['--journal-bytes', 'lots'], want: /^--journal-bytes 'lots'/ },
    { given: ['--journal-bytes', '99999999999gb'], want: /^--journal-bytes '99999999999gb'/ },
    { given: ['--scenarios', 'no-such-folder'], want: /--scenarios 'no-such-folder': not a directory/ },
    {
      given: ['--reference-day', '2026-02-30'],
      want: "--reference-day '2026-02-30': expected a day of the calendar as YYYY-MM-DD",
    },
    { given: ['--reference-day', '2026-11-01T00:00:00Z'], want: /--reference-day '2026-11-01T00:00:00Z'/ },
    { given: ['--reference-day', 'today'], want: /--reference-day 'today'/ },
    { given: ['--colour'], want: /colour/ },
    { given: ['--prot', '1'], want: "unknown option '--prot'; did you mean --port?" },
    { given: ['--log-level', 'loud'], want: "--log-level 'loud': expected one of error, warn, info" },
    { given: ['--quiet', '--log-level', 'info'], want: '--quiet and --log-level' },
    { given: ['positional'], want: /positional/ },
  ])('$given is refused', ({ given, want }) => {
    expect(() => parseMockArgs(given)).toThrow(UsageError);
    expect(() => parseMockArgs(given)).toThrow(want);
  });
});

const running: ChildProcess[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'catalog-contract-cli-'));

afterEach(() => {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  url: string;
  output: string;
}

function runCli(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', fromRoot('bin', 'catalog-contract.ts'), ...args], {
    cwd: fromRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return child;
}

/** Starts the mock and resolves with the URL it prints once its start-up report is complete. */
function startCli(args: string[]): Promise<Started> {
  const child = runCli(['mock', '--port', '0', ...args]);
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && /token: /.test(output)) resolve({ child, url, output });
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`mock exited with ${code}: ${errors}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('catalog-contract mock (process)', () => {
  it('prints what it serves and answers health', async () => {
    const { url, output } = await startCli(['--no-sample']);
    for (const form of [
      '/api/gms',
      '/gms',
      '/api/graphql',
      '/api/graphiql',
      '/svc/docs',
      '/__mock/health',
      '/__mock/ui',
      'admin-token=urn:svc:corpuser:datahub:Admin',
      'reader-token=urn:svc:corpuser:reader:Reader',
      'editor-token=urn:svc:corpuser:editor:Editor',
      '/logIn',
      'datahub:datahub:Admin',
    ]) {
      expect(output).toContain(form);
    }
    // The session prefix as a reader types it, not percent-encoded.
    expect(output).toContain(`sessions by X-Mock-Session or ${url}/__session/<id>/`);
    const health = await fetch(`${url}/__mock/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('on a bad option prints the usage and then the error, last, and exits with code 2', async () => {
    const { code, stderr } = await exited(runCli(['mock', '--max-bdy', '1mb']));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Usage: catalog-contract mock /);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(
      "catalog-contract mock: unknown option '--max-bdy'; did you mean --max-body?",
    );
  });

  it('refuses a delay no timer holds with code 2, naming the option, last', async () => {
    const { code, stderr } = await exited(runCli(['mock', '--latency', '99999999999999999999']));
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(
      /^catalog-contract mock: --latency '99999999999999999999': .*at most 2147483647$/,
    );
  });

  it('an unknown command exits with code 2, the error last', async () => {
    const { code, stderr } = await exited(runCli(['mokc']));
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe("catalog-contract: unknown command 'mokc'; did you mean mock?");
  });

  it('--version prints the version of the package', async () => {
    const child = runCli(['--version']);
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const { code } = await exited(child);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(
      (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version,
    );
  });

  it('shows --max-body as given, and with --log-level warn logs the requests answered 4xx but not those answered 2xx', async () => {
    const { child, url, output } = await startCli(['--no-sample', '--max-body', '2mb', '--log-level', 'warn']);
    expect(output).toContain('body limit 2mb');
    let log = output;
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await fetch(`${url}/__mock/health`);
    await fetch(`${url}/nothing-here`);
    // The log keeps the order of the requests: once the second is in it, the first would be too.
    await new Promise<void>((resolve) => {
      const seen = (): void => void (log.includes('GET /nothing-here 404') && resolve());
      child.stdout?.on('data', seen);
      seen();
    });
    expect(log).not.toContain('GET /__mock/health');
  });

  it('reports per seed file how many aspects were validated, stored opaque and rejected, and names a rejected entry by its 1-based number', async () => {
    const bootstrap = fromRoot('mock-server', 'test', 'fixtures', 'upstream', 'bootstrap_mce.json');
    const rejected = join(scratch, 'rejected.json');
    const entry = (name: string, removed: unknown) => ({
      entityType: 'dataset',
      entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`,
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { json: { removed } },
    });
    writeFileSync(rejected, JSON.stringify([entry('kept', false), entry('refused', 'nope')]));
    const { output } = await startCli(['--no-sample', '--namespace', 'li', '--seed', bootstrap, '--seed', rejected]);
    expect(output).toMatch(
      /loaded .*bootstrap_mce\.json: \d+ aspects validated against a schema, \d+ stored opaque, 0 rejected, 0 entries skipped/,
    );
    // One of a thing is singular.
    expect(output).toContain('rejected.json: 1 aspect validated against a schema, 0 stored opaque, 1 rejected');
    // The store's refusal names the entry as the reader's skips do: file, entry number, URN, aspect, field.
    expect(output).toMatch(
      /skipped \S*rejected\.json entry 2: urn:li:dataset:\(urn:li:dataPlatform:hive,refused,PROD\) status: .*removed: must be boolean/,
    );
  });

  it('with --data, an acknowledged write survives a SIGKILL', async () => {
    const data = join(scratch, 'state.db');
    const first = await startCli(['--no-sample', '--data', data]);
    const write = await fetch(`${first.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(proposal(DATASET, 'status', { removed: true })),
    });
    expect(write.status).toBe(200);
    const killed = exited(first.child);
    first.child.kill('SIGKILL');
    await killed;
    const second = await startCli(['--no-sample', '--data', data]);
    const read = await fetch(`${second.url}/aspects/${encodeURIComponent(DATASET)}?aspect=status`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ version: 0, aspect: { 'com.svc.common.Status': { removed: true } } });
  });

  it('with --data, the acknowledged writes of one tick (pipelined) survive a SIGKILL, their search rows with them', async () => {
    const data = join(scratch, 'turn.db');
    const first = await startCli(['--no-sample', '--data', data]);
    const urns = Array.from({ length: 20 }, (_, i) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,turn.t${i},PROD)`);
    const writes = urns.map((urn) => ({
      method: 'POST',
      path: '/aspects?action=ingestProposal',
      body: proposal(urn, 'datasetProperties', { description: 'pipelined platypus', customProperties: {} }),
    }));
    expect((await pipelined(first.url, writes)).map((a) => a.status)).toEqual(urns.map(() => 200));
    const killed = exited(first.child);
    first.child.kill('SIGKILL');
    await killed;
    const second = await startCli(['--no-sample', '--data', data]);
    const found = await fetch(`${second.url}/entities?action=search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'platypus', entity: 'dataset', start: 0, count: 50 }),
    });
    expect(((await found.json()) as { value: { entities: string[] } }).value.entities.sort()).toEqual([...urns].sort());
  });
});

describe('createMockServer with a data file', () => {
  it('loads the sample into a new file only, so edits to sample entities survive a restart', async () => {
    const data = join(scratch, 'sample.db');
    const search = { input: '*', entity: 'dataset', start: 0, count: 100 };
    const first = await startServer({ sample: true, data });
    const before = (await call(first, 'POST', '/entities?action=search', { body: search })).json.value;
    const [hidden] = before.entities as string[];
    await ingest(first, hidden as string, 'status', { removed: true });
    await first.close();
    const second = await startServer({ sample: true, data });
    try {
      expect(second.loaded).toEqual([]);
      const after = (await call(second, 'POST', '/entities?action=search', { body: search })).json.value;
      expect(after.numEntities).toBe(before.numEntities - 1);
      expect(after.entities).not.toContain(hidden);
    } finally {
      await second.close();
    }
  });
});
