/**
 * Bad numeric options at start-up: `catalog-contract mock` given a number its timer or type cannot hold
 * (`--latency 99999999999999999999` was accepted, the delay becoming 1 ms) must exit non-zero with a line
 * naming the option, and never listen. Each draw starts the command once, so a run makes a few (the
 * seed picks which), not one per request.
 */
import { spawn } from 'node:child_process';
import { packageRoot } from '../../spec/package-root.js';
import type { Seeded } from './seeded.js';

const NUMERIC_OPTIONS = [
  '--latency',
  '--task-delay-ms',
  '--journal-size',
  '--max-sessions',
  '--index-lag-ms',
  '--port',
];
const BAD_VALUES = [
  '99999999999999999999',
  '1e12',
  '1e400',
  '-1',
  '1.5',
  '2147483648',
  'NaN',
  'Infinity',
  '0x10',
  '12abc',
];

/** How one start with a bad option ended: `served` (it listened), or refused with or without naming the option. */
export interface BadOptionStart {
  option: string;
  value: string;
  outcome: 'served' | 'refused' | 'refused-unnamed';
  code: number | null;
  /** The first line it printed. */
  line: string;
}

/** How the command ended: its exit code and output, or `listening` when it started serving (then stopped). */
function startOnce(command: string[]): Promise<{ code: number | null; output: string; listening: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let listening = false;
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (!listening && /listening on http/.test(output)) {
        listening = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => resolve({ code, output, listening }));
  });
}

/** `count` bad option values drawn from the seed, each given to one start of `command` (`mockCommand`). */
export async function startWithBadOptions(command: string[], rng: Seeded, count: number): Promise<BadOptionStart[]> {
  const starts: BadOptionStart[] = [];
  for (let i = 0; i < count; i++) {
    const option = rng.pick(NUMERIC_OPTIONS);
    const value = rng.pick(BAD_VALUES);
    // --port 0 comes first in the command: a later --port replaces it.
    const ended = await startOnce([...command, option, value]);
    const outcome =
      ended.listening || ended.code === 0 ? 'served' : ended.output.includes(option) ? 'refused' : 'refused-unnamed';
    starts.push({ option, value, outcome, code: ended.code, line: ended.output.trim().split('\n')[0] ?? '' });
  }
  return starts;
}
