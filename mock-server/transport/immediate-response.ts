/**
 * Whether a response is already ended and handed whole to its connection (node's own response,
 * written in the same call that answered). Node then emits its `finish` on the next tick whatever
 * happens meanwhile, and `close` after it, so what listeners on those events would record (the log
 * line, the journal entry with the answer's status) is known at once: recording it now spares
 * every such request the two listeners and their closures. Anything else (an answer still
 * waiting, a response queued behind a pipelined one, a destroyed connection, a response that is not
 * node's own) keeps the listeners.
 */
import type { ServerResponse } from 'node:http';

export function answeredAtOnce(res: ServerResponse): boolean {
  const socket = res.socket;
  return res.writableEnded && !res.destroyed && socket !== null && !socket.destroyed && socket.writableLength === 0 && res.writableLength === 0;
}

/** Runs `write` now when the response was answered at once (`atOnce`, when the caller knows it already), else once it finishes. */
export function whenAnswered(res: ServerResponse, write: () => void, atOnce = answeredAtOnce(res)): void {
  if (atOnce) write();
  else res.once('finish', write);
}
