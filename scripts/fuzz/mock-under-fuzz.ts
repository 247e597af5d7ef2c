/**
 * The mock the run attacks, in its own process as the bench starts it (`../bench/servers.ts`): the built
 * command by default, or the sources through tsx (`--source`, and the slice inside `npm test`, which must
 * not build `dist/`). Its resident memory is read from /proc, since it is a child process.
 */
import { builtCli, residentMb, startProcess } from '../bench/servers.js';
import type { ServerUnderTest } from './hostile-run.js';

export type MockFrom = 'built' | 'source';

export interface MockUnderFuzz extends ServerUnderTest {
  stop(): Promise<void>;
}

/** The node arguments that run `catalog-contract mock` on a free port, built or from source. */
export function mockCommand(from: MockFrom): string[] {
  const cli = from === 'built' ? [builtCli()] : ['--import', 'tsx', 'bin/catalog-contract.ts'];
  return [...cli, 'mock', '--port', '0'];
}

/**
 * The request budget the mock under fuzz works to, a third of its default: the requests that run to it
 * prove as much in less time (a run's requests go one at a time).
 */
export const MOCK_BUDGET_MS = 1_000;

/**
 * The bytes each session's journal keeps, a sixteenth of the default: enough for several of the deepest
 * bodies, so that `admin.journal` still lists them, without writing megabytes per listing.
 */
const MOCK_JOURNAL_BYTES = '1mb';

/** Only failures are logged: a run of 100,000 requests would otherwise write a line for each. */
const MOCK_ARGS = [
  ['--log-level', 'error'],
  ['--request-budget-ms', String(MOCK_BUDGET_MS)],
  ['--journal-bytes', MOCK_JOURNAL_BYTES],
].flat();

/** How long a stopped server has to end before it is killed. */
const STOP_GRACE_MS = 5_000;

export async function startMockUnderFuzz(from: MockFrom): Promise<MockUnderFuzz> {
  const server = await startProcess([...mockCommand(from), ...MOCK_ARGS], '/__mock/health');
  const pid = server.process.pid as number;
  return {
    url: server.url,
    residentMb: () => residentMb(pid).now,
    exited: () => server.process.exitCode !== null || server.process.signalCode !== null,
    // A server held by a request cannot run its SIGTERM handler: after a grace period it is killed.
    stop: async () => {
      const kill = setTimeout(() => server.process.kill('SIGKILL'), STOP_GRACE_MS);
      await server.stop();
      clearTimeout(kill);
    },
  };
}
