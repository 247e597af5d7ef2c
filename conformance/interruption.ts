/**
 * Ctrl-C (SIGINT) and SIGTERM during a run: the first stops the run starting checks, so it can
 * soft-delete what it wrote and report what ran; a second one leaves the rest of the clean-up undone
 * (the run then names what it left behind). The exit code is the shell's for the signal: 128 + its number.
 */
import { constants } from 'node:os';

export interface Interruption {
  /** Aborted at the first signal, with the signal's name as its reason. */
  stop: AbortSignal;
  /** Aborted at the second signal. */
  leaveWritten: AbortSignal;
  /** The first signal received, if any. */
  received(): NodeJS.Signals | undefined;
  /** Stops listening (the process's default handling of the signals returns). */
  dispose(): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export function exitCodeOf(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/** Listens for SIGINT and SIGTERM; `say` tells the user what each one does. */
export function watchInterruption(say: (line: string) => void): Interruption {
  const stop = new AbortController();
  const leave = new AbortController();
  let first: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!first) {
      first = signal;
      // The reason names the signal in the report's run.interrupted.
      stop.abort(signal);
      say(
        `${signal}: no further check starts; the run soft-deletes what it wrote and reports what ran (${signal} again to skip the clean-up)`,
      );
    } else if (!leave.signal.aborted) {
      leave.abort();
      say(`${signal}: skipping the clean-up`);
    }
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return {
    stop: stop.signal,
    leaveWritten: leave.signal,
    received: () => first,
    dispose: () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
    },
  };
}
