/**
 * `npm start & kill $!` stops the mock: the SIGTERM that reaches npm reaches the server, and its port
 * is free within 2 s (the start script execs node, so no shell stays between npm and the server).
 * The time allowed covers prestart's build of dist/ when the sources are newer than it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { packageRoot } from '../../spec/package-root.js';
import { listeningUrl, portFreed } from './served-process.js';

let npmStart: ChildProcess | undefined;

afterAll(() => {
  // Whatever the test found, nothing it started outlives it: npm ran in a process group of its own.
  if (npmStart?.pid) {
    try {
      process.kill(-npmStart.pid, 'SIGKILL');
    } catch {
      // the group is already gone
    }
  }
});

it('npm start, then a SIGTERM to npm: the port is free within 2 s', async () => {
  npmStart = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: packageRoot(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await listeningUrl(npmStart);
  expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
  const exited = new Promise((resolve) => npmStart?.once('exit', resolve));
  npmStart.kill('SIGTERM');
  expect(await portFreed(url, 2000)).toBe(true);
  await exited;
}, 180_000);
