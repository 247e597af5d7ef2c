/**
 * The mock the run attacks, in its own process as the bench starts it (`../bench/servers.ts`): the built
 * command by default, or the sources through tsx (`--source`, and the slice inside `npm test`, which must
 * not build `dist/`). Its resident memory is read from /proc, since it is a child process.
 */
import { residentMb, startMock, startProcess, type RunningServer } from '../bench/servers.js';
import type { ServerUnderTest } from './hostile-run.js';

export interface MockUnderFuzz extends ServerUnderTest {
  stop(): Promise<void>;
}

/** Only failures are logged: a run of 100,000 requests would otherwise write a line for each. */
const MOCK_ARGS = ['--log-level', 'error'];

export async function startMockUnderFuzz(from: 'built' | 'source'): Promise<MockUnderFuzz> {
  const server: RunningServer =
    from === 'built'
      ? await startMock(MOCK_ARGS)
      : await startProcess(
          ['--import', 'tsx', 'bin/catalog-contract.ts', 'mock', '--port', '0', ...MOCK_ARGS],
          '/__mock/health',
        );
  const pid = server.process.pid as number;
  return {
    url: server.url,
    residentMb: () => residentMb(pid).now,
    exited: () => server.process.exitCode !== null || server.process.signalCode !== null,
    stop: () => server.stop(),
  };
}
