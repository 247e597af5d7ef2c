/**
 * The conformance suite: wall time of a full run (--allow-writes --allow-destructive, every address
 * form) against a freshly started mock, through the CLI as a user runs it.
 */
import { spawnSync } from 'node:child_process';
import { packageRoot } from '../../spec/package-root.js';
import { median } from './load.js';
import { below, type BenchRow } from './rows.js';
import { builtCli, startMock } from './servers.js';

export async function benchConformance(runs: number): Promise<BenchRow[]> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const mock = await startMock([]);
    try {
      const started = performance.now();
      const run = spawnSync(
        process.execPath,
        [
          builtCli(),
          'conformance',
          '--base-url',
          mock.url,
          '--token',
          'admin-token',
          '--reader-token',
          'reader-token',
          '--allow-writes',
          '--allow-destructive',
        ],
        { cwd: packageRoot(), encoding: 'utf8' },
      );
      if (run.status !== 0)
        throw new Error(`the conformance run failed against the mock:\n${run.stdout}\n${run.stderr}`);
      times.push((performance.now() - started) / 1000);
    } finally {
      await mock.stop();
    }
  }
  return [
    below('conformance suite, full run against the mock (CLI, writes and truncation allowed): s', median(times), 20, 1),
  ];
}
