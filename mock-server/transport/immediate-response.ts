/**
 * Whether a response is immediate: already ended and handed whole to its connection (node's own
 * response, written in the same call that handled the request). Node then emits its `finish` on the
 * next tick whatever happens meanwhile, and `close` after it, so what listeners on those events would
 * record (the log line, the journal entry with the response's status) is known immediately: recording
 * it now spares every such request the two listeners and their closures. Anything else (a response
 * still held, one queued behind a pipelined one, a destroyed connection, a response that is not node's
 * own) keeps the listeners.
 */
import type { ServerResponse } from 'node:http';

export function sentImmediately(res: ServerResponse): boolean {
  const socket = res.socket;
  return (
    res.writableEnded &&
    !res.destroyed &&
    socket !== null &&
    !socket.destroyed &&
    socket.writableLength === 0 &&
    res.writableLength === 0
  );
}

/** Runs `write` now when the response was sent immediately (`immediate`, when the caller knows it already), else once it finishes. */
export function whenSent(res: ServerResponse, write: () => void, immediate = sentImmediately(res)): void {
  if (immediate) write();
  else res.once('finish', write);
}
