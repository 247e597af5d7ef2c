/**
 * Servers under measurement run in their own processes, so the load generator does not share
 * their event loop: the mock through its CLI, and a bare express baseline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fromRoot, packageRoot } from '../../spec/package-root.js';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn until the server printed its URL and answered its health check. */
  startupMs: number;
  stop(): Promise<void>;
}

const TSX = fromRoot('node_modules', 'tsx', 'dist', 'cli.mjs');

async function startProcess(args: string[], healthPath: string): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [TSX, ...args], { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/(?:127\.0\.0\.1|localhost):(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  for (;;) {
    const ok = await fetch(url + healthPath).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = performance.now() - started;
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url,
    process: child,
    startupMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function startMock(args: string[]): Promise<RunningServer> {
  return startProcess(['bin/catalog-contract.ts', 'mock', '--port', '0', ...args], '/__mock/health');
}

/** A bare express handler answering every GET with the given bytes. */
export function startBaseline(body: string): Promise<RunningServer> {
  return startProcess(['scripts/bench/baseline-server.ts', body], '/health');
}
