/**
 * Servers under measurement run in their own processes, so the load generator does not share
 * their event loop: the mock through its built CLI as `npm start` runs it (`node dist/bin/…`, one
 * process, so that the process id and the resident memory are the server's; dist/ is rebuilt first
 * when a source is newer), and a raw `node:http` baseline. Their output goes to a file, not to this
 * process.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRoot, packageRoot } from '../../spec/package-root.js';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn until the server printed its URL and answered its health check. */
  startupMs: number;
  stop(): Promise<void>;
}

/** The server's output, polled until `pattern` shows in it (or the process ends). */
async function waitForOutput(child: ChildProcess, logFile: string, pattern: RegExp): Promise<RegExpExecArray> {
  for (;;) {
    const output = readFileSync(logFile, 'utf8');
    const match = pattern.exec(output);
    if (match) return match;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Starts a server process whose output goes to a file, as a CI job's would: a pipe to this process
 * would make the load generator read every request-log line, a fifth of the write throughput.
 */
export async function startProcess(args: string[], healthPath: string): Promise<RunningServer> {
  const started = performance.now();
  const logDir = mkdtempSync(join(tmpdir(), 'catalog-contract-bench-server-'));
  const logFile = join(logDir, 'output.log');
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: packageRoot(), stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const match = await waitForOutput(child, logFile, /http:\/\/(?:127\.0\.0\.1|localhost):(\d+)/);
  const url = `http://127.0.0.1:${match[1]}`;
  for (;;) {
    const ok = await fetch(url + healthPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    process: child,
    startupMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).finally(() => rmSync(logDir, { recursive: true, force: true })),
  };
}

/** Resident memory of a process in MB (Linux), and its peak since it started. */
export function residentMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

let built = false;

/**
 * The built command (dist/bin/catalog-contract.js), brought up to date once per benchmark run by
 * `npm start`'s own prestart: its code rebuilt when a source is newer, its docs site built when
 * missing or stale (the conformance suite reads the docs page, which a fresh clone has not built).
 */
export function builtCli(): string {
  if (!built) execFileSync('npm', ['run', '--silent', 'prestart'], { cwd: packageRoot(), stdio: 'inherit' });
  built = true;
  return fromRoot('dist', 'bin', 'catalog-contract.js');
}

export function startMock(args: string[]): Promise<RunningServer> {
  return startProcess([builtCli(), 'mock', '--port', '0', ...args], '/__mock/health');
}

/** A raw node:http server answering every GET with the given bytes. */
export function startBaseline(body: string): Promise<RunningServer> {
  return startProcess(['--import', 'tsx', 'scripts/bench/baseline-server.ts', body], '/health');
}
