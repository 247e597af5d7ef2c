/** Runs `catalog-contract operations` and `wait-indexed` through their entry functions, capturing what they print. */
import { vi } from 'vitest';
import { runOperationsCli } from '../../bin/operations.js';
import { runWaitIndexed } from '../../bin/wait-indexed.js';

async function captured(run: () => Promise<number>): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  try {
    return { code: await run(), out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

export const runOperations = (argv: string[]) => captured(() => runOperationsCli(argv));
export const runWaitIndexedCli = (argv: string[]) => captured(() => runWaitIndexed(argv));
