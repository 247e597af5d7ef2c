/**
 * The `catalog-contract proxy` command: option parsing, and the real process in front of a mock: a
 * violation is printed as it happens and the summary when the process is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { fromRoot } from '../../spec/index.js';
import { DEFAULT_PROXY_PORT, parseProxyArgs, UsageError } from '../../bin/proxy.js';

describe('parseProxyArgs', () => {
  it.each([
    {
      given: ['--upstream', 'http://localhost:8080'],
      want: { upstream: 'http://localhost:8080', port: DEFAULT_PROXY_PORT },
    },
    {
      given: ['--upstream', 'https://catalog.example/api', '--port', '0', '--namespace', 'li'],
      want: { upstream: 'https://catalog.example/api', port: 0, namespace: 'li' },
    },
    {
      given: ['--upstream', 'http://u', '--host', '0.0.0.0'],
      want: { upstream: 'http://u', port: DEFAULT_PROXY_PORT, host: '0.0.0.0' },
    },
    {
      given: ['--upstream', 'http://u', '--timeout-ms', '300'],
      want: { upstream: 'http://u', port: DEFAULT_PROXY_PORT, timeoutMs: 300 },
    },
  ])('$given', ({ given, want }) => {
    expect(parseProxyArgs(given)).toEqual(want);
  });

  it('--help asks for the usage', () => {
    expect(parseProxyArgs(['--help'])).toBe('help');
  });

  it.each([
    { given: [], want: /--upstream URL is required/ },
    { given: ['--upstream', 'localhost:8080'], want: /--upstream 'localhost:8080'/ },
    { given: ['--upstream', 'http://u', '--port', '99999'], want: /--port/ },
    { given: ['--upstream', 'http://u', '--namespace', 'xyz'], want: /--namespace 'xyz'/ },
    { given: ['--upstream', 'http://u', '--verbose'], want: /verbose/ },
    { given: ['--upstream', 'http://u', '--timeout-ms', '0'], want: /--timeout-ms '0': expected a whole number/ },
    { given: ['--upstream', 'http://u', '--timeout-ms', '99999999999999999999'], want: /--timeout-ms '9+'/ },
  ])('$given is refused', ({ given, want }) => {
    expect(() => parseProxyArgs(given)).toThrow(UsageError);
    expect(() => parseProxyArgs(given)).toThrow(want);
  });
});

describe('catalog-contract proxy (process)', () => {
  let mock: MockServer;
  const running: ChildProcess[] = [];
  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger });
  });
  afterEach(() => {
    for (const child of running.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('prints each violation as it happens and a summary on SIGTERM, exiting with 1', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fromRoot('bin', 'catalog-contract.ts'), 'proxy', '--upstream', mock.url, '--port', '0'],
      {
        cwd: fromRoot(),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    running.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const printed = (pattern: RegExp): Promise<string> =>
      new Promise((resolve, reject) => {
        const look = (): void => {
          const match = pattern.exec(output);
          if (!match) return;
          child.stdout?.off('data', look);
          resolve(match[1] ?? match[0]);
        };
        child.stdout?.on('data', look);
        child.once('exit', () => reject(new Error(`proxy exited: ${output}`)));
        look();
      });
    const url = await printed(/listening on (http:\/\/\S+),/);
    const res = await fetch(`${url}/api/gms/entities?action=search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entity: 'dataset', start: 0, count: 1 }),
    });
    expect(res.status).toBe(400);
    const line = await printed(/^POST \/api\/gms\/entities action=search request body: .*'input'.*$/m);
    expect(line).toContain("'input'");
    child.kill('SIGTERM');
    expect(await exit).toBe(1);
    expect(output).toMatch(
      /1 exchange\(s\) proxied, \d+ contract violation\(s\):\n\s+\d+\s+searchEntities request body: .*'input'/,
    );
  });
});
