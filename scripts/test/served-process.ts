/**
 * For tests that run a serving command as a real process: the address it prints once it listens,
 * and whether its port is free again after the process was told to stop.
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/** The URL of the first "listening on http://…" line the process prints; rejects if it exits first. */
export function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/[^\s,]+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) =>
      reject(new Error(`the process exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
}

function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** True once nothing accepts connections at `url`, false if something still does after `withinMs`. */
export async function portFreed(url: string, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await refusesConnections(url)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
