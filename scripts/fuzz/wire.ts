/**
 * One hostile request on the wire, through `node:http` rather than `fetch`: fetch normalises the
 * target (`..` folded, absolute form impossible), and the run must send exactly the bytes a careless or
 * hostile client sends. An answer not complete within the deadline is `hung`; a refused or broken
 * connection is `error`.
 */
import { Agent, request, type ClientRequest } from 'node:http';

export interface HostileRequest {
  method: string;
  /** The request target as sent: origin form (`/a/b?c`) or absolute form (`http://x/a/b`). */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

export type Answer =
  | { kind: 'answer'; status: number; body: string; ms: number }
  | { kind: 'hung'; ms: number }
  | { kind: 'error'; message: string; ms: number };

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** The first bytes of an answer kept for the report; the rest is read and dropped. */
const KEPT_BYTES = 64 * 1024;

/**
 * Whether a connection failure is the kept-alive connection the server closed while it was idle (its
 * keep-alive timeout), found as the request was written on it: nothing of the request reached the server's
 * handlers, and it is sent again on a new connection (as node's documentation of `reusedSocket` advises).
 * Drawing a body of tens of megabytes can leave the connection idle past that timeout.
 */
const closedWhileIdle = (outgoing: ClientRequest, error: NodeJS.ErrnoException): boolean =>
  outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

export function send(base: URL, hostile: HostileRequest, deadlineMs: number, retried = false): Promise<Answer> {
  const started = performance.now();
  const ms = (): number => performance.now() - started;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Answer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const headers: Record<string, string | number> = { ...hostile.headers };
    if (hostile.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(hostile.body);
    }
    const outgoing = request(
      { agent, host: base.hostname, port: base.port, method: hostile.method, path: hostile.target, headers },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < KEPT_BYTES) chunks.push(chunk);
          kept += chunk.length;
        });
        response.on('end', () =>
          settle({
            kind: 'answer',
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, KEPT_BYTES).toString('utf8'),
            ms: ms(),
          }),
        );
        response.on('error', (error) => settle({ kind: 'error', message: error.message, ms: ms() }));
      },
    );
    const timer = setTimeout(() => {
      settle({ kind: 'hung', ms: ms() });
      outgoing.destroy();
    }, deadlineMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (!settled && !retried && closedWhileIdle(outgoing, error)) {
        settled = true;
        clearTimeout(timer);
        return resolve(send(base, hostile, deadlineMs, true));
      }
      settle({ kind: 'error', message: error.message, ms: ms() });
    });
    outgoing.end(hostile.body);
  });
}

/** Closes the kept-alive connections, so that the run's process can end. */
export function closeConnections(): void {
  agent.destroy();
}
