/**
 * Ctrl-C during a run, through the real command in a child process: SIGINT during a writing run stops
 * it starting checks, soft-deletes what it wrote (no run entity stays discoverable by search), prints
 * the partial summary, writes the reports (not ok: the checks it did not start listed, run.interrupted
 * failed) and exits 130; a second SIGINT skips the clean-up and
 * names the URNs left behind; SIGTERM exits 143.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { fromRoot, makeUrn } from '../../spec/index.js';
import type { Report } from '../runner.js';

interface Exit {
  code: number | null;
  out: string;
  err: string;
}

/**
 * Runs `catalog-contract conformance argv` and sends `signal` once the first check has reported, after
 * `beforeSignal`; with `again`, sends it a second time once the run has said what the first one does.
 */
function interruptedRun(
  argv: string[],
  signal: NodeJS.Signals,
  { beforeSignal = async () => {}, again = false } = {},
): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fromRoot('bin', 'catalog-contract.ts'), 'conformance', ...argv],
      { cwd: fromRoot(), env: { ...process.env, NO_COLOR: '1' } },
    );
    let out = '';
    let err = '';
    let sent = false;
    let sentAgain = false;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!sent && /^(ok|FAIL|skip|diff) /m.test(out)) {
        sent = true;
        void beforeSignal().then(() => child.kill(signal));
      }
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
      if (again && !sentAgain && err.includes(`${signal}: no further check starts`)) {
        sentAgain = true;
        child.kill(signal);
      }
    });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

async function searchCount(mock: MockServer, input: string): Promise<number> {
  const response = await fetch(`${mock.url}/entities?action=search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ input, entity: 'dataset', start: 0, count: 10 }),
  });
  return ((await response.json()) as { value: { numEntities: number } }).value.numEntities;
}

// The two runs go in parallel: each spends most of its time starting node and tsx.
describe.concurrent('an interrupted conformance run', () => {
  let mock: MockServer;
  const dir = mkdtempSync(join(tmpdir(), 'conformance-interrupted-'));

  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger });
  });

  afterAll(async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('SIGINT during --allow-writes: cleans up, writes the partial reports, exits 130', async () => {
    const json = join(dir, 'int.json');
    const junit = join(dir, 'int.xml');
    const { code, out, err } = await interruptedRun(
      ['--base-url', mock.url, '--token', 'admin-token', '--allow-writes', '--json', json, '--junit', junit],
      'SIGINT',
    );
    expect(code, err).toBe(130);
    expect(err).toContain('SIGINT: no further check starts');
    expect(out).toMatch(/^conformance: INTERRUPTED after \d+ results/m);

    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.interrupted).toBe(true);
    expect(report.ok).toBe(false);
    expect(report.leftBehind).toEqual([]);
    // What ran, then each check the signal kept from starting, listed, and one failure saying why.
    const notRun = report.checks.filter((c) => c.message === 'not run: interrupted by SIGINT');
    const ran = report.checks.filter((c) => c.section !== 'run' && !notRun.includes(c));
    expect(ran.length).toBeGreaterThan(0);
    expect(notRun.length).toBeGreaterThan(50);
    expect(notRun.every((c) => c.status === 'skipped')).toBe(true);
    expect(report.checks.filter((c) => c.section === 'run')).toEqual([
      {
        id: 'run.interrupted',
        clause: 'run: every selected check ran',
        section: 'run',
        status: 'failed',
        message: `interrupted by SIGINT: ${notRun.length} selected checks did not run`,
        durationMs: 0,
      },
    ]);
    const failures = report.checks.filter((c) => c.status === 'failed').length;
    expect(readFileSync(junit, 'utf8')).toContain(
      `<testsuites name="catalog-contract conformance" tests="${report.checks.length}" failures="${failures}"`,
    );
    expect(out).toMatch(/^skip not run: interrupted by SIGINT \(\d+ checks\): /m);
    expect(out).toMatch(new RegExp(`^conformance: INTERRUPTED after ${ran.length} results`, 'm'));

    // The run wrote its datasets before its first check, and none is left for search to find.
    expect(await searchCount(mock, `word${report.runId}`)).toBe(0);
    expect(await searchCount(mock, `conformance_${report.runId}`)).toBe(0);
    // The same search finds a run dataset once it is active again: the zero above is the clean-up's doing.
    const orders = makeUrn('urn:svc:', 'dataset', [
      makeUrn('urn:svc:', 'dataPlatform', ['hive']),
      `conformance_${report.runId}.orders`,
      'PROD',
    ]);
    const restored = await fetch(`${mock.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer admin-token' },
      body: JSON.stringify({
        proposal: {
          entityType: 'dataset',
          entityUrn: orders,
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { value: '{"removed":false}', contentType: 'application/json' },
        },
      }),
    });
    expect(restored.status).toBe(200);
    expect(await searchCount(mock, `word${report.runId}`)).toBe(1);
  }, 60_000);

  it('a second SIGINT skips the clean-up, names the URNs left behind and still exits 130', async () => {
    // A mock of its own whose writes are slow, so the second signal comes while the clean-up's first soft delete waits.
    const slow = await createMockServer({ port: 0, logger: silentLogger });
    try {
      const slowWrites = () =>
        fetch(`${slow.url}/__mock/faults`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ operation: 'ingestProposal', kind: 'delay', delayMs: 1500 }),
        }).then(() => undefined);
      const json = join(dir, 'twice.json');
      const { code, err } = await interruptedRun(
        ['--base-url', slow.url, '--token', 'admin-token', '--allow-writes', '--json', json],
        'SIGINT',
        { beforeSignal: slowWrites, again: true },
      );
      expect(code, err).toBe(130);
      expect(err).toContain('SIGINT: skipping the clean-up');
      const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
      expect(report.leftBehind.length).toBeGreaterThan(0);
      expect(err).toContain(`left behind, not soft-deleted:\n${report.leftBehind.map((urn) => `  ${urn}`).join('\n')}`);
      // What it names is indeed left: the run's datasets not soft-deleted are still found.
      const orders = makeUrn('urn:svc:', 'dataset', [
        makeUrn('urn:svc:', 'dataPlatform', ['hive']),
        `conformance_${report.runId}.orders`,
        'PROD',
      ]);
      expect(report.leftBehind).toContain(orders);
      expect(await searchCount(slow, `word${report.runId}`)).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('SIGTERM: exits 143 with the partial JSON report', async () => {
    const json = join(dir, 'term.json');
    const { code, err } = await interruptedRun(['--base-url', mock.url, '--json', json], 'SIGTERM');
    expect(code, err).toBe(143);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.interrupted).toBe(true);
    expect(report.checks.length).toBeGreaterThan(0);
  }, 60_000);
});
